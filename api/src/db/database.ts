import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query API shared by both drivers; services and repositories only ever see this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Serialises migrations when several API instances start at once against one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_240_311;

export class DatabaseLockedError extends Error {}

/**
 * PGlite must never be opened by two processes (they silently lose writes): a lock file holding
 * the owner's pid refuses a second opener while the first is alive, and is taken over when stale.
 */
function lockDataDirectory(dir: string): () => void {
  const lockFile = path.join(dir, 'beabro.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(
          `The embedded database at ${dir} is in use by another process (pid ${owner}). ` +
            'Stop that process first, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database at ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What an embedded database may start from: a dump of a data directory (`loadDataDir`), and PGlite's compiled
 * WebAssembly module and file-system bundle, which a process opening many databases (the tests) compiles and reads
 * once instead of once per database.
 */
export interface PgliteStart {
  loadDataDir?: Blob;
  pgliteWasmModule?: WebAssembly.Module;
  fsBundle?: Blob;
}

/** Embedded PostgreSQL (PGlite) in `<dataDir>/pglite`, or in memory when dataDir is null (tests). */
export async function openPglite(dataDir: string | null, options: PgliteStart = {}): Promise<Database> {
  let unlock = () => {};
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDirectory(dir);
    try {
      client = await PGlite.create({ dataDir: dir });
    } catch (error) {
      unlock();
      throw error;
    }
  } else {
    client = await PGlite.create(options);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection dropped by the server (restart, failover, an administrator) must not crash the
  // process: the pool replaces it, and a query in flight on it fails and is reported by its caller.
  pool.on('error', (error) => console.error(`[db] idle PostgreSQL connection lost: ${error.message}`));
  pool.on('connect', (client) => client.on('error', () => {}));
  // Fail at start with a clear message rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

/** Applies the generated SQL migrations in drizzle/; safe to run from several instances at once. */
export async function migrateDatabase(database: Database, url?: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
