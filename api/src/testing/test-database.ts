import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database, type PgliteStart } from '../db/database';

/**
 * What every PGlite of a test worker starts from: the migrated template's dump, PGlite's WebAssembly module compiled
 * once and its file-system bundle read once (the test files of a worker share this module: vitest.config.ts).
 */
let pgliteStart: Promise<PgliteStart> | undefined;
// @types/node declares WebAssembly's types, not its global object.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } })
  .WebAssembly;
function loadPgliteStart(): Promise<PgliteStart> {
  pgliteStart ??= (async () => {
    const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'));
    return {
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
      pgliteWasmModule: await wasm.compile(readFileSync(new URL('pglite.wasm', dist))),
      fsBundle: new Blob([readFileSync(new URL('pglite.data', dist))]),
    };
  })();
  return pgliteStart;
}

/** A database of its own for one test file: PGlite from the migrated template, or a copy of the migrated PostgreSQL template. */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') return createPostgresTestDatabase();
  return openPglite(null, await loadPgliteStart());
}

async function createPostgresTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `beabro_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 20);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
