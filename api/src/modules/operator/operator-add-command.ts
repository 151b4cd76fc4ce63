// `pnpm --filter api operator:add EMAIL` makes an existing account an operator; `--remove` takes it away.
// Both are written to the audit log (actor "command line"). Runs on the configured database (DATABASE_URL, or
// the embedded one in DATA_DIR, which must not be open in a running server). Exit code 1 when nothing changed.
import { mkdir } from 'node:fs/promises';
import { loadConfig } from '../../config/env';
import { openDatabaseForConfig } from '../../seed/open-database-for-config';
import { describeOperatorChange, setOperator } from './operator-accounts';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const remove = args.includes('--remove');
const emails = args.filter((arg) => !arg.startsWith('--'));
const email = emails[0];
if (!email || emails.length > 1) {
  console.error('Usage: pnpm --filter api operator:add EMAIL [--remove]');
  process.exit(1);
}
try {
  const config = { ...loadConfig(), seedDemoData: false };
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabaseForConfig(config);
  try {
    const change = await setOperator(database.db, email, remove);
    console.info(describeOperatorChange(change));
    process.exitCode = change.kind === 'added' || change.kind === 'removed' ? 0 : 1;
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
