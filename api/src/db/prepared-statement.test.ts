import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { Database } from './database';
import { eq } from 'drizzle-orm';
import { sandboxPaymentMethods } from './schema';
import { insertPrepared, preparedStatement, rowOf, runPrepared, toDate, updatePrepared } from './prepared-statement';

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
  it('run with the same parameters and answers on the pool, PGlite, and a transaction on either', async () => {
    const expected = { next: 42, text: 'it’s $2 not a marker', flag: true, missing: true, total: 3, twice: 82 };
    for (let i = 0; i < 3; i++) {
      const [row] = await runPrepared(database.db, ECHO, values);
      expect(row).toMatchObject(expected);
      expect(toDate(row?.at).toISOString()).toBe('2026-03-04T05:06:07.000Z');
    }
    const inTransaction = await database.db.transaction(async (tx) => runPrepared(tx, ECHO, values));
    expect(inTransaction[0]).toMatchObject(expected);
    expect(inTransaction[0]?.at).toBeInstanceOf(Date);
    expect(toDate(inTransaction[0]?.at).toISOString()).toBe('2026-03-04T05:06:07.000Z');
  });

  it('insert and update rows of a table and read them back exactly as drizzle reads them', async () => {
    const db = database.db;
    const token = `pm_prepared_${Date.now()}`;
    const createdAt = new Date('2026-05-06T07:08:09.123Z');
    try {
      const [inserted] = await db.transaction((tx) =>
        insertPrepared(
          tx,
          sandboxPaymentMethods,
          { token, brand: 'Visa', last4: '4242', behaviour: 'succeed', fingerprint: null, createdAt },
          'returning *',
        ),
      );
      const [viaDrizzle] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.token, token));
      expect(rowOf(sandboxPaymentMethods, inserted)).toEqual(viaDrizzle);
      expect(viaDrizzle).toMatchObject({ createdAt, detachedAt: null, fingerprint: null });

      const detachedAt = new Date('2026-05-07T00:00:00.000Z');
      const [updated] = await updatePrepared(db, sandboxPaymentMethods, 'token', token, { detachedAt, last4: '0002' });
      const [json] = await runPrepared(
        db,
        preparedStatement(
          'test_prepared_row_json',
          'select row_to_json(m) as row from sandbox_payment_methods m where token = $1',
        ),
        [token],
      );
      const [afterUpdate] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.token, token));
      expect(afterUpdate).toMatchObject({ detachedAt, last4: '0002', createdAt });
      expect(rowOf(sandboxPaymentMethods, updated)).toEqual(afterUpdate);
      expect(rowOf(sandboxPaymentMethods, json?.row)).toEqual(afterUpdate);
      expect(await updatePrepared(db, sandboxPaymentMethods, 'token', 'pm_nobody', { last4: '1111' })).toEqual([]);
    } finally {
      await db.delete(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.token, token));
    }
  });

  it('refuses one name declared with two texts', () => {
    expect(preparedStatement('test_prepared_echo', ECHO.text)).toEqual(ECHO);
    expect(() => preparedStatement('test_prepared_echo', 'select 1')).toThrow('declared twice');
  });
});
