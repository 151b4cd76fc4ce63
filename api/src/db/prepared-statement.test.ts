import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { Database } from './database';
import { preparedStatement, runPrepared, toDate } from './prepared-statement';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const ECHO = preparedStatement(
  'test_prepared_echo',
  `select $1::int + 1 as next, $2::text as text, $3::boolean as flag, $4::timestamptz as at, $5::text is null as missing,
    (select sum(x.n)::int from jsonb_to_recordset($6::jsonb) as x(n int)) as total, $1::int * 2 as twice`,
);
const values = [
  41,
  'it’s $2 not a marker',
  true,
  '2026-03-04T05:06:07.000Z',
  null,
  JSON.stringify([{ n: 1 }, { n: 2 }]),
];

describe('prepared statements', () => {
  it('run with the same parameters and answers on the pool, PGlite, and a transaction handle (through drizzle)', async () => {
    const expected = { next: 42, text: 'it’s $2 not a marker', flag: true, missing: true, total: 3, twice: 82 };
    for (let i = 0; i < 3; i++) {
      const [row] = await runPrepared(database.db, ECHO, values);
      expect(row).toMatchObject(expected);
      expect(toDate(row?.at).toISOString()).toBe('2026-03-04T05:06:07.000Z');
    }
    const inTransaction = await database.db.transaction(async (tx) => runPrepared(tx, ECHO, values));
    expect(inTransaction[0]).toMatchObject(expected);
    expect(toDate(inTransaction[0]?.at).toISOString()).toBe('2026-03-04T05:06:07.000Z');
  });

  it('refuses one name declared with two texts', () => {
    expect(preparedStatement('test_prepared_echo', ECHO.text)).toEqual(ECHO);
    expect(() => preparedStatement('test_prepared_echo', 'select 1')).toThrow('declared twice');
  });
});
