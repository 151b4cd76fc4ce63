import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config/env';
import { migrateDatabase, openPglite, openPostgres, type Database } from '../db/database';
import { users } from '../db/schema';
import { DEMO_PASSWORD, DEMO_SUPPORTER_EMAIL, seedDemoData, type SeedResult } from './seed-demo-data';

export interface OpenDatabaseOptions {
  /** Where the one-line "demo data loaded" notice goes; silent when LOG_LEVEL is silent. */
  log?: (message: string) => void;
}

/**
 * The demo data goes into an embedded database on its first start only: never into a PostgreSQL
 * server (that is someone's real data), never when SEED_DEMO_DATA=false, never once anyone signed up.
 */
export async function seedDemoDataOnFirstStart(database: Database, config: AppConfig): Promise<SeedResult | null> {
  if (config.databaseUrl || !config.seedDemoData) return null;
  const [row] = await database.db
    .select({ any: sql<number>`1`.mapWith(Number) })
    .from(users)
    .limit(1);
  if (row) return null;
  return seedDemoData(database.db);
}

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR; migrated (and seeded on first start) either way. */
export async function openDatabaseForConfig(config: AppConfig, options: OpenDatabaseOptions = {}): Promise<Database> {
  const log = options.log ?? ((message: string) => config.logLevel !== 'silent' && console.info(message));
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrateDatabase(database, config.databaseUrl ?? undefined);
    const seeded = await seedDemoDataOnFirstStart(database, config);
    if (seeded?.seeded) {
      log(
        `Loaded demo data: ${seeded.creators} creators and ${seeded.supports} supports. Sign in as ${DEMO_SUPPORTER_EMAIL} / ${DEMO_PASSWORD}.`,
      );
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
