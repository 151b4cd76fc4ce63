// `pnpm --filter api reconcile [--date YYYY-MM-DD]`: compares the payment provider's balance transactions of a UTC day
// (default: yesterday) with the ledger of the configured database (DATABASE_URL, or the embedded one in DATA_DIR, which
// must not be open in a running server), stores the run and prints every unexplained difference. Exit code 1 when
// there is one (docs/operations.md).
import { mkdir } from 'node:fs/promises';
import { loadConfig, resolveAppSecret } from '../../config/env';
import { openDatabaseForConfig } from '../../seed/open-database-for-config';
import { createJobPaymentProvider } from '../payments/configured-provider';
import { formatReconciliation, previousUtcDay, reconcile, utcDay } from './reconciliation-service';

const USAGE = 'Usage: pnpm --filter api reconcile [--date YYYY-MM-DD]';

function parsePeriod(argv: string[], now: Date): { from: Date; to: Date } {
  const args = argv.filter((a) => a !== '--');
  const inline = args.find((a) => a.startsWith('--date='));
  const at = args.indexOf('--date');
  const unknown = args.filter((a, i) => a !== '--date' && !a.startsWith('--date=') && !(at >= 0 && i === at + 1));
  if (unknown.length > 0) throw new Error(`Unknown argument ${unknown[0]}\n${USAGE}`);
  const value = inline ? inline.slice('--date='.length) : at >= 0 ? args[at + 1] : undefined;
  if (inline === undefined && at < 0) return previousUtcDay(now);
  try {
    return utcDay(value ?? '');
  } catch {
    throw new Error(`--date needs a day, e.g. 2026-12-05\n${USAGE}`);
  }
}

try {
  const now = new Date();
  const period = parsePeriod(process.argv.slice(2), now);
  const config = { ...loadConfig(), seedDemoData: false };
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabaseForConfig(config);
  let ok = false;
  try {
    const provider = createJobPaymentProvider(config, database.db, resolveAppSecret(config), now);
    const result = await reconcile(database.db, provider, period, now);
    console.info(formatReconciliation(result));
    ok = result.ok;
  } finally {
    await database.close();
  }
  process.exit(ok ? 0 : 1);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
