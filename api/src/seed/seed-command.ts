// `pnpm --filter api db:seed`: loads the demo data into the configured database (DATABASE_URL, or
// the embedded one in DATA_DIR). Safe to run again: it skips when the demo accounts already exist.
import { mkdir } from 'node:fs/promises';
import { loadConfig } from '../config/env';
import { openDatabaseForConfig } from './open-database-for-config';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, DEMO_SUPPORTER_EMAIL, seedDemoData } from './seed-demo-data';

try {
  // Opened without the automatic first-start seed, so this command reports what it did itself.
  const config = { ...loadConfig(), seedDemoData: false };
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabaseForConfig(config);
  try {
    const result = await seedDemoData(database.db);
    console.info(
      result.seeded
        ? `Loaded demo data: ${result.creators} creators and ${result.supports} supports. ` +
            `Every demo account (${DEMO_SUPPORTER_EMAIL}, <username>@${DEMO_EMAIL_DOMAIN}) signs in with "${DEMO_PASSWORD}".`
        : 'The demo data is already in this database; nothing to do.',
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
