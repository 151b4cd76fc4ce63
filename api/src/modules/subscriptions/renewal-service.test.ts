import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { calculateFees } from '@beabro/shared/money/fees';
import {
  creatorProfiles,
  emailOutbox,
  paymentAttempts,
  sandboxCharges,
  subscriptionCharges,
  subscriptions,
  supports,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  checkoutBody,
  DECLINES_RENEWALS_CARD,
  moneyDeps,
  SUCCEEDING_CARD,
  paySupport,
} from '../checkout/checkout-test-factories';
import { checkLedgerIntegrity } from '../ledger/integrity-service';
import { updateSandboxPaymentMethodBehaviour } from '../payments/sandbox/sandbox-repository';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { addMonthsClamped } from './subscription-periods';
import { renewSubscription, runRenewals } from './renewal-service';
import { cancelByLink } from './subscriptions-service';
import { signCancelToken } from './subscription-link';
import type { MoneyDeps } from '../payments/money-deps';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const HOUR = 3_600_000;
let ipCounter = 0;

/** A monthly support started at `at` through the real checkout. */
async function startMonthly(at: Date, card = SUCCEEDING_CARD, amount = 25) {
  const creator = await fakeCreator(db(), { displayName: 'Green Streets' });
  const deps = moneyDeps(t, at);
  const body = checkoutRequestSchema.parse(checkoutBody({ isRecurring: true, amount }));
  const receipt = await paySupport(deps, creator.username, body, null, `10.77.0.${++ipCounter}`, card);
  const [sub] = await db()
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, receipt.subscriptionId ?? ''));
  if (!sub) throw new Error('no subscription');
  return { creator, receipt, sub, email: body.email };
}

const depsAt = (at: Date): MoneyDeps => ({ ...moneyDeps(t, at), log: () => {} });
/** One subscription's renewal at `at`: other tests' subscriptions may be due then too. */
const renew = (id: string, at: Date) => renewSubscription(depsAt(at), id, at);

async function chargesOf(subscriptionId: string) {
  return db()
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscriptionId))
    .orderBy(subscriptionCharges.periodNumber);
}

async function supportsOf(subscriptionId: string) {
  return db().select().from(supports).where(eq(supports.subscriptionId, subscriptionId)).orderBy(supports.createdAt);
}

async function sandboxChargesFor(paymentMethodToken: string) {
  return db().select().from(sandboxCharges).where(eq(sandboxCharges.paymentMethodToken, paymentMethodToken));
}

async function emailKinds(to: string) {
  const rows = await db()
    .select({ kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(emailOutbox.createdAt);
  return rows.map((r) => r.kind);
}

async function getSub(id: string) {
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error('gone');
  return row;
}

describe('renewals', () => {
  it('charges a due subscription once, however often the job runs for that period', async () => {
    const start = new Date('2027-01-31T12:00:00Z');
    const { sub, email } = await startMonthly(start);
    expect(sub.currentPeriodEnd.toISOString()).toBe('2027-02-28T12:00:00.000Z');

    // Not due yet: nothing happens.
    await runRenewals(depsAt(new Date('2027-02-28T11:00:00Z')), new Date('2027-02-28T11:00:00Z'));
    expect(await supportsOf(sub.id)).toHaveLength(1);

    const due = new Date('2027-02-28T13:00:00Z');
    const first = await runRenewals(depsAt(due), due);
    expect(first).toMatchObject({ renewed: 1, failed: 0, errors: 0 });
    const second = await runRenewals(depsAt(due), due);
    expect(second.renewed).toBe(0);
    // Two runs at the same moment (two instances): still one charge.
    const later = new Date('2027-03-01T00:00:00Z');
    await Promise.all([
      runRenewals(depsAt(later), later),
      runRenewals(depsAt(later), later),
      renewSubscription(depsAt(later), sub.id, later),
    ]);

    const paid = await supportsOf(sub.id);
    expect(paid.map((s) => [s.isRenewal, s.amountCents])).toEqual([
      [false, 2_500],
      [true, 2_500],
    ]);
    expect(paid[1]).toMatchObject({ ...calculateFees(2_500, 'usd'), isRecurring: true, message: '' });
    expect(await sandboxChargesFor(sub.paymentMethodToken)).toHaveLength(2);
    const renewed = await getSub(sub.id);
    expect(renewed).toMatchObject({ status: 'active', periodNumber: 1, failedAttempts: 0 });
    expect(renewed.currentPeriodStart.toISOString()).toBe('2027-02-28T12:00:00.000Z');
    // Counted from the anchor: back to the 31st after February.
    expect(renewed.currentPeriodEnd.toISOString()).toBe('2027-03-31T12:00:00.000Z');
    expect((await chargesOf(sub.id)).map((c) => [c.periodNumber, c.status])).toEqual([
      [0, 'succeeded'],
      [1, 'succeeded'],
    ]);
    expect(await emailKinds(email)).toEqual(['support-receipt', 'renewal-receipt']);
    const [receipt] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'renewal-receipt')));
    expect(receipt?.textBody).toContain('renews on March 31, 2027');
    expect(receipt?.textBody).toMatch(/\/subscriptions\/cancel\?token=/);
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
  });

  it('after a long outage charges the current month once instead of every missed month', async () => {
    const { sub } = await startMonthly(new Date('2027-01-10T00:00:00Z'));
    const now = new Date('2027-04-20T00:00:00Z');
    expect(await renew(sub.id, now)).toBe('renewed');
    const renewed = await getSub(sub.id);
    expect(renewed.periodNumber).toBe(3);
    expect(renewed.currentPeriodStart.toISOString()).toBe('2027-04-10T00:00:00.000Z');
    expect(await supportsOf(sub.id)).toHaveLength(2);
  });

  it('retries a refused renewal after 1, 3 and 5 days, emailing each time, then lapses', async () => {
    const start = new Date('2027-05-01T00:00:00Z');
    const { sub, email } = await startMonthly(start, DECLINES_RENEWALS_CARD);
    const due = new Date('2027-06-01T06:00:00Z');

    expect(await renew(sub.id, due)).toBe('failed');
    let row = await getSub(sub.id);
    expect(row).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(row.nextRetryAt?.toISOString()).toBe('2027-06-02T06:00:00.000Z');
    // Running again before the retry date changes nothing.
    expect(await renew(sub.id, due)).toBe('skipped');

    const day1 = new Date('2027-06-02T07:00:00Z');
    expect(await renew(sub.id, day1)).toBe('failed');
    row = await getSub(sub.id);
    expect(row.nextRetryAt?.toISOString()).toBe('2027-06-04T06:00:00.000Z');

    const day3 = new Date('2027-06-04T07:00:00Z');
    expect(await renew(sub.id, day3)).toBe('failed');
    row = await getSub(sub.id);
    expect(row).toMatchObject({ status: 'past_due', failedAttempts: 3 });
    expect(row.nextRetryAt?.toISOString()).toBe('2027-06-06T06:00:00.000Z');

    const day5 = new Date('2027-06-06T07:00:00Z');
    expect(await renew(sub.id, day5)).toBe('lapsed');
    row = await getSub(sub.id);
    expect(row).toMatchObject({ status: 'lapsed', failedAttempts: 4, nextRetryAt: null });
    expect(row.endedAt?.toISOString()).toBe(day5.toISOString());
    expect(await renew(sub.id, new Date('2027-08-01T00:00:00Z'))).toBe('skipped');

    expect((await chargesOf(sub.id)).map((c) => [c.periodNumber, c.status, c.attemptCount])).toEqual([
      [0, 'succeeded', 1],
      [1, 'failed', 4],
    ]);
    const attempts = await db()
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.subscriptionId, sub.id), eq(paymentAttempts.purpose, 'renewal')));
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(await supportsOf(sub.id)).toHaveLength(1);
    expect(await emailKinds(email)).toEqual([
      'support-receipt',
      'renewal-failed',
      'renewal-failed',
      'renewal-failed',
      'subscription-lapsed',
    ]);
    const [failed] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'renewal-failed')));
    expect(failed?.textBody).toContain('Your card was declined.');
    expect(failed?.textBody).toContain('we will try again on June 2, 2027');
    // The way out: replace the card (charged at once) from the receipt link's card section, signed out.
    expect(failed?.textBody).toMatch(
      /Update card and retry: https:\/\/beabro\.test\/subscriptions\/cancel\?token=\S+#card/,
    );
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
  });

  it('a retry that succeeds renews the month that failed and clears the failures', async () => {
    const { sub } = await startMonthly(new Date('2027-05-01T00:00:00Z'), DECLINES_RENEWALS_CARD);
    const due = new Date('2027-06-01T06:00:00Z');
    await renew(sub.id, due);
    // The supporter fixed their card.
    await updateSandboxPaymentMethodBehaviour(db(), sub.paymentMethodToken, 'succeed');
    const day1 = new Date('2027-06-02T07:00:00Z');
    expect(await renew(sub.id, day1)).toBe('renewed');
    const row = await getSub(sub.id);
    expect(row).toMatchObject({ status: 'active', failedAttempts: 0, nextRetryAt: null, periodNumber: 1 });
    expect(row.currentPeriodStart.toISOString()).toBe('2027-06-01T00:00:00.000Z');
    expect((await chargesOf(sub.id)).map((c) => [c.status, c.attemptCount])).toEqual([
      ['succeeded', 1],
      ['succeeded', 2],
    ]);
  });

  it('a canceled subscription ends at its period end without a charge', async () => {
    const { sub, email } = await startMonthly(new Date('2027-05-01T00:00:00Z'));
    await cancelByLink(
      db(),
      moneyDeps(t).appSecret,
      signCancelToken(moneyDeps(t).appSecret, sub.id),
      'https://beabro.test',
      new Date('2027-05-10T00:00:00Z'),
    );
    const due = new Date('2027-06-01T01:00:00Z');
    expect(await renew(sub.id, due)).toBe('ended');
    const row = await getSub(sub.id);
    expect(row).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    expect(row.endedAt?.toISOString()).toBe('2027-06-01T00:00:00.000Z');
    expect(await sandboxChargesFor(sub.paymentMethodToken)).toHaveLength(1);
    expect(await emailKinds(email)).toEqual(['support-receipt', 'subscription-canceled']);
  });

  it('canceling while a renewal is being retried ends it at once, and no retry follows', async () => {
    const { sub } = await startMonthly(new Date('2027-05-01T00:00:00Z'), DECLINES_RENEWALS_CARD);
    const due = new Date('2027-06-01T06:00:00Z');
    await renew(sub.id, due);
    const secret = moneyDeps(t).appSecret;
    await cancelByLink(
      db(),
      secret,
      signCancelToken(secret, sub.id),
      'https://beabro.test',
      new Date('2027-06-01T08:00:00Z'),
    );
    expect(await getSub(sub.id)).toMatchObject({ status: 'canceled', nextRetryAt: null });
    const later = new Date('2027-06-10T00:00:00Z');
    expect(await renew(sub.id, later)).toBe('skipped');
    expect((await chargesOf(sub.id)).map((c) => c.status)).toEqual(['succeeded', 'failed']);
  });

  it('stops when the creator is gone', async () => {
    const { sub, creator } = await startMonthly(new Date('2027-05-01T00:00:00Z'));
    await db()
      .update(creatorProfiles)
      .set({ deletedAt: new Date('2027-05-05T00:00:00Z') })
      .where(eq(creatorProfiles.userId, creator.userId));
    const due = new Date('2027-06-01T06:00:00Z');
    expect(await renew(sub.id, due)).toBe('canceled');
    expect(await getSub(sub.id)).toMatchObject({ status: 'canceled' });
    expect(await sandboxChargesFor(sub.paymentMethodToken)).toHaveLength(1);
  });

  it('a renewal that died after recording its attempt is finished with the same key on the next run', async () => {
    const { sub } = await startMonthly(new Date('2027-05-01T00:00:00Z'));
    const due = new Date('2027-06-01T06:00:00Z');
    const broken = depsAt(due);
    let messages = 0;
    const crashing: MoneyDeps = {
      ...broken,
      log: () => messages++,
      provider: {
        ...broken.provider,
        chargeOffSession: async () => {
          throw new Error('connection reset');
        },
      },
    };
    // The run survives (logs, counts, moves on); other tests' subscriptions may be due too.
    const crashed = await runRenewals(crashing, due);
    expect(crashed.errors).toBeGreaterThanOrEqual(1);
    expect(crashed.renewed).toBe(0);
    expect(messages).toBe(crashed.errors);
    const [pending] = await db()
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.subscriptionId, sub.id), eq(paymentAttempts.purpose, 'renewal')));
    expect(pending?.status).toBe('pending');

    const next = new Date('2027-06-01T07:00:00Z');
    expect(await renew(sub.id, next)).toBe('renewed');
    const attempts = await db()
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.subscriptionId, sub.id), eq(paymentAttempts.purpose, 'renewal')));
    expect(attempts.map((a) => [a.idempotencyKey, a.status])).toEqual([[pending?.idempotencyKey, 'succeeded']]);
    expect(await sandboxChargesFor(sub.paymentMethodToken)).toHaveLength(2);
  });

  it('many due subscriptions are all renewed in one run', { timeout: 120_000 }, async () => {
    const start = new Date('2027-09-01T00:00:00Z');
    const subs = await Promise.all(Array.from({ length: 12 }, () => startMonthly(start, SUCCEEDING_CARD, 5)));
    const due = addMonthsClamped(start, 1);
    const summary = await runRenewals(depsAt(new Date(due.getTime() + HOUR)), new Date(due.getTime() + HOUR));
    expect(summary.renewed).toBeGreaterThanOrEqual(12);
    const [count] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(supports)
      .where(
        and(
          eq(supports.isRenewal, true),
          sql`${supports.subscriptionId} in (${sql.join(
            subs.map((s) => sql`${s.sub.id}::uuid`),
            sql`, `,
          )})`,
        ),
      );
    expect(count?.n).toBe(12);
  });
});
