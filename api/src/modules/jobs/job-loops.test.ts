import { randomUUID } from 'node:crypto';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import {
  cardDetachments,
  emailOutbox,
  jobRuns,
  paymentAttempts,
  posts,
  refunds,
  sandboxCharges,
  subscriptions,
  supports,
} from '../../db/schema';
import { retryDelayMs } from '../../lib/retry-delay';
import { poisonedDb } from '../../testing/poisoned-db';
import { poisonedProvider } from '../../testing/poisoned-provider';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { STALE_ATTEMPT_MS } from '../checkout/checkout-service';
import {
  checkoutBody,
  insertPendingCheckoutAttempt,
  moneyDeps,
  paySupport,
  SUCCEEDING_CARD,
} from '../checkout/checkout-test-factories';
import { checkLedgerIntegrity } from '../ledger/integrity-service';
import { sendPendingPostEmails } from '../posts/post-emails';
import { fakeCreator, fakeSupport } from '../public-profile/public-profile-test-factories';
import { insertRefund } from '../refunds/refunds-repository';
import { runMonthlyReports } from '../reports/monthly-report-service';
import { recoverInterruptedRefunds, STALE_REFUND_MS } from '../refunds/refunds-service';
import { queueCardDetachment, retryCardDetachments } from '../subscriptions/card-detachments';
import { runRenewals } from '../subscriptions/renewal-service';
import { jobDefinitions } from './job-definitions';
import { monthlyReportsDue } from './job-scheduler';
import { runJob } from './run-job';

/*
 * One item a provider keeps failing on (a poisoned provider) must not hold up the others in the same run: it is logged
 * with its id, counted, and (checkouts, refunds, card detachments) put off with a growing wait, while every other item
 * of the run is done.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
let ipCounter = 0;

/** The app's dependencies at `now`, with a provider that fails for every id in `poisoned` and a log kept. */
function poisonedDeps(now: Date, poisoned: ReadonlySet<string>) {
  const base = moneyDeps(t, now);
  const logged: string[] = [];
  return {
    deps: { ...base, provider: poisonedProvider(base.provider, poisoned), log: (m: string) => logged.push(m) },
    logged,
  };
}

/** A support paid through the sandbox at `at` (one-off unless said). */
async function paid(at: Date, isRecurring = false) {
  const creator = await fakeCreator(db(), { displayName: 'Loop Creator' });
  const body = checkoutRequestSchema.parse(checkoutBody({ isRecurring, amount: 10 }));
  const receipt = await paySupport(moneyDeps(t, at), creator.username, body, null, `10.88.0.${++ipCounter}`);
  return { creator, receipt };
}

async function expectBooksBalanced() {
  expect((await checkLedgerIntegrity(db())).problems).toEqual([]);
}

describe('recover-payments: checkouts', () => {
  /** A checkout attempt a crashed process left pending, whose intent the supporter paid (the event was lost). */
  async function interruptedPaidCheckout(creatorId: string) {
    const deps = moneyDeps(t);
    const key = randomUUID();
    const attempt = await insertPendingCheckoutAttempt(db(), creatorId, key, STALE_ATTEMPT_MS + 1_000);
    const intent = await deps.provider.createIntent({
      amountCents: 700,
      currency: 'usd',
      customer: 'crashed@example.com',
      keepCard: false,
      applicationFeeCents: 35,
      destination: 'creator:test',
      description: 'test',
      metadata: {},
      idempotencyKey: `checkout:${key}`,
    });
    await db().update(paymentAttempts).set({ providerIntentId: intent.id }).where(eq(paymentAttempts.id, attempt.id));
    const method = await deps.provider.tokenizeCard(SUCCEEDING_CARD);
    if (!method.ok) throw new Error('tokenize failed');
    await deps.provider.confirmIntent(intent.id, intent.clientSecret, method.paymentMethod.id);
    return { attemptId: attempt.id, intentId: intent.id };
  }

  const attemptsOf = (ids: string[]) =>
    db().select().from(paymentAttempts).where(inArray(paymentAttempts.id, ids)).orderBy(paymentAttempts.createdAt);

  it('records every other attempt, and backs the poisoned one off', async () => {
    const creator = await fakeCreator(db());
    const first = await interruptedPaidCheckout(creator.userId);
    const bad = await interruptedPaidCheckout(creator.userId);
    const last = await interruptedPaidCheckout(creator.userId);
    const ids = [first.attemptId, bad.attemptId, last.attemptId];
    const poisoned = new Set([bad.intentId]);
    const now = new Date();
    const { deps, logged } = poisonedDeps(now, poisoned);

    // The whole job, as the scheduler runs it: it succeeds, and says one item failed.
    const outcome = await runJob(
      db(),
      'recover-payments',
      now,
      () => jobDefinitions(deps)['recover-payments'](now),
      (m) => logged.push(m),
    );
    expect(outcome).toMatchObject({ status: 'succeeded', itemErrors: 1, result: { recovered: 2, checkoutErrors: 1 } });
    expect((await attemptsOf(ids)).map((a) => a.status)).toEqual(['succeeded', 'pending', 'succeeded']);
    expect(logged).toEqual([
      expect.stringContaining(`payment attempt ${bad.attemptId} could not be recovered`),
      expect.stringContaining('job recover-payments went on past 1 failed item(s)'),
    ]);
    const [waiting] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.id, bad.attemptId));
    expect(waiting).toMatchObject({ recoveryAttempts: 1 });
    expect(waiting?.nextRecoveryAt?.getTime()).toBe(now.getTime() + retryDelayMs(1));

    // Until its wait is over, the next runs leave it alone.
    const soon = new Date(now.getTime() + retryDelayMs(1) - 1_000);
    expect(await jobDefinitions(poisonedDeps(soon, poisoned).deps)['recover-payments'](soon)).toMatchObject({
      recovered: 0,
      checkoutErrors: 0,
    });
    // Due again and still failing: the wait doubles.
    const due = new Date(now.getTime() + retryDelayMs(1));
    expect(await jobDefinitions(poisonedDeps(due, poisoned).deps)['recover-payments'](due)).toMatchObject({
      recovered: 0,
      checkoutErrors: 1,
    });
    const [again] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.id, bad.attemptId));
    expect(again).toMatchObject({ recoveryAttempts: 2 });
    expect(again?.nextRecoveryAt?.getTime()).toBe(due.getTime() + retryDelayMs(2));

    // The provider answers again: the next due run records it.
    poisoned.delete(bad.intentId);
    const later = new Date(due.getTime() + retryDelayMs(2));
    expect(await jobDefinitions(poisonedDeps(later, poisoned).deps)['recover-payments'](later)).toMatchObject({
      recovered: 1,
      checkoutErrors: 0,
    });
    expect((await attemptsOf(ids)).map((a) => a.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    await expectBooksBalanced();
  });
});

describe('recover-payments: refunds', () => {
  /** A full refund of a paid support that a crashed process left pending. */
  async function interruptedRefund() {
    const { creator, receipt } = await paid(new Date());
    const [support] = await db().select().from(supports).where(eq(supports.id, receipt.supportId));
    if (!support) throw new Error('no support');
    const refund = await insertRefund(db(), {
      id: randomUUID(),
      supportId: support.id,
      creatorId: creator.userId,
      idempotencyKey: randomUUID(),
      requestFingerprint: 'left pending by a process that died',
      amountCents: support.amountCents,
      currency: support.currency,
      reason: 'requested_by_supporter',
      note: '',
      cancelSubscription: false,
      status: 'pending',
      provider: 'sandbox',
      createdAt: new Date(Date.now() - STALE_REFUND_MS - 60_000),
    });
    if (!refund) throw new Error('no refund');
    return refund.id;
  }

  const statusesOf = async (ids: string[]) => {
    const rows = await db().select().from(refunds).where(inArray(refunds.id, ids));
    return ids.map((id) => rows.find((r) => r.id === id)?.status);
  };

  it('completes every other refund, and backs the poisoned one off', async () => {
    const ids = [await interruptedRefund(), await interruptedRefund(), await interruptedRefund()];
    const bad = ids[1] as string;
    const poisoned = new Set([bad]);
    const now = new Date();
    const { deps, logged } = poisonedDeps(now, poisoned);

    expect(await recoverInterruptedRefunds(deps)).toEqual({ recovered: 2, errors: 1 });
    expect(await statusesOf(ids)).toEqual(['succeeded', 'pending', 'succeeded']);
    expect(logged).toEqual([expect.stringContaining(`refund ${bad} could not be recovered`)]);
    const [waiting] = await db().select().from(refunds).where(eq(refunds.id, bad));
    expect(waiting).toMatchObject({ recoveryAttempts: 1 });
    expect(waiting?.nextRecoveryAt?.getTime()).toBe(now.getTime() + retryDelayMs(1));

    // Not due yet: left alone, even by a run with the provider back.
    poisoned.delete(bad);
    const soon = new Date(now.getTime() + retryDelayMs(1) - 1_000);
    expect(await recoverInterruptedRefunds(poisonedDeps(soon, poisoned).deps)).toEqual({ recovered: 0, errors: 0 });
    const due = new Date(now.getTime() + retryDelayMs(1));
    expect(await recoverInterruptedRefunds(poisonedDeps(due, poisoned).deps)).toEqual({ recovered: 1, errors: 0 });
    expect(await statusesOf(ids)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    await expectBooksBalanced();
  });
});

describe('recover-payments: card detachments', () => {
  it('detaches every other card, and retries the poisoned one later', async () => {
    const { receipt } = await paid(new Date(), true);
    const subscriptionId = receipt.subscriptionId ?? '';
    const provider = moneyDeps(t).provider;
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const method = await provider.tokenizeCard(SUCCEEDING_CARD);
      if (!method.ok) throw new Error('tokenize failed');
      tokens.push(method.paymentMethod.id);
    }
    const queuedAt = new Date();
    for (const token of tokens)
      await queueCardDetachment(db(), { provider: 'sandbox', token }, subscriptionId, queuedAt);
    const bad = tokens[1] as string;
    const poisoned = new Set([bad]);
    const due = new Date(queuedAt.getTime() + retryDelayMs(1));
    const { deps, logged } = poisonedDeps(due, poisoned);

    expect(await retryCardDetachments(deps, due)).toEqual({
      cardsDetached: 2,
      cardDetachesRetrying: 1,
      cardDetachErrors: 0,
    });
    const statuses = async () => {
      const rows = await db().select().from(cardDetachments).where(inArray(cardDetachments.paymentMethodToken, tokens));
      return tokens.map((token) => rows.find((r) => r.paymentMethodToken === token)?.status);
    };
    expect(await statuses()).toEqual(['detached', 'pending', 'detached']);
    expect(logged).toEqual([expect.stringContaining(`the card ${bad} replaced on monthly support ${subscriptionId}`)]);

    poisoned.delete(bad);
    const later = new Date(due.getTime() + retryDelayMs(1));
    expect(await retryCardDetachments(poisonedDeps(later, poisoned).deps, later)).toMatchObject({ cardsDetached: 1 });
    expect(await statuses()).toEqual(['detached', 'detached', 'detached']);
    // Its monthly support ends here, so no other test renews it.
    await db().update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, subscriptionId));
  });
});

describe('renewals', () => {
  it('renews every other subscription when one of them throws, and that one on a later run', async () => {
    const start = new Date('2027-05-10T12:00:00Z');
    const subs = [];
    for (let i = 0; i < 3; i++) {
      const { receipt } = await paid(start, true);
      const [sub] = await db()
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, receipt.subscriptionId ?? ''));
      if (!sub) throw new Error('no subscription');
      subs.push(sub);
    }
    const bad = subs[1] as (typeof subs)[number];
    // Its kept card is named by every charge of it: the provider breaks on that subscription only.
    const poisoned = new Set([bad.paymentMethodToken]);
    const due = new Date('2027-06-10T13:00:00Z');
    const { deps, logged } = poisonedDeps(due, poisoned);

    expect(await runRenewals(deps, due)).toMatchObject({ renewed: 2, errors: 1 });
    const chargesOf = async (token: string) =>
      (await db().select().from(sandboxCharges).where(eq(sandboxCharges.paymentMethodToken, token))).length;
    expect(await Promise.all(subs.map((s) => chargesOf(s.paymentMethodToken)))).toEqual([2, 1, 2]);
    expect(logged).toEqual([expect.stringContaining(`renewal of subscription ${bad.id} failed`)]);

    poisoned.delete(bad.paymentMethodToken);
    expect(await runRenewals(poisonedDeps(due, poisoned).deps, due)).toMatchObject({ renewed: 1, errors: 0 });
    expect(await Promise.all(subs.map((s) => chargesOf(s.paymentMethodToken)))).toEqual([2, 2, 2]);
    await expectBooksBalanced();
  });
});

describe('monthly-reports', () => {
  it('queues every other report when one throws, runs again until none is missing, then stops', async () => {
    const longAgo = new Date('2026-01-01T00:00:00Z');
    const creators = [
      await fakeCreator(db(), { displayName: 'Report One', createdAt: longAgo }),
      await fakeCreator(db(), { displayName: 'Report Two', createdAt: longAgo }),
      await fakeCreator(db(), { displayName: 'Report Three', createdAt: longAgo }),
    ];
    const bad = creators[1]?.userId ?? '';
    const poisoned = new Set([bad]);
    const logged: string[] = [];
    const now = new Date('2026-09-01T06:00:00Z');
    const run = (at: Date) =>
      runJob(
        db(),
        'monthly-reports',
        at,
        () => runMonthlyReports(poisonedDb(db(), poisoned), 'https://beabro.test', at, (m) => logged.push(m)),
        (m) => logged.push(m),
      );
    const reportsOf = async () => {
      const rows = await db().select().from(emailOutbox).where(like(emailOutbox.dedupeKey, 'monthly-report:%'));
      return creators.map((c) => rows.filter((r) => r.dedupeKey === `monthly-report:${c.userId}:2026-08`).length);
    };

    expect(await run(now)).toMatchObject({ status: 'succeeded', itemErrors: 1, result: { queued: 2, errors: 1 } });
    expect(await reportsOf()).toEqual([1, 0, 1]);
    expect(logged[0]).toContain(`the 2026-08 report of creator ${bad} could not be queued`);
    // A run that left a report out does not count as the month's run: the next hour's tick runs again.
    const nextHour = new Date('2026-09-01T07:00:00Z');
    expect(await monthlyReportsDue(db(), nextHour)).toBe(true);

    poisoned.delete(bad);
    expect(await run(nextHour)).toMatchObject({ status: 'succeeded', itemErrors: 0, result: { queued: 1, errors: 0 } });
    expect(await reportsOf()).toEqual([1, 1, 1]);
    expect(await monthlyReportsDue(db(), new Date('2026-09-01T08:00:00Z'))).toBe(false);
    await db().delete(jobRuns).where(eq(jobRuns.name, 'monthly-reports'));
  });
});

describe('post-emails', () => {
  /** A published post of a new creator with one supporter, whose emails are not queued yet. */
  async function postWaitingForEmails(title: string) {
    const creator = await fakeCreator(db());
    await fakeSupport(db(), creator.userId, { supporterEmail: `${randomUUID()}@example.com` });
    const at = new Date();
    const [post] = await db()
      .insert(posts)
      .values({
        creatorId: creator.userId,
        slug: randomUUID(),
        title,
        bodyMarkdown: 'Hello.',
        bodyHtml: '<p>Hello.</p>',
        excerpt: 'Hello.',
        audience: 'everyone',
        status: 'published',
        publishedAt: at,
        emailsQueuedAt: at,
      })
      .returning();
    if (!post) throw new Error('no post');
    return post.id;
  }

  it('queues the emails of every other post when one throws, and that one on a later run', async () => {
    const ids = [
      await postWaitingForEmails('One'),
      await postWaitingForEmails('Two'),
      await postWaitingForEmails('Three'),
    ];
    const bad = ids[1] as string;
    const poisoned = new Set([bad]);
    const logged: string[] = [];
    const deps = () => ({
      db: poisonedDb(db(), poisoned),
      origin: 'https://beabro.test',
      appSecret: moneyDeps(t).appSecret,
      log: (m: string) => logged.push(m),
    });
    const done = async () => {
      const rows = await db().select().from(posts).where(inArray(posts.id, ids));
      return ids.map((id) => rows.find((r) => r.id === id)?.emailsDoneAt !== null);
    };

    expect(await sendPendingPostEmails(deps())).toEqual({ posts: 3, emails: 2, errors: 1 });
    expect(await done()).toEqual([true, false, true]);
    expect(logged).toEqual([expect.stringContaining(`the emails of post ${bad} could not be queued`)]);

    poisoned.delete(bad);
    expect(await sendPendingPostEmails(deps())).toEqual({ posts: 1, emails: 1, errors: 0 });
    expect(await done()).toEqual([true, true, true]);
  });
});
