// `pnpm --filter api jobs <name> [--now 2026-11-24T10:00:00Z]` (renewals, payouts, recover-payments, monthly-reports,
// post-emails, reconciliation): runs one job now against the configured database (DATABASE_URL, or the embedded one
// in DATA_DIR, which must not be open in a running server), with the given clock. Safe to repeat: every job is
// idempotent.
import { mkdir } from 'node:fs/promises';
import { loadConfig, resolveAppSecret } from '../../config/env';
import { openDatabaseForConfig } from '../../seed/open-database-for-config';
import { jobLinkOrigin } from '../../lib/link-origin';
import { createJobPaymentProvider } from '../payments/configured-provider';
import { jobDefinitions } from './job-definitions';
import { JOB_NAMES, runJob, type JobName } from './run-job';

const USAGE = `Usage: pnpm --filter api jobs <${JOB_NAMES.join('|')}> [--now <ISO date-time>]`;

function parseArgs(argv: string[]): { name: JobName; now: Date } {
  const args = argv.filter((a) => a !== '--');
  const name = args[0];
  if (!name || !(JOB_NAMES as readonly string[]).includes(name)) throw new Error(USAGE);
  let now = new Date();
  const at = args.indexOf('--now');
  const inline = args.find((a) => a.startsWith('--now='));
  const value = inline ? inline.slice('--now='.length) : at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 || inline) {
    now = new Date(value ?? '');
    if (!value || Number.isNaN(now.getTime()))
      throw new Error(`--now needs an ISO date-time, e.g. 2026-11-24T10:00:00Z\n${USAGE}`);
  }
  return { name: name as JobName, now };
}

try {
  const { name, now } = parseArgs(process.argv.slice(2));
  const config = { ...loadConfig(), seedDemoData: false };
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabaseForConfig(config);
  let code = 1;
  try {
    const db = database.db;
    const deps = {
      db,
      provider: createJobPaymentProvider(config, db, resolveAppSecret(config), now),
      appSecret: resolveAppSecret(config),
      origin: jobLinkOrigin(config),
      now: () => now,
    };
    const outcome = await runJob(db, name, now, () => jobDefinitions(deps)[name](now));
    if (outcome.status === 'succeeded') {
      console.info(`${name} as of ${now.toISOString()}: ${JSON.stringify(outcome.result)}`);
      code = 0;
    } else if (outcome.status === 'skipped') {
      console.info(`${name} skipped: ${outcome.reason}`);
      code = 0;
    }
  } finally {
    await database.close();
  }
  process.exit(code);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
