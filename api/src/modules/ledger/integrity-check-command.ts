// `pnpm --filter api integrity-check`: proves the ledger of the configured database (DATABASE_URL,
// or the embedded one in DATA_DIR, which must not be open in a running server), and reports the last reconciliation
// with the payment provider. Exit code 1 on failure, or when that reconciliation found differences.
import { mkdir } from 'node:fs/promises';
import { loadConfig } from '../../config/env';
import { openDatabaseForConfig } from '../../seed/open-database-for-config';
import { checkLedgerIntegrity, formatIntegrityReport } from './integrity-service';
import { latestReconciliation } from './reconciliation-service';

try {
  const config = { ...loadConfig(), seedDemoData: false };
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabaseForConfig(config);
  let ok = false;
  try {
    const report = await checkLedgerIntegrity(database.db);
    console.info(formatIntegrityReport(report));
    const reconciliation = await latestReconciliation(database.db);
    if (!reconciliation) console.info('Reconciliation with the payment provider: never run');
    else
      console.info(
        [
          `Reconciliation with the payment provider (last run ${reconciliation.ranAt.toISOString()}): ${reconciliation.ok ? 'OK' : 'DIFFERENCES'}`,
          ...reconciliation.differences.map((line) => `  ${line}`),
        ].join('\n'),
      );
    ok = report.ok && (reconciliation?.ok ?? true);
  } finally {
    await database.close();
  }
  process.exit(ok ? 0 : 1);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
