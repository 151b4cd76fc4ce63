import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import { resolveAppSecret } from '../../config/env';
import { signCancelToken } from '../subscriptions/subscription-link';
import { runRenewals } from '../subscriptions/renewal-service';
import {
  AUTHENTICATION_CARD,
  checkoutBody,
  DECLINED_CARD,
  moneyDeps,
  payCheckout,
  SUCCEEDING_CARD,
  type TestCard,
} from './checkout-test-factories';

/*
 * The promise of issue 27: no card number, expiry or CVC reaches our API, logs or tables. A full
 * journey (one-off and monthly checkouts, 3-D Secure approved and failed, a declined card, a refund,
 * renewals and a card replaced to recover a failed one) runs through the real routes; every request to /api/*, every log line and every row of
 * every table is then searched for the cards that were typed into the sandbox's frame.
 */

const logLines: string[] = [];
const apiBodies: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void logLines.push(line) } });
  // Every injected request, the sandbox's own event deliveries included, goes through app.inject.
  const inject = t.app.inject.bind(t.app) as (options: InjectOptions) => ReturnType<TestApp['app']['inject']>;
  (t.app as unknown as { inject: typeof inject }).inject = (options: InjectOptions) => {
    if (String(options.url).startsWith('/api/')) apiBodies.push(JSON.stringify(options.payload ?? null));
    return inject(options);
  };
});
afterAll(() => t.close());

/** The card a supporter replaces theirs with (through the sandbox's frame in setup mode). */
const NEW_CARD: TestCard = { ...SUCCEEDING_CARD, number: '5555 5555 5555 4444' };
const CARDS: TestCard[] = [SUCCEEDING_CARD, AUTHENTICATION_CARD, DECLINED_CARD, NEW_CARD];
const digits = (card: TestCard) => card.number.replace(/\s/g, '');

/** The card data as it could appear anywhere: each number with and without spaces, or a field named like one. */
function leaks(text: string): string[] {
  const found: string[] = [];
  for (const card of CARDS) {
    if (text.includes(digits(card))) found.push(digits(card));
    if (text.includes(card.number)) found.push(card.number);
  }
  for (const name of ['"cvc"', '"expMonth"', '"expYear"', '"exp_month"', '"exp_year"', '"card":{'])
    if (text.includes(name)) found.push(name);
  return found;
}

describe(`no card data reaches the API, logs or tables (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('over a full journey', async () => {
    const creator = await fakeSignedInCreator(t);
    const username = creator.profile.username;
    const client = t.client();
    const paid = async (card: TestCard, overrides = {}, approve = true) =>
      payCheckout(client, username, checkoutBody({ amount: 25, ...overrides }), card, approve);

    const oneOff = await paid(SUCCEEDING_CARD);
    expect(oneOff.statusCode).toBe(200);
    const monthly = await paid(SUCCEEDING_CARD, { isRecurring: true });
    expect(monthly.json().receipt.subscriptionId).toBeTruthy();
    const secure = await paid(AUTHENTICATION_CARD, { isRecurring: true });
    expect(secure.json().receipt.cardLast4).toBe('3184');
    const failedCheck = await paid(AUTHENTICATION_CARD, {}, false);
    expect(failedCheck.statusCode).toBe(402);
    const declined = await paid(DECLINED_CARD);
    expect(declined.statusCode).toBe(402);

    const refund = await creator.client.request({
      method: 'POST',
      url: `/api/creator/supports/${oneOff.json().receipt.supportId}/refunds`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { amountCents: 2_500, reason: 'requested_by_supporter' },
    });
    expect(refund.statusCode).toBe(201);

    const nextMonth = new Date(Date.now() + 40 * 24 * 3_600_000);
    const renewals = await runRenewals(moneyDeps(t, nextMonth), nextMonth);
    expect(renewals.renewed).toBeGreaterThanOrEqual(1);
    // The 3-D Secure card asks for the supporter off-session too: that renewal fails into the retry window.
    expect(renewals.failed).toBeGreaterThanOrEqual(1);

    // The supporter replaces that card from the receipt link: typed in the frame (setup mode), charged at once.
    const token = signCancelToken(resolveAppSecret(t.app.config), secure.json().receipt.subscriptionId as string);
    const setup = (await client.post('/api/subscriptions/card-by-link', { token })).json().setup;
    const tokenized = await client.post('/sandbox-pay/v1/payment-methods', { card: NEW_CARD });
    await client.post(`/sandbox-pay/v1/setup-intents/${setup.setupId}/confirm`, {
      clientSecret: setup.clientSecret,
      paymentMethod: tokenized.json().paymentMethod.id,
    });
    const replaced = await client.post('/api/subscriptions/card-by-link/complete', { token, setupId: setup.setupId });
    expect(replaced.json()).toMatchObject({ card: { last4: '4444' }, retry: { status: 'paid' } });

    expect(apiBodies.length).toBeGreaterThan(10);
    expect(apiBodies.flatMap(leaks)).toEqual([]);
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.flatMap(leaks)).toEqual([]);

    const db = t.database.db;
    const tables = (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    expect(tables.rows.length).toBeGreaterThan(20);
    const columns = (await db.execute(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    )) as unknown as { rows: Array<{ table_name: string; column_name: string }> };
    expect(
      columns.rows.filter((c) => /(^|_)(cvc|cvv|exp_month|exp_year|expiry|card_number|pan)$/.test(c.column_name)),
    ).toEqual([]);
    for (const { table_name } of tables.rows) {
      const rows = (await db.execute(sql.raw(`select * from "${table_name}"`))) as unknown as { rows: unknown[] };
      expect(leaks(JSON.stringify(rows.rows)), table_name).toEqual([]);
    }
  });
});
