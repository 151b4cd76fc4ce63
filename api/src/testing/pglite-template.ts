import { existsSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite } from '../db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * A fresh PGlite takes seconds to create and migrate; this does it once per run and hands every
 * test file a dump of the migrated database to load (much faster). Uncompressed: it is loaded once per test file,
 * and unpacking a gzipped dump took about a third of each load.
 */
export default async function setup(project: TestProject) {
  const file = path.join(os.tmpdir(), `beabro-pglite-template-${process.pid}.tar`);
  if (!existsSync(file)) {
    const database = await openPglite(null);
    await migrateDatabase(database);
    const client = (database.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  // Made for this run only: removed when it ends.
  return () => rmSync(file, { force: true });
}
