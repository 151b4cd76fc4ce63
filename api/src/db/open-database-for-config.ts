import type { AppConfig } from '../config/env';
import { migrateDatabase, openPglite, openPostgres, type Database } from './database';

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR; migrated either way. */
export async function openDatabaseForConfig(config: AppConfig): Promise<Database> {
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrateDatabase(database, config.databaseUrl ?? undefined);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
