import { and, eq, like } from 'drizzle-orm';
import type { OperatorLimitsResponse } from '@beabro/shared/api-schemas/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAuditLog, emailOutbox, fraudAlerts } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app';
import {
  checkoutBody,
  DECLINED_CARD,
  payCheckout,
  SUCCEEDING_CARD,
  type TestCard,
} from '../checkout/checkout-test-factories';
import { fakeOperator } from '../operator/operator-test-factories';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import {
  assertNotBlocked,
  DEFAULT_FRAUD_SETTINGS,
  FRAUD_WINDOW_SECONDS,
  listFraudAlerts,
  recordDecline,
  type FraudSettings,
} from './fraud-service';

const OPERATORS = 'ops@beabro.test';
let t: TestApp;
beforeAll(async () => {
  // The production defaults (5 per IP / card / email, 20 per creator), which the test app otherwise raises.
  t = await createTestApp({
    FRAUD_DECLINE_LIMIT: '5',
    FRAUD_DECLINE_LIMIT_PER_CREATOR: '20',
    OPERATOR_ALERT_EMAIL: OPERATORS,
  });
});
afterAll(() => t.close());

const db = () => t.database.db;

let cardCounter = 0;
/** A valid card number the sandbox does not know: declined as "test mode only", with a fingerprint of its own. */
function unknownCard(): TestCard {
  const body = `4${String(Date.now() % 1e9).padStart(9, '0')}${String(++cardCounter).padStart(5, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return { ...SUCCEEDING_CARD, number: `${body}${(10 - (sum % 10)) % 10}` };
}

async function alertsFor(key: string) {
  return db().select().from(fraudAlerts).where(eq(fraudAlerts.key, key));
}

async function declineFrom(client: TestClient, username: string, card: TestCard, email?: string) {
  const res = await payCheckout(client, username, checkoutBody(email ? { email } : {}), card);
  expect(res.statusCode, res.body).toBe(402);
}

describe('card-testing defence at checkout', () => {
  it('blocks an IP at the threshold with a 429 that says when to try again, and alerts the operators once', async () => {
    const creator = await fakeCreator(db());
    const attacker = t.client();
    for (let i = 0; i < 5; i++) await declineFrom(attacker, creator.username, unknownCard());

    const refused = await payCheckout(attacker, creator.username, checkoutBody(), SUCCEEDING_CARD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many declined payments\. For your security, payments are paused: please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Refused again: still one alert for the key.
    expect((await payCheckout(attacker, creator.username, checkoutBody())).statusCode).toBe(429);
    const alerts = await alertsFor(`ip:${attacker.ip}`);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'card_testing' });
    expect(alerts[0]?.detail).toMatch(/^5 declined payments/);
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.textBody, `%ip:${attacker.ip}%`));
    expect(mails.map((m) => m.toAddress)).toEqual([OPERATORS]);
    expect((await listFraudAlerts(db(), 100)).map((a) => a.key)).toContain(`ip:${attacker.ip}`);

    // Another visitor with another email and card pays as usual.
    const paid = await payCheckout(t.client(), creator.username, checkoutBody(), SUCCEEDING_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('shows a blocked key to the operator, who unblocks it: it pays at once, and a new burst alerts again', async () => {
    const creator = await fakeCreator(db());
    const attacker = t.client();
    const key = `ip:${attacker.ip}`;
    for (let i = 0; i < 5; i++) await declineFrom(attacker, creator.username, unknownCard());
    expect((await payCheckout(attacker, creator.username, checkoutBody(), SUCCEEDING_CARD)).statusCode).toBe(429);

    const operator = await fakeOperator(t);
    const limits = await operator.client.get('/api/operator/limits');
    expect(limits.statusCode, limits.body).toBe(200);
    const alert = (limits.json() as OperatorLimitsResponse).fraudAlerts.find((a) => a.key === key);
    expect(alert).toMatchObject({ kind: 'card_testing', detail: expect.stringMatching(/^5 declined payments/) });
    expect(Date.parse(alert?.blockedUntil ?? '')).toBeGreaterThan(Date.now());

    const unblocked = await operator.client.post('/api/operator/limits/unblock', { key });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    const [audit] = await db()
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'limits.unblock'), eq(operatorAuditLog.target, `limit:${key}`)));
    expect(audit).toMatchObject({ actor: operator.email, before: { declinedPayments: 5 } });
    const after = (await operator.client.get('/api/operator/limits')).json() as OperatorLimitsResponse;
    expect(after.fraudAlerts.find((a) => a.key === key)?.blockedUntil).toBeNull();
    const paid = await payCheckout(attacker, creator.username, checkoutBody(), SUCCEEDING_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    // Unblocking a key with nothing to clear says so.
    expect((await operator.client.post('/api/operator/limits/unblock', { key })).statusCode).toBe(404);

    for (let i = 0; i < 5; i++) await declineFrom(attacker, creator.username, unknownCard());
    expect(await alertsFor(key)).toHaveLength(2);
  });

  it('blocks a card declined from many IPs at the card step, while other cards go through', async () => {
    // The sandbox's declining test card: the same fingerprint whoever types it.
    const creator = await fakeCreator(db());
    for (let i = 0; i < 5; i++) await declineFrom(t.client(), creator.username, DECLINED_CARD);

    // A new IP and email start a checkout; the card frame's confirm refuses the card.
    const fresh = t.client();
    const started = await fresh.post(`/api/creators/${creator.username}/supports`, checkoutBody());
    expect(started.statusCode, started.body).toBe(200);
    const { intentId, clientSecret } = started.json().payment;
    const method = await fresh.post('/sandbox-pay/v1/payment-methods', { card: DECLINED_CARD });
    const frameRefusal = await fresh.post(`/sandbox-pay/v1/intents/${intentId}/confirm`, {
      clientSecret,
      paymentMethod: method.json().paymentMethod.id,
    });
    expect(frameRefusal.statusCode).toBe(429);
    expect(frameRefusal.json().message).toMatch(/^Too many declined payments/);
    const fingerprintAlerts = (await listFraudAlerts(db(), 1000)).filter((a) => a.key.startsWith('fingerprint:'));
    expect(fingerprintAlerts).toHaveLength(1);

    const paid = await payCheckout(fresh, creator.username, checkoutBody(), SUCCEEDING_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('blocks an email declined from many IPs with many cards; another email is not affected', async () => {
    const creator = await fakeCreator(db());
    const email = `tester.${process.pid}.${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) await declineFrom(t.client(), creator.username, unknownCard(), email);
    const client = t.client();
    const refused = await payCheckout(client, creator.username, checkoutBody({ email }));
    expect(refused.statusCode).toBe(429);
    expect(await alertsFor(`email:${email}`)).toHaveLength(1);
    expect((await payCheckout(client, creator.username, checkoutBody())).statusCode).toBe(200);
  });

  it('monthly checkout is refused the same way', async () => {
    const creator = await fakeCreator(db());
    const attacker = t.client();
    for (let i = 0; i < 5; i++) await declineFrom(attacker, creator.username, unknownCard());
    const refused = await payCheckout(attacker, creator.username, checkoutBody({ isRecurring: true }));
    expect(refused.statusCode).toBe(429);
  });
});

describe('fraud-service: windows, weights and alerts', () => {
  const settings: FraudSettings = { ...DEFAULT_FRAUD_SETTINGS, log: () => undefined };
  const at = (seconds: number) => new Date(Date.UTC(2026, 5, 1) + seconds * 1000);
  let n = 0;
  const decline = (subject: { ip?: string; creatorId?: string }, seconds: number, amountCents = 500) =>
    recordDecline(db(), settings, { ...subject, ref: `ref-${++n}`, amountCents }, at(seconds));
  const blocked = (subject: { ip?: string; creatorId?: string }, seconds: number) =>
    assertNotBlocked(db(), settings, subject, at(seconds)).then(
      () => 0,
      (error: { retryAfterSeconds?: number }) => error.retryAfterSeconds ?? -1,
    );

  it('opens again once the declines leave the sliding window, and alerts again in a new window', async () => {
    const ip = '198.51.100.1';
    for (let i = 0; i < 5; i++) await decline({ ip }, i * 60);
    expect(await blocked({ ip }, 4 * 60)).toBe(FRAUD_WINDOW_SECONDS - 4 * 60);
    // The first decline leaves the window at 600 s: four remain, under the limit.
    expect(await blocked({ ip }, FRAUD_WINDOW_SECONDS - 1)).toBe(1);
    expect(await blocked({ ip }, FRAUD_WINDOW_SECONDS)).toBe(0);
    expect(await blocked({ ip: '198.51.100.2' }, 4 * 60)).toBe(0);
    expect(await alertsFor('ip:198.51.100.1')).toHaveLength(1);
    // The same decline reported again counts once.
    await recordDecline(db(), settings, { ip, ref: `ref-${n}`, amountCents: 500 }, at(FRAUD_WINDOW_SECONDS));
    expect(await blocked({ ip }, FRAUD_WINDOW_SECONDS)).toBe(0);
    for (let i = 0; i < 5; i++) await decline({ ip }, 3 * FRAUD_WINDOW_SECONDS + i);
    expect(await alertsFor('ip:198.51.100.1')).toHaveLength(2);
  });

  it('small amounts count twice, and a creator has a higher limit of its own', async () => {
    const ip = '198.51.100.3';
    for (let i = 0; i < 3; i++) await decline({ ip }, i, 200);
    expect(await blocked({ ip }, 10)).toBeGreaterThan(0);

    const creatorId = `creator-${Date.now()}`;
    for (let i = 0; i < 19; i++) await decline({ creatorId }, i);
    expect(await blocked({ creatorId }, 30)).toBe(0);
    await decline({ creatorId }, 19);
    expect(await blocked({ creatorId }, 30)).toBeGreaterThan(0);
    expect(await alertsFor(`creator:${creatorId}`)).toHaveLength(1);
  });
});
