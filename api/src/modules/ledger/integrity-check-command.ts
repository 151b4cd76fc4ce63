// `pnpm --filter api integrity-check`: proves the ledger of the configured database (DATABASE_URL,
// or the embedded one in DATA_DIR, which must not be open in a running server). Exit code 1 on failure.
import { mkdir } from 'node:fs/promises';
import { loadConfig } from '../../config/env';
import { openDatabaseForConfig } from '../../seed/open-database-for-config';
import { checkLedgerIntegrity, formatIntegrityReport } from './integrity-service';

try {
  const config = { ...loadConfig(), seedDemoData: false };
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabaseForConfig(config);
  let ok = false;
  try {
    const report = await checkLedgerIntegrity(database.db);
    console.info(formatIntegrityReport(report));
    ok = report.ok;
  } finally {
    await database.close();
  }
  process.exit(ok ? 0 : 1);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
