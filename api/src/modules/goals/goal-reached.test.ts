import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema, type CheckoutRequest } from '@beabro/shared/api-schemas/checkout';
import { refundRequestSchema } from '@beabro/shared/api-schemas/refunds';
import { creatorProfiles, emailOutbox, subscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { checkoutBody, moneyDeps, paySupport } from '../checkout/checkout-test-factories';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { refundSupport } from '../refunds/refunds-service';
import { renewSubscription } from '../subscriptions/renewal-service';
import { NO_EMAIL, outboxHtml } from '../../testing/outbox-html';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
let ip = 0;

async function creatorWithGoal(goalDollars: number, goalTitle = 'New camera') {
  return fakeCreator(db(), { displayName: 'Goal Getter', goalTitle, goalAmountCents: goalDollars * 100 });
}

async function support(username: string, amount: number, at = new Date(), overrides: Partial<CheckoutRequest> = {}) {
  return paySupport(
    moneyDeps(t, at),
    username,
    checkoutRequestSchema.parse(checkoutBody({ amount, ...overrides })),
    null,
    `10.88.${Math.floor(++ip / 250)}.${ip % 250}`,
  );
}

async function goalEmails(creatorId: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(
      and(eq(emailOutbox.kind, 'creator-goal-reached'), like(emailOutbox.dedupeKey, `goal-reached:${creatorId}:%`)),
    )
    .orderBy(emailOutbox.createdAt);
}

async function profile(creatorId: string) {
  const [row] = await db().select().from(creatorProfiles).where(eq(creatorProfiles.userId, creatorId));
  if (!row) throw new Error('no profile');
  return row;
}

describe('goal-reached email', () => {
  it('is queued with the support that first reaches the goal, not before and not again', async () => {
    const creator = await creatorWithGoal(20, 'Studio <mic>');
    await support(creator.username, 10);
    expect(await goalEmails(creator.userId)).toHaveLength(0);
    expect((await profile(creator.userId)).goalReachedAt).toBeNull();

    await support(creator.username, 15, new Date(), { name: 'Ana <b>Lee</b>' });
    const [email, ...more] = await goalEmails(creator.userId);
    expect(more).toHaveLength(0);
    expect(email?.subject).toBe('Goal reached: Studio <mic>');
    expect(email?.textBody).toContain(
      'Your goal "Studio <mic>" of $20.00 is reached. The support of $15.00 from Ana <b>Lee</b> took you over the line.',
    );
    expect(email?.textBody).toContain('https://beabro.test/settings?tab=notifications');
    expect(await outboxHtml(email ?? NO_EMAIL)).toContain('Ana &lt;b&gt;Lee&lt;/b&gt;');
    expect((await profile(creator.userId)).goalReachedAt).not.toBeNull();

    await support(creator.username, 5);
    expect(await goalEmails(creator.userId)).toHaveLength(1);
  });

  it('names no one for an anonymous support', async () => {
    const creator = await creatorWithGoal(5);
    await support(creator.username, 5, new Date(), { name: 'Secret Sam', isAnonymous: true });
    const [email] = await goalEmails(creator.userId);
    expect(email?.textBody).toContain('from an anonymous supporter');
    expect(email?.textBody).not.toContain('Secret Sam');
  });

  it('is not sent again when a refund drops under the goal and a later support crosses it again', async () => {
    const creator = await creatorWithGoal(20);
    const first = await support(creator.username, 25);
    expect(await goalEmails(creator.userId)).toHaveLength(1);
    await refundSupport(
      { ...moneyDeps(t) },
      creator.userId,
      first.supportId,
      refundRequestSchema.parse({ amountCents: 2_500, reason: 'requested_by_supporter' }),
      randomUUID(),
    );
    await support(creator.username, 10);
    await support(creator.username, 15);
    expect(await goalEmails(creator.userId)).toHaveLength(1);
  });

  it('is not sent when the goalReached setting is off', async () => {
    const creator = await creatorWithGoal(10);
    await db().update(users).set({ notifyGoalReached: false }).where(eq(users.id, creator.userId));
    await support(creator.username, 15);
    expect(await goalEmails(creator.userId)).toHaveLength(0);
  });

  it('is not sent for a goal set at or below what was already raised', async () => {
    const creator = await fakeCreator(db(), { displayName: 'No Goal Yet' });
    await support(creator.username, 30);
    await db()
      .update(creatorProfiles)
      .set({ goalTitle: 'Easy', goalAmountCents: 2_000 })
      .where(eq(creatorProfiles.userId, creator.userId));
    await support(creator.username, 5);
    expect(await goalEmails(creator.userId)).toHaveLength(0);
    expect((await profile(creator.userId)).goalReachedAt).not.toBeNull();
  });

  it('is sent again for a new goal: a changed target or title is a goal of its own', async () => {
    const creator = await creatorWithGoal(10, 'First');
    await support(creator.username, 10);
    const before = await profile(creator.userId);
    expect(before.goalReachedAt).not.toBeNull();

    await db()
      .update(creatorProfiles)
      .set({ goalAmountCents: 3_000 })
      .where(eq(creatorProfiles.userId, creator.userId));
    const raised = await profile(creator.userId);
    expect(raised.goalReachedAt).toBeNull();
    expect(raised.goalSetAt.getTime()).toBeGreaterThan(before.goalSetAt.getTime());
    await support(creator.username, 25);
    expect(await goalEmails(creator.userId)).toHaveLength(2);

    await db()
      .update(creatorProfiles)
      .set({ goalTitle: 'Second', goalAmountCents: 5_000 })
      .where(eq(creatorProfiles.userId, creator.userId));
    await support(creator.username, 15);
    const emails = await goalEmails(creator.userId);
    expect(emails.map((e) => e.subject)).toEqual([
      'Goal reached: First',
      'Goal reached: First',
      'Goal reached: Second',
    ]);
    expect(new Set(emails.map((e) => e.dedupeKey)).size).toBe(3);
  });

  it('is sent by the monthly renewal that crosses the goal', async () => {
    const creator = await creatorWithGoal(40);
    const start = new Date();
    const receipt = await support(creator.username, 25, start, { isRecurring: true });
    expect(await goalEmails(creator.userId)).toHaveLength(0);
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, receipt.subscriptionId ?? ''));
    if (!sub) throw new Error('no subscription');
    const due = new Date(sub.currentPeriodEnd.getTime() + 60_000);
    expect(await renewSubscription({ ...moneyDeps(t, due), log: () => {} }, sub.id, due)).toBe('renewed');
    const [email, ...more] = await goalEmails(creator.userId);
    expect(more).toHaveLength(0);
    expect(email?.textBody).toContain('The monthly support of $25.00 that Sam Kim renewed took you over the line.');
  });

  it('is sent once when two supports that together cross the goal are recorded at the same time', async () => {
    const creator = await creatorWithGoal(15);
    await support(creator.username, 5);
    await Promise.all([support(creator.username, 6), support(creator.username, 6)]);
    expect(await goalEmails(creator.userId)).toHaveLength(1);
  });

  it('is sent once when a new creator’s first supports arrive together and cross the goal (no rollup row yet)', async () => {
    const creator = await creatorWithGoal(5);
    await Promise.all([support(creator.username, 3), support(creator.username, 3), support(creator.username, 3)]);
    expect(await goalEmails(creator.userId)).toHaveLength(1);
    expect((await profile(creator.userId)).goalReachedAt).not.toBeNull();
  });
});
