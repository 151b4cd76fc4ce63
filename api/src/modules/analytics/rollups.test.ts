import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_DISTRIBUTION_RANGES } from '@beabro/shared/api-schemas/analytics';
import { checkoutRequestSchema, type CheckoutRequest } from '@beabro/shared/api-schemas/checkout';
import { refundRequestSchema } from '@beabro/shared/api-schemas/refunds';
import type { SessionUser } from '@beabro/shared/types/session-user';
import {
  creatorDailyRollups,
  creatorRollups,
  creatorSupporters,
  subscriptions,
  supporterIdentities,
  supports,
  users,
} from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { deleteAccount } from '../account/account-service';
import { checkoutBody, moneyDeps, paySupport } from '../checkout/checkout-test-factories';
import { checkLedgerIntegrity } from '../ledger/integrity-service';
import { getCreatorDashboard } from '../dashboards/creator-dashboard-service';
import { fakeCreator, fakeSupport } from '../public-profile/public-profile-test-factories';
import { refundSupport } from '../refunds/refunds-service';
import { renewSubscription } from '../subscriptions/renewal-service';
import { countByAmount } from './analytics-repository';
import { getCreatorAnalytics, supportDistribution } from './analytics-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
let ip = 0;

async function supportAt(
  username: string,
  at: string,
  overrides: Partial<CheckoutRequest>,
  viewer: SessionUser | null = null,
) {
  return paySupport(
    moneyDeps(t, new Date(at)),
    username,
    checkoutRequestSchema.parse(checkoutBody(overrides)),
    viewer,
    `10.77.${Math.floor(++ip / 250)}.${ip % 250}`,
  );
}

const viewerOf = (account: { user: { id: string }; email: string }): SessionUser => ({
  id: account.user.id,
  email: account.email,
  username: null,
  displayName: 'Me',
  isCreator: false,
  userType: 'supporter',
  emailVerified: true,
});

/** The integrity check's rollup findings (the first test's supports are written without ledger entries, on purpose). */
async function rollupProblems() {
  return (await checkLedgerIntegrity(db())).problems.filter((p) => p.kind === 'rollup');
}

async function expectRollupsExact() {
  expect(await rollupProblems()).toEqual([]);
}

async function totalsOf(creatorId: string) {
  const [row] = await db().select().from(creatorRollups).where(eq(creatorRollups.creatorId, creatorId));
  return row;
}

async function pairsOf(creatorId: string) {
  return db().select().from(creatorSupporters).where(eq(creatorSupporters.creatorId, creatorId));
}

describe('rollups', () => {
  it('count each amount range with the bounds of SUPPORT_DISTRIBUTION_RANGES', async () => {
    const creator = await fakeCreator(db());
    const createdAt = new Date('2026-06-10T12:00:00Z');
    for (const range of SUPPORT_DISTRIBUTION_RANGES) {
      await fakeSupport(db(), creator.userId, { amountCents: range.minCents, createdAt });
      await fakeSupport(db(), creator.userId, { amountCents: range.maxCents ?? range.minCents + 100_000, createdAt });
    }
    const [day] = await db()
      .select()
      .from(creatorDailyRollups)
      .where(eq(creatorDailyRollups.creatorId, creator.userId));
    expect([
      day?.range1Supports,
      day?.range2Supports,
      day?.range3Supports,
      day?.range4Supports,
      day?.range5Supports,
    ]).toEqual([2, 2, 2, 2, 2]);
    const from = new Date('2026-06-10T00:00:00Z');
    const to = new Date('2026-06-11T00:00:00Z');
    const fromFacts = await db()
      .select({ amountCents: supports.amountCents })
      .from(supports)
      .where(eq(supports.creatorId, creator.userId));
    expect(supportDistribution(await countByAmount(db(), creator.userId, from, to))).toEqual(
      supportDistribution(fromFacts.map((s) => ({ amountCents: s.amountCents, count: 1 }))),
    );
    await expectRollupsExact();
  });

  it('equal the recomputation after checkouts, a renewal and refunds, on the days they happened', async () => {
    const creator = await fakeCreator(db(), { country: 'US' });
    const a = await supportAt(creator.username, '2026-05-03T10:00:00Z', { amount: 20, email: 'roll-a@example.com' });
    await supportAt(creator.username, '2026-05-04T10:00:00Z', { amount: 7, email: 'roll-a@example.com' });
    await supportAt(creator.username, '2026-05-04T11:00:00Z', {
      amount: 15,
      email: 'roll-b@example.com',
      isRecurring: true,
    });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.creatorId, creator.userId));
    if (!sub) throw new Error('no subscription');
    const renewedAt = new Date(sub.currentPeriodEnd.getTime() + 60_000);
    await renewSubscription({ ...moneyDeps(t, renewedAt), log: () => {} }, sub.id, renewedAt);
    await refundSupport(
      moneyDeps(t, new Date('2026-05-20T09:00:00Z')),
      creator.userId,
      a.supportId,
      refundRequestSchema.parse({ amountCents: 500, reason: 'requested_by_supporter' }),
      randomUUID(),
    );

    expect(await totalsOf(creator.userId)).toMatchObject({
      supports: 4,
      supporters: 2,
      grossCents: 5_700,
      refundedGrossCents: 500,
      ledgerGrossCents: 5_200,
    });
    const pairs = await pairsOf(creator.userId);
    const renewed = pairs.find((p) => p.supports === 2 && p.grossCents === 3_000);
    expect(renewed?.lastCheckoutAt?.toISOString()).toBe('2026-05-04T11:00:00.000Z');
    expect(renewed?.lastSupportAt.getTime()).toBe(renewedAt.getTime());
    const [refundDay] = await db()
      .select()
      .from(creatorDailyRollups)
      .where(sql`${creatorDailyRollups.creatorId} = ${creator.userId} and ${creatorDailyRollups.day} = '2026-05-20'`);
    expect(refundDay).toMatchObject({ supports: 0, refundedGrossCents: 500, ledgerGrossCents: -500 });
    await expectRollupsExact();
  });

  it('keep a deleted account’s supports as one supporter, detached from the account and its address', async () => {
    const creator = await fakeCreator(db());
    const me = await fakeUser(t);
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, me.user.id));
    await supportAt(creator.username, '2026-04-01T10:00:00Z', { amount: 10, email: me.email }, viewerOf(me));
    await supportAt(creator.username, '2026-04-02T10:00:00Z', { amount: 10, email: me.email });
    await supportAt(creator.username, '2026-04-03T10:00:00Z', { amount: 10, email: me.email }, viewerOf(me));
    expect(await totalsOf(creator.userId)).toMatchObject({ supports: 3, supporters: 1 });

    await deleteAccount(db(), me.user.id, me.password);
    const detached = await db()
      .select({ supporterUserId: supports.supporterUserId, supporterEmail: supports.supporterEmail })
      .from(supports)
      .where(eq(supports.creatorId, creator.userId));
    expect(detached).toEqual([
      { supporterUserId: null, supporterEmail: null },
      { supporterUserId: null, supporterEmail: null },
      { supporterUserId: null, supporterEmail: null },
    ]);
    expect(await totalsOf(creator.userId)).toMatchObject({ supports: 3, supporters: 1 });
    const [pair] = await pairsOf(creator.userId);
    const [identity] = await db()
      .select()
      .from(supporterIdentities)
      .where(eq(supporterIdentities.id, pair?.supporterId ?? ''));
    expect(identity).toMatchObject({ userId: null, email: null });
    const dashboard = await getCreatorDashboard(db(), creator.userId, new Date('2026-04-10T10:00:00Z'));
    expect(dashboard.totalSupporters).toBe(1);
    await expectRollupsExact();
  });

  it('join a guest’s supports to the account that verifies the same address, not before', async () => {
    const creator = await fakeCreator(db());
    const email = `guest-then-account.${process.pid}@example.com`;
    await supportAt(creator.username, '2026-03-01T10:00:00Z', { amount: 10, email });
    await supportAt(creator.username, '2026-03-02T10:00:00Z', { amount: 12, email });
    const me = await fakeUser(t, { email });
    await supportAt(
      creator.username,
      '2026-03-10T10:00:00Z',
      { amount: 25, email },
      { ...viewerOf(me), emailVerified: false },
    );
    // Not verified yet: the guest supports may be someone else's.
    expect(await totalsOf(creator.userId)).toMatchObject({ supports: 3, supporters: 2 });
    await expectRollupsExact();

    await db()
      .update(users)
      .set({ emailVerifiedAt: new Date('2026-03-11T10:00:00Z') })
      .where(eq(users.id, me.user.id));
    expect(await totalsOf(creator.userId)).toMatchObject({ supports: 3, supporters: 1 });
    const [pair] = await pairsOf(creator.userId);
    expect(pair).toMatchObject({ supports: 3, grossCents: 4_700, firstSupportAt: new Date('2026-03-01T10:00:00Z') });
    // A later guest support with the address is the account's too.
    await supportAt(creator.username, '2026-03-12T10:00:00Z', { amount: 5, email });
    expect(await totalsOf(creator.userId)).toMatchObject({ supports: 4, supporters: 1 });
    const analytics = await getCreatorAnalytics(db(), creator.userId, '30d', new Date('2026-03-20T10:00:00Z'));
    expect(analytics.summary).toMatchObject({ supports: 4, supporters: 1, newSupporters: 1 });
    await expectRollupsExact();
  });

  it('stay exact under 50 concurrent checkouts to one creator', async () => {
    const creator = await fakeCreator(db());
    const shared = `many.${process.pid}@example.com`;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        supportAt(creator.username, `2026-02-0${1 + (i % 3)}T10:00:${String(i).padStart(2, '0')}Z`, {
          amount: 3 + (i % 40),
          email: i % 2 === 0 ? shared : `many${i}.${process.pid}@example.com`,
        }),
      ),
    );
    expect(await totalsOf(creator.userId)).toMatchObject({ supports: 50, supporters: 26 });
    expect(await pairsOf(creator.userId)).toHaveLength(26);
    await expectRollupsExact();
  });

  it('are proven by the integrity check, which names a tampered rollup', async () => {
    const creator = await fakeCreator(db());
    await supportAt(creator.username, '2026-01-05T10:00:00Z', { amount: 9 });
    const ofCreator = eq(creatorDailyRollups.creatorId, creator.userId);
    await db()
      .update(creatorDailyRollups)
      .set({ grossCents: sql`${creatorDailyRollups.grossCents} + 1` })
      .where(ofCreator);
    try {
      const problems = await rollupProblems();
      expect(problems).toEqual([expect.objectContaining({ kind: 'rollup', id: `${creator.userId} 2026-01-05` })]);
      expect(problems[0]?.detail).toMatch(
        /^creator_daily_rollups holds .*gross_cents=901 .*but the facts give .*gross_cents=900 /,
      );
    } finally {
      await db()
        .update(creatorDailyRollups)
        .set({ grossCents: sql`${creatorDailyRollups.grossCents} - 1` })
        .where(ofCreator);
    }
    await db().update(creatorSupporters).set({ supports: 2 }).where(eq(creatorSupporters.creatorId, creator.userId));
    try {
      const problems = await rollupProblems();
      expect(problems.map((p) => p.id)).toEqual([`${creator.userId} ${problems[0]?.id.split(' ')[1]}`]);
      expect(problems[0]?.detail).toMatch(/^creator_supporters holds .*supports=2 .*but the facts give .*supports=1 /);
    } finally {
      await db().update(creatorSupporters).set({ supports: 1 }).where(eq(creatorSupporters.creatorId, creator.userId));
    }
    await expectRollupsExact();
  });

  it('rebuild from the facts to the same rows (the migration’s backfill)', async () => {
    const before = await db()
      .select()
      .from(creatorSupporters)
      .orderBy(creatorSupporters.creatorId, creatorSupporters.supporterId);
    const daysBefore = await db()
      .select()
      .from(creatorDailyRollups)
      .orderBy(creatorDailyRollups.creatorId, creatorDailyRollups.day);
    await db().execute(sql`select rebuild_creator_rollups(null)`);
    expect(
      await db().select().from(creatorSupporters).orderBy(creatorSupporters.creatorId, creatorSupporters.supporterId),
    ).toEqual(before);
    expect(
      await db().select().from(creatorDailyRollups).orderBy(creatorDailyRollups.creatorId, creatorDailyRollups.day),
    ).toEqual(daysBefore);
    await expectRollupsExact();
  });
});
