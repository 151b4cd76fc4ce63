import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { Database } from './database';
import { findSqlFunctionDrift, readSqlFunctionFiles, type SqlFunctionFile } from './sql-functions';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

// The test database is a freshly migrated one (the template of src/testing/), as every start migrates.
describe('SQL functions (src/db/sql/)', () => {
  const files = readSqlFunctionFiles();

  it('are one file per function of the migrated database, each its live definition', async () => {
    expect(files.length).toBeGreaterThan(0);
    expect(await findSqlFunctionDrift(database.db, files)).toEqual([]);
  });

  it('disagree when a file differs from the database, is missing, or names no function', async () => {
    const edit = (name: string, change: (text: string) => string): SqlFunctionFile[] =>
      files.map((file) => (file.name === name ? { ...file, text: change(file.text) } : file));
    expect(
      await findSqlFunctionDrift(
        database.db,
        edit('beabro_abort', (text) => text.replace("ERRCODE = 'BB001'", "ERRCODE = 'BB002'")),
      ),
    ).toEqual([{ name: 'beabro_abort', problem: 'differs', detail: 'would change beabro_abort(message text)' }]);
    expect(
      await findSqlFunctionDrift(
        database.db,
        edit('beabro_abort', (text) => text.replace('RETURNS integer', 'RETURNS bigint')),
      ),
    ).toEqual([expect.objectContaining({ name: 'beabro_abort', problem: 'differs' })]);
    expect(
      await findSqlFunctionDrift(
        database.db,
        edit('beabro_abort', (text) => text.replace('"message" text', '"message" text, "code" text')),
      ),
    ).toEqual([
      { name: 'beabro_abort', problem: 'differs', detail: 'would add beabro_abort(message text, code text)' },
    ]);
    expect(
      await findSqlFunctionDrift(
        database.db,
        files.filter((file) => file.name !== 'forget_creator_windows'),
      ),
    ).toEqual([
      {
        name: 'forget_creator_windows',
        problem: 'no file',
        detail: 'forget_creator_windows(creator uuid, at timestamp with time zone) has no file',
      },
    ]);
    const stray = {
      name: 'not_a_function',
      text: 'CREATE OR REPLACE FUNCTION "not_a_function"() RETURNS void LANGUAGE sql AS $$ $$;',
    };
    expect(await findSqlFunctionDrift(database.db, [...files, stray])).toEqual([
      { name: 'not_a_function', problem: 'no function', detail: 'the database has no function of that name' },
    ]);
    // Nothing was left behind: every check ran in a transaction rolled back.
    expect(await findSqlFunctionDrift(database.db, files)).toEqual([]);
  });
});
