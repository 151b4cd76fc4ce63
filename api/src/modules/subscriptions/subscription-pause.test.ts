import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import {
  SUBSCRIPTION_MESSAGES,
  type PauseMonths,
  type SubscriptionDto,
} from '@beabro/shared/api-schemas/subscriptions';
import { emailOutbox, sandboxCharges, subscriptionCharges, subscriptions, supports, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { getCreatorAnalytics } from '../analytics/analytics-service';
import {
  checkoutBody,
  DECLINES_RENEWALS_CARD,
  moneyDeps,
  SUCCEEDING_CARD,
  paySupport,
} from '../checkout/checkout-test-factories';
import { checkLedgerIntegrity } from '../ledger/integrity-service';
import { getCreatorDashboard } from '../dashboards/creator-dashboard-service';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { renewSubscription, runRenewals } from './renewal-service';
import { cancelByLink, pauseSubscription, resumeSubscription } from './subscriptions-service';
import { signCancelToken } from './subscription-link';
import { CREATOR_PAUSE_NOTICE_DELAY_MINUTES } from './subscription-emails';
import { addMonthsClamped } from './subscription-periods';
import type { MoneyDeps } from '../payments/money-deps';

// Pausing a monthly support: the renewal job skips it, resumes it on time, and never charges a period twice.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const links = () => ({ appSecret: moneyDeps(t).appSecret, origin: 'https://beabro.test' });
let ipCounter = 0;

async function startMonthly(at: Date, card = SUCCEEDING_CARD) {
  const creator = await fakeCreator(db(), { displayName: 'Green Streets' });
  const body = checkoutRequestSchema.parse(checkoutBody({ isRecurring: true, amount: 25, name: 'Sam Supporter' }));
  const receipt = await paySupport(moneyDeps(t, at), creator.username, body, null, `10.78.0.${++ipCounter}`, card);
  const sub = await getSub(receipt.subscriptionId ?? '');
  return { creator, sub, email: body.email };
}

const depsAt = (at: Date): MoneyDeps => ({ ...moneyDeps(t, at), log: () => {} });
const renew = (id: string, at: Date) => renewSubscription(depsAt(at), id, at);

async function getSub(id: string) {
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error('gone');
  return row;
}

async function chargedPeriods(sub: { id: string }) {
  const rows = await db()
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, sub.id))
    .orderBy(subscriptionCharges.periodNumber);
  return rows.map((c) => [c.periodNumber, c.periodStart.toISOString(), c.status]);
}

async function providerCharges(sub: { paymentMethodToken: string }) {
  return (await db().select().from(sandboxCharges).where(eq(sandboxCharges.paymentMethodToken, sub.paymentMethodToken)))
    .length;
}

async function emailsTo(to: string, kind: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to.toLowerCase()), eq(emailOutbox.kind, kind)));
}

async function creatorEmail(creatorId: string) {
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, creatorId));
  return user?.email ?? '';
}

async function expectAppError(promise: Promise<unknown>, code: string, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code, message });
}

describe('pausing a monthly support', () => {
  it('a pause of 1 month skips exactly one charge, then the job resumes it at the boundary and charges once', async () => {
    const start = new Date('2027-01-31T12:00:00Z');
    const { sub, email, creator } = await startMonthly(start);
    const pausedAt = new Date('2027-02-10T09:00:00Z');
    const dto = await pauseSubscription(db(), sub.id, 1, links(), pausedAt);
    // Paid until 28 February; the March charge is skipped; it resumes on 31 March (counted from the anchor).
    expect(dto).toMatchObject({
      status: 'paused',
      pausedUntil: '2027-03-31T12:00:00.000Z',
      nextChargeAt: '2027-03-31T12:00:00.000Z',
      endsAt: null,
    });

    // The paid month's end passes: nothing is charged, however often the job runs.
    for (const at of [
      new Date('2027-02-28T13:00:00Z'),
      new Date('2027-03-15T00:00:00Z'),
      new Date('2027-03-31T11:59:00Z'),
    ]) {
      expect(await renew(sub.id, at)).toBe('skipped');
      await runRenewals(depsAt(at), at);
    }
    expect(await chargedPeriods(sub)).toEqual([[0, '2027-01-31T12:00:00.000Z', 'succeeded']]);
    expect(await getSub(sub.id)).toMatchObject({ status: 'paused' });

    // The pause ends: the job resumes and charges the period starting then, once, run twice or not.
    const due = new Date('2027-03-31T12:30:00Z');
    expect(await renew(sub.id, due)).toBe('renewed');
    expect(await renew(sub.id, due)).toBe('skipped');
    await runRenewals(depsAt(due), due);
    expect(await chargedPeriods(sub)).toEqual([
      [0, '2027-01-31T12:00:00.000Z', 'succeeded'],
      [2, '2027-03-31T12:00:00.000Z', 'succeeded'],
    ]);
    expect(await providerCharges(sub)).toBe(2);
    const resumed = await getSub(sub.id);
    expect(resumed).toMatchObject({ status: 'active', periodNumber: 2, pausedAt: null, pauseResumesAt: null });
    expect(resumed.currentPeriodEnd.toISOString()).toBe('2027-04-30T12:00:00.000Z');
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });

    // The supporter and the creator (new-support notifications on by default) heard of the pause.
    const [paused] = await emailsTo(email, 'subscription-paused');
    expect(paused?.textBody).toContain('It resumes by itself on March 31, 2027');
    expect(paused?.textBody).toMatch(/\/subscriptions\/cancel\?token=/);
    const [notice] = await emailsTo(await creatorEmail(creator.userId), 'creator-subscription-paused');
    expect(notice?.subject).toBe('Sam Supporter paused their monthly support');
    expect(notice?.textBody).toContain('It resumes by itself on March 31, 2027');
  });

  it('a pause of N months skips exactly N charges wherever it falls around the paid month’s end, the hourly run not yet come', async () => {
    const start = new Date('2027-05-10T08:00:00Z');
    const paidEnd = addMonthsClamped(start, 1).getTime();
    const minute = 60_000;
    // [pause made at, months, the period an unpaused support is charged for next]
    const cases: Array<[number, PauseMonths, number]> = [
      [paidEnd - 1, 1, 1],
      [paidEnd, 1, 1],
      [paidEnd + 1, 1, 1],
      [paidEnd + 59 * minute, 1, 1],
      [paidEnd + 59 * minute, 2, 1],
      [paidEnd + 59 * minute, 3, 1],
      [paidEnd - 60 * minute, 3, 1],
      // The job was down for weeks: the period running now is the one it would charge.
      [paidEnd + 40 * 86_400_000, 1, 2],
    ];
    for (const [at, months, nextDue] of cases) {
      const { sub } = await startMonthly(start);
      const resumesAt = addMonthsClamped(start, nextDue + months);
      const dto = await pauseSubscription(db(), sub.id, months, links(), new Date(at));
      expect(dto.pausedUntil, `${new Date(at).toISOString()} ${months}`).toBe(resumesAt.toISOString());
      expect(await renew(sub.id, new Date(resumesAt.getTime() - minute))).toBe('skipped');
      expect(await renew(sub.id, new Date(resumesAt.getTime() + 30 * minute))).toBe('renewed');
      // Charged for the first month and then for the period the pause ends on: the N between are skipped.
      expect((await chargedPeriods(sub)).map(([period]) => period)).toEqual([0, nextDue + months]);
    }
  });

  it('paused until resumed: resuming after the paid month makes the period running now due (charged by the next run), never free, never twice', async () => {
    const { sub, creator } = await startMonthly(new Date('2027-01-10T08:00:00Z'));
    expect(await pauseSubscription(db(), sub.id, null, links(), new Date('2027-01-20T00:00:00Z'))).toMatchObject({
      status: 'paused',
      pausedUntil: null,
      nextChargeAt: null,
    });
    // Months go by without a charge.
    await runRenewals(depsAt(new Date('2027-04-01T00:00:00Z')), new Date('2027-04-01T00:00:00Z'));
    expect(await renew(sub.id, new Date('2027-04-01T00:00:00Z'))).toBe('skipped');

    const resumedAt = new Date('2027-04-15T00:00:00Z');
    const dto = await resumeSubscription(db(), sub.id, links(), resumedAt);
    // 10 April to 10 May is the period running: due now (its start), not free.
    expect(dto).toMatchObject({ status: 'active', pausedUntil: null, nextChargeAt: '2027-04-10T08:00:00.000Z' });
    // Resuming twice changes nothing.
    expect(await resumeSubscription(db(), sub.id, links(), new Date('2027-04-15T00:30:00Z'))).toMatchObject({
      nextChargeAt: '2027-04-10T08:00:00.000Z',
    });
    const run = new Date('2027-04-15T01:00:00Z');
    expect(await renew(sub.id, run)).toBe('renewed');
    expect(await renew(sub.id, run)).toBe('skipped');
    expect(await getSub(sub.id)).toMatchObject({ status: 'active' });
    expect((await getSub(sub.id)).currentPeriodEnd.toISOString()).toBe('2027-05-10T08:00:00.000Z');

    const due = new Date('2027-05-10T09:00:00Z');
    expect(await renew(sub.id, due)).toBe('renewed');
    await runRenewals(depsAt(due), due);
    expect(await chargedPeriods(sub)).toEqual([
      [0, '2027-01-10T08:00:00.000Z', 'succeeded'],
      [3, '2027-04-10T08:00:00.000Z', 'succeeded'],
      [4, '2027-05-10T08:00:00.000Z', 'succeeded'],
    ]);
    expect(await providerCharges(sub)).toBe(3);
    const [notice] = await emailsTo(await creatorEmail(creator.userId), 'creator-subscription-resumed');
    expect(notice?.textBody).toContain('The next charge is on April 15, 2027');
  });

  it('pausing just before each charge and resuming just after never gives a month free', async () => {
    const { sub } = await startMonthly(new Date('2027-01-10T08:00:00Z'));
    for (const [pauseAt, resumeAt, runAt] of [
      ['2027-02-10T07:00:00Z', '2027-02-10T09:00:00Z', '2027-02-10T10:00:00Z'],
      ['2027-03-10T07:00:00Z', '2027-03-10T09:00:00Z', '2027-03-10T10:00:00Z'],
    ] as const) {
      await pauseSubscription(db(), sub.id, null, links(), new Date(pauseAt));
      // The renewal job passes while it is paused.
      const jobAt = new Date(pauseAt.replace('07:00', '08:30'));
      await runRenewals(depsAt(jobAt), jobAt);
      await resumeSubscription(db(), sub.id, links(), new Date(resumeAt));
      expect(await renew(sub.id, new Date(runAt))).toBe('renewed');
    }
    expect((await chargedPeriods(sub)).map(([n]) => n)).toEqual([0, 1, 2]);
  });

  it('paused and resumed within the paid month: the next charge stays at the end of that month', async () => {
    const { sub, email } = await startMonthly(new Date('2027-02-01T00:00:00Z'));
    await pauseSubscription(db(), sub.id, 3, links(), new Date('2027-02-05T00:00:00Z'));
    expect(await getSub(sub.id)).toMatchObject({ status: 'paused' });
    expect((await getSub(sub.id)).pauseResumesAt?.toISOString()).toBe('2027-06-01T00:00:00.000Z');
    const dto = await resumeSubscription(db(), sub.id, links(), new Date('2027-02-06T00:00:00Z'));
    expect(dto).toMatchObject({ status: 'active', nextChargeAt: '2027-03-01T00:00:00.000Z' });
    expect(await renew(sub.id, new Date('2027-03-01T01:00:00Z'))).toBe('renewed');
    expect(await chargedPeriods(sub)).toEqual([
      [0, '2027-02-01T00:00:00.000Z', 'succeeded'],
      [1, '2027-03-01T00:00:00.000Z', 'succeeded'],
    ]);
    const [resumed] = await emailsTo(email, 'subscription-resumed');
    expect(resumed?.textBody).toContain('is on March 1, 2027');
  });

  it('resumed by hand after a fixed pause ended but before the job ran: the period due is charged, not given free', async () => {
    const { sub } = await startMonthly(new Date('2027-01-05T00:00:00Z'));
    await pauseSubscription(db(), sub.id, 1, links(), new Date('2027-01-06T00:00:00Z'));
    const dto = await resumeSubscription(db(), sub.id, links(), new Date('2027-03-06T00:00:00Z'));
    expect(dto).toMatchObject({ status: 'active', nextChargeAt: '2027-03-05T00:00:00.000Z' });
    const at = new Date('2027-03-06T01:00:00Z');
    expect(await renew(sub.id, at)).toBe('renewed');
    expect(await renew(sub.id, at)).toBe('skipped');
    expect(await chargedPeriods(sub)).toEqual([
      [0, '2027-01-05T00:00:00.000Z', 'succeeded'],
      [2, '2027-03-05T00:00:00.000Z', 'succeeded'],
    ]);
    expect((await getSub(sub.id)).currentPeriodEnd.toISOString()).toBe('2027-04-05T00:00:00.000Z');
  });

  it('changing a pause moves its end; pausing it again with the same length changes nothing', async () => {
    const { sub, email } = await startMonthly(new Date('2027-03-03T00:00:00Z'));
    await pauseSubscription(db(), sub.id, 2, links(), new Date('2027-03-04T00:00:00Z'));
    await pauseSubscription(db(), sub.id, 2, links(), new Date('2027-03-05T00:00:00Z'));
    expect(await emailsTo(email, 'subscription-paused')).toHaveLength(1);
    const changed = await pauseSubscription(db(), sub.id, 1, links(), new Date('2027-03-06T00:00:00Z'));
    expect(changed.pausedUntil).toBe('2027-05-03T00:00:00.000Z');
    expect(await emailsTo(email, 'subscription-paused')).toHaveLength(2);
  });

  it('refuses to pause a cancelled or failing support, and to resume an ended one, with 409 messages', async () => {
    const { sub } = await startMonthly(new Date('2027-01-05T00:00:00Z'));
    await cancelByLink(
      db(),
      links().appSecret,
      signCancelToken(links().appSecret, sub.id),
      'https://beabro.test',
      new Date('2027-01-06T00:00:00Z'),
    );
    await expectAppError(
      pauseSubscription(db(), sub.id, 1, links(), new Date('2027-01-07T00:00:00Z')),
      'conflict',
      SUBSCRIPTION_MESSAGES.pauseEnded,
    );
    await renew(sub.id, new Date('2027-02-05T01:00:00Z'));
    expect(await getSub(sub.id)).toMatchObject({ status: 'canceled' });
    await expectAppError(
      resumeSubscription(db(), sub.id, links(), new Date('2027-02-06T00:00:00Z')),
      'conflict',
      SUBSCRIPTION_MESSAGES.resumeEnded,
    );

    const failing = await startMonthly(new Date('2027-01-05T00:00:00Z'), DECLINES_RENEWALS_CARD);
    expect(await renew(failing.sub.id, new Date('2027-02-05T01:00:00Z'))).toBe('failed');
    await expectAppError(
      pauseSubscription(db(), failing.sub.id, null, links(), new Date('2027-02-05T02:00:00Z')),
      'conflict',
      SUBSCRIPTION_MESSAGES.pausePastDue,
    );
    expect(await getSub(failing.sub.id)).toMatchObject({ status: 'past_due' });
  });

  it('cancelling a paused support: within the paid month it runs to its end; after it, it ends at once; nothing more is charged', async () => {
    const a = await startMonthly(new Date('2027-01-05T00:00:00Z'));
    await pauseSubscription(db(), a.sub.id, null, links(), new Date('2027-01-10T00:00:00Z'));
    const token = (id: string) => signCancelToken(links().appSecret, id);
    const early = await cancelByLink(
      db(),
      links().appSecret,
      token(a.sub.id),
      'https://beabro.test',
      new Date('2027-01-11T00:00:00Z'),
    );
    expect(early).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      endsAt: '2027-02-05T00:00:00.000Z',
      nextChargeAt: null,
      pausedUntil: null,
    });
    expect(await renew(a.sub.id, new Date('2027-02-05T01:00:00Z'))).toBe('ended');

    const b = await startMonthly(new Date('2027-01-05T00:00:00Z'));
    await pauseSubscription(db(), b.sub.id, 2, links(), new Date('2027-01-10T00:00:00Z'));
    const late = await cancelByLink(
      db(),
      links().appSecret,
      token(b.sub.id),
      'https://beabro.test',
      new Date('2027-02-20T00:00:00Z'),
    );
    expect(late).toMatchObject({ status: 'canceled', endsAt: '2027-02-20T00:00:00.000Z' });
    expect(await renew(b.sub.id, new Date('2027-04-05T01:00:00Z'))).toBe('skipped');
    for (const s of [a.sub, b.sub]) expect(await providerCharges(s)).toBe(1);
    expect(await emailsTo(b.email, 'subscription-canceled')).toHaveLength(1);
  });

  it('a renewal in flight when the supporter pauses is kept, and the pause starts after that paid month', async () => {
    const { sub } = await startMonthly(new Date('2027-01-05T00:00:00Z'));
    const due = new Date('2027-02-05T01:00:00Z');
    // The job prepares the charge; the supporter pauses before the provider answers.
    const deps = depsAt(due);
    const provider = deps.provider;
    let pause: SubscriptionDto | undefined;
    const inFlight: MoneyDeps = {
      ...deps,
      provider: {
        ...provider,
        chargeOffSession: async (request) => {
          pause = await pauseSubscription(db(), sub.id, 1, links(), due);
          return provider.chargeOffSession(request);
        },
      },
    };
    expect(await renewSubscription(inFlight, sub.id, due)).toBe('renewed');
    expect(pause?.pausedUntil).toBe('2027-04-05T00:00:00.000Z');
    const row = await getSub(sub.id);
    expect(row).toMatchObject({ status: 'paused', periodNumber: 1 });
    expect(row.currentPeriodEnd.toISOString()).toBe('2027-03-05T00:00:00.000Z');
    expect(await renew(sub.id, new Date('2027-03-05T01:00:00Z'))).toBe('skipped');
    expect(await renew(sub.id, new Date('2027-04-05T01:00:00Z'))).toBe('renewed');
    expect((await chargedPeriods(sub)).map(([n]) => n)).toEqual([0, 1, 3]);
  });
});

describe('what the creator sees of paused supports', () => {
  it('the dashboard and analytics count paused supports apart from the recurring ones', async () => {
    const creator = await fakeCreator(db(), { displayName: 'Counted' });
    const at = new Date('2027-06-01T00:00:00Z');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const body = checkoutRequestSchema.parse(checkoutBody({ isRecurring: true, amount: 10 }));
      const receipt = await paySupport(moneyDeps(t, at), creator.username, body, null, `10.79.0.${++ipCounter}`);
      ids.push(receipt.subscriptionId ?? '');
    }
    const now = new Date('2027-06-10T00:00:00Z');
    expect(await getCreatorDashboard(db(), creator.userId, now)).toMatchObject({
      recurringSupports: 3,
      pausedSupports: 0,
    });
    await pauseSubscription(db(), ids[0]!, 2, links(), now);
    expect(await getCreatorDashboard(db(), creator.userId, now)).toMatchObject({
      recurringSupports: 2,
      pausedSupports: 1,
    });
    expect((await getCreatorAnalytics(db(), creator.userId, '30d', now)).summary).toMatchObject({ pausedSupports: 1 });
    await resumeSubscription(db(), ids[0]!, links(), now);
    expect(await getCreatorDashboard(db(), creator.userId, now)).toMatchObject({
      recurringSupports: 3,
      pausedSupports: 0,
    });
  });

  it('the creator gets no email about pauses when new-support notifications are off; the supporter still does', async () => {
    const { sub, creator, email } = await startMonthly(new Date('2027-01-05T00:00:00Z'));
    await db().update(users).set({ notifyNewSupport: false }).where(eq(users.id, creator.userId));
    await pauseSubscription(db(), sub.id, 1, links(), new Date('2027-01-06T00:00:00Z'));
    await resumeSubscription(db(), sub.id, links(), new Date('2027-01-07T00:00:00Z'));
    const to = await creatorEmail(creator.userId);
    expect(await emailsTo(to, 'creator-subscription-paused')).toHaveLength(0);
    expect(await emailsTo(to, 'creator-subscription-resumed')).toHaveLength(0);
    expect(await emailsTo(email, 'subscription-paused')).toHaveLength(1);
    expect(await emailsTo(email, 'subscription-resumed')).toHaveLength(1);
    expect(await db().select().from(supports).where(eq(supports.subscriptionId, sub.id))).toHaveLength(1);
  });

  it('the creator hears nothing of a pause undone within the delay; a pause they heard of gets its resume, later', async () => {
    const { sub, creator, email } = await startMonthly(new Date('2027-06-01T08:00:00Z'));
    const to = await creatorEmail(creator.userId);
    const minute = 60_000;
    const pausedAt = new Date('2027-06-05T10:00:00Z');
    await pauseSubscription(db(), sub.id, 1, links(), pausedAt);
    const [waiting] = await emailsTo(to, 'creator-subscription-paused');
    expect(waiting?.nextAttemptAt.toISOString()).toBe(
      new Date(pausedAt.getTime() + CREATOR_PAUSE_NOTICE_DELAY_MINUTES * minute).toISOString(),
    );
    // Resumed within the delay: the waiting notice is withdrawn and no resume notice is queued.
    await resumeSubscription(db(), sub.id, links(), new Date(pausedAt.getTime() + 5 * minute));
    expect(await emailsTo(to, 'creator-subscription-paused')).toHaveLength(0);
    expect(await emailsTo(to, 'creator-subscription-resumed')).toHaveLength(0);
    // The supporter still has a confirmation of each.
    expect(await emailsTo(email, 'subscription-paused')).toHaveLength(1);
    expect(await emailsTo(email, 'subscription-resumed')).toHaveLength(1);

    // Paused again, and this notice goes out (a sender took it): the resume is news, told after the delay.
    const again = new Date(pausedAt.getTime() + 20 * minute);
    await pauseSubscription(db(), sub.id, null, links(), again);
    await db()
      .update(emailOutbox)
      .set({ attempts: 1, sentAt: new Date(again.getTime() + 10 * minute) })
      .where(and(eq(emailOutbox.toAddress, to.toLowerCase()), eq(emailOutbox.kind, 'creator-subscription-paused')));
    const resumedAt = new Date(again.getTime() + 30 * minute);
    await resumeSubscription(db(), sub.id, links(), resumedAt);
    const [resumeNotice] = await emailsTo(to, 'creator-subscription-resumed');
    expect(resumeNotice?.nextAttemptAt.toISOString()).toBe(
      new Date(resumedAt.getTime() + CREATOR_PAUSE_NOTICE_DELAY_MINUTES * minute).toISOString(),
    );
    expect(await emailsTo(to, 'creator-subscription-paused')).toHaveLength(1);
  });
});
