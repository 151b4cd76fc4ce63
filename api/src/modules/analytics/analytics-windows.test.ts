import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_PERIOD_IDS } from '@beabro/shared/api-schemas/analytics';
import { checkoutRequestSchema, type CheckoutRequest } from '@beabro/shared/api-schemas/checkout';
import { refundRequestSchema } from '@beabro/shared/api-schemas/refunds';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { creatorDailyRollups, creatorWindowCache, supports, users } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { deleteAccount } from '../account/account-service';
import { checkoutBody, moneyDeps, paySupport } from '../checkout/checkout-test-factories';
import { checkLedgerIntegrity } from '../ledger/integrity-service';
import { fakeCreator, fakeSupport } from '../public-profile/public-profile-test-factories';
import { refundSupport } from '../refunds/refunds-service';
import { analyticsWindow } from './analytics-period';
import {
  findGoalReachedAt,
  findGoalReachedAtFromFacts,
  keepWindowFigure,
  listTopSupportersFromFacts,
  markWindowFigure,
  readWindowFigure,
} from './analytics-repository';
import { getCreatorAnalytics } from './analytics-service';
import { IN_FLIGHT_MS, listTopSupporters } from './analytics-top-supporters';
import { countNewSupportersSince } from '../dashboards/dashboards-repository';

/*
 * The bounded reads of migration 0013 (per-day supporter counters, past windows kept in
 * creator_window_cache, the top supporters from a kept past plus today) against a plain recomputation
 * from the supports, over randomized supports and the changes that move supports between supporters.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY_MS = 86_400_000;
const NOW = new Date('2026-09-15T15:00:00Z');
const PERIODS = ANALYTICS_PERIOD_IDS;

/** A deterministic pseudo-random sequence (a failure replays the same supports). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** The period's figures straight from the supports. */
async function fromFacts(creatorId: string, from: Date, to: Date) {
  const window = and(
    eq(supports.creatorId, creatorId),
    sql`${supports.createdAt} >= ${from.toISOString()}::timestamptz and ${supports.createdAt} < ${to.toISOString()}::timestamptz`,
  );
  const [counts] = await db()
    .select({
      supporters: sql<number>`count(distinct ${supports.supporterId})`.mapWith(Number),
      checkouts: sql<number>`count(distinct ${supports.supporterId}) filter (where not ${supports.isRenewal})`.mapWith(
        Number,
      ),
    })
    .from(supports)
    .where(window);
  const firsts = (await db()
    .execute(sql`select count(*)::integer as n from (select min(created_at) as first from supports where creator_id = ${creatorId} group by supporter_id) f
    where f.first >= ${from.toISOString()}::timestamptz and f.first < ${to.toISOString()}::timestamptz`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return {
    supporters: counts?.supporters ?? 0,
    checkouts: counts?.checkouts ?? 0,
    newSupporters: Number(firsts.rows[0]?.n ?? 0),
  };
}

/** Every period's bounded figures equal the recomputation, on a cold and a warm cache (or only warm: what was kept before). */
async function expectExact(creatorId: string, now = NOW, rounds: Array<'cold' | 'warm'> = ['cold', 'warm']) {
  for (const round of rounds) {
    if (round === 'cold') await db().delete(creatorWindowCache).where(eq(creatorWindowCache.creatorId, creatorId));
    for (const period of PERIODS) {
      const window = analyticsWindow(period, now);
      const analytics = await getCreatorAnalytics(db(), creatorId, period, now);
      const current = await fromFacts(creatorId, window.start, window.end);
      const previous = await fromFacts(creatorId, window.previousStart, window.start);
      const context = `${period} (${round})`;
      expect(
        {
          supporters: analytics.summary.supporters,
          checkouts: analytics.traffic.checkouts,
          newSupporters: analytics.summary.newSupporters,
        },
        context,
      ).toEqual(current);
      expect(analytics.summary.previous.supporters, context).toBe(previous.supporters);
      // The dashboard's new supporters since the window's first midnight (day counters), and since any instant.
      for (const since of [window.start, new Date(window.start.getTime() + 3_600_000)]) {
        const newSince = await fromFacts(creatorId, since, new Date('9999-01-01T00:00:00Z'));
        expect(
          await countNewSupportersSince(db(), creatorId, since),
          `${context} new since ${since.toISOString()}`,
        ).toBe(newSince.checkouts);
      }
      // The anonymous group's names are never shown (nor read by the bounded list).
      const plain = (await listTopSupportersFromFacts(db(), creatorId, window.start, window.end, 10)).map((row) =>
        row.isAnonymousGroup ? { ...row, latestName: null, accountName: null } : row,
      );
      // Small kept lists take the floor-and-lookup path; the default one holds every group here.
      expect(
        await listTopSupporters(db(), creatorId, window.start, window.end, 10, { kept: 10, now }),
        `${context} kept 10`,
      ).toEqual(plain);
      expect(
        await listTopSupporters(db(), creatorId, window.start, window.end, 3, { kept: 3, now }),
        `${context} kept 3`,
      ).toEqual(plain.slice(0, 3));
      expect(
        await listTopSupporters(db(), creatorId, window.start, window.end, 10, { now }),
        `${context} default`,
      ).toEqual(plain);
    }
  }
}

let ip = 0;
async function supportAt(
  username: string,
  at: Date,
  overrides: Partial<CheckoutRequest>,
  viewer: SessionUser | null = null,
) {
  return paySupport(
    moneyDeps(t, at),
    username,
    checkoutRequestSchema.parse(checkoutBody(overrides)),
    viewer,
    `10.78.${Math.floor(++ip / 250)}.${ip % 250}`,
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

describe('analytics over long periods (bounded reads)', () => {
  it('equal a recomputation from the supports over randomized supports, and after each kind of change', async () => {
    const creator = await fakeCreator(db(), { country: 'US' });
    const next = random(16);
    const emails = Array.from(
      { length: 30 },
      (_, i) => `win${i}.${process.pid}.${randomUUID().slice(0, 8)}@example.com`,
    );
    const names = ['Ann', 'Bo', '  ', '', 'Cy', 'Dee'];
    const used = new Set<number>();
    /** A distinct instant `daysAgo` days (and a random part of a day) before NOW: no two supports tie on time. */
    const instant = (daysAgo: number) => {
      let ms = NOW.getTime() - daysAgo * DAY_MS - Math.floor(next() * DAY_MS);
      while (used.has(ms)) ms += 1_000;
      used.add(ms);
      return new Date(ms);
    };
    for (let i = 0; i < 160; i++) {
      // Amounts from a few values, so totals tie at the top-10 boundary.
      await fakeSupport(db(), creator.userId, {
        supporterEmail: emails[Math.floor(next() * emails.length)],
        supporterName: names[Math.floor(next() * names.length)],
        amountCents: [300, 500, 500, 1_000, 2_500][Math.floor(next() * 5)],
        isAnonymous: next() < 0.15,
        isRecurring: next() < 0.2,
        isRenewal: next() < 0.1,
        createdAt: instant(Math.floor(next() * next() * 800)),
      });
    }
    // Ranked and kept four hours before NOW; then supports arrive (after the kept rankings' end, so they
    // stay), some from supporters outside the kept lists, one big, one anonymous.
    const earlier = new Date(NOW.getTime() - 4 * 3_600_000);
    await expectExact(creator.userId, earlier);
    for (let i = 0; i < 12; i++) {
      await fakeSupport(db(), creator.userId, {
        supporterEmail: emails[i * 2],
        amountCents: 300 + i * 700,
        isAnonymous: i === 5,
        createdAt: new Date(NOW.getTime() - 3_600_000 - i * 60_000),
      });
    }
    await fakeSupport(db(), creator.userId, {
      supporterEmail: emails[29],
      amountCents: 9_000,
      createdAt: new Date(NOW.getTime() - 60_000),
    });
    const keptBefore = await db()
      .select()
      .from(creatorWindowCache)
      .where(eq(creatorWindowCache.creatorId, creator.userId));
    // (A ranking stops IN_FLIGHT_MS before the read: checkouts stamped just before may not have landed.)
    const rankedUntil = new Date(earlier.getTime() - IN_FLIGHT_MS);
    expect(keptBefore.filter((w) => w.kind.startsWith('top:')).map((w) => w.toAt)).toEqual(
      keptBefore.filter((w) => w.kind.startsWith('top:')).map(() => rankedUntil),
    );
    await expectExact(creator.userId, NOW, ['warm']);
    // More supports since the kept ranking than the refresh allows: ranked again up to now.
    const year = analyticsWindow('1y', NOW);
    const refreshed = await listTopSupporters(db(), creator.userId, year.start, year.end, 10, {
      kept: 10,
      refreshAfter: 5,
      now: NOW,
    });
    expect(refreshed).toEqual(
      (await listTopSupportersFromFacts(db(), creator.userId, year.start, year.end, 10)).map((row) =>
        row.isAnonymousGroup ? { ...row, latestName: null, accountName: null } : row,
      ),
    );
    const [again] = await db()
      .select()
      .from(creatorWindowCache)
      .where(
        and(
          eq(creatorWindowCache.creatorId, creator.userId),
          eq(creatorWindowCache.kind, 'top:10'),
          eq(creatorWindowCache.fromAt, year.start),
        ),
      );
    expect(again?.toAt).toEqual(new Date(NOW.getTime() - IN_FLIGHT_MS));
    await expectExact(creator.userId);

    // Supports written into the past after the windows were kept: the kept windows go.
    await expectExact(creator.userId);
    const kept = await db()
      .select({ kind: creatorWindowCache.kind })
      .from(creatorWindowCache)
      .where(eq(creatorWindowCache.creatorId, creator.userId));
    expect(kept.length).toBeGreaterThan(0);
    await fakeSupport(db(), creator.userId, {
      supporterEmail: emails[7],
      amountCents: 20_000,
      createdAt: new Date(NOW.getTime() - 400 * DAY_MS),
    });
    expect(
      await db().select().from(creatorWindowCache).where(eq(creatorWindowCache.creatorId, creator.userId)),
    ).toEqual([]);
    await expectExact(creator.userId);
    await fakeSupport(db(), creator.userId, {
      supporterEmail: emails[3],
      amountCents: 4_000,
      createdAt: new Date(NOW.getTime() - 100 * DAY_MS),
      isAnonymous: true,
    });
    await expectExact(creator.userId);

    // A support deleted, one made anonymous, one moved in time (admin fixes, the trigger paths).
    const [some] = await db()
      .select({ id: supports.id })
      .from(supports)
      .where(eq(supports.creatorId, creator.userId))
      .limit(3);
    if (!some) throw new Error('no support');
    await db().delete(supports).where(eq(supports.id, some.id));
    const [other] = await db()
      .select({ id: supports.id })
      .from(supports)
      .where(and(eq(supports.creatorId, creator.userId), eq(supports.isAnonymous, false)))
      .limit(1);
    await db()
      .update(supports)
      .set({ isAnonymous: true })
      .where(eq(supports.id, other?.id ?? ''));
    await expectExact(creator.userId);

    // A guest's supports join the account that verifies the same address (identity merge).
    const me = await fakeUser(t, { email: emails[0], name: 'Merged Account' });
    await db()
      .update(users)
      .set({ emailVerifiedAt: new Date('2026-09-01T10:00:00Z') })
      .where(eq(users.id, me.user.id));
    await expectExact(creator.userId);

    // Supports of a signed-in account, then the account deleted (its name leaves the list).
    const account = await fakeUser(t, { name: 'Soon Gone' });
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, account.user.id));
    await fakeSupport(db(), creator.userId, {
      supporterUserId: account.user.id,
      supporterEmail: account.email,
      supporterName: '',
      amountCents: 15_000,
      createdAt: new Date(NOW.getTime() - 20 * DAY_MS),
    });
    await fakeSupport(db(), creator.userId, {
      supporterUserId: account.user.id,
      supporterEmail: account.email,
      supporterName: '',
      amountCents: 500,
      createdAt: new Date(NOW.getTime() - 120_000),
    });
    await expectExact(creator.userId);
    await deleteAccount(db(), account.user.id, account.password);
    await expectExact(creator.userId);

    // A clock ahead (the journeys' jobs): supports after NOW, so windows ending now have later supports.
    await fakeSupport(db(), creator.userId, {
      supporterEmail: emails[4],
      amountCents: 700,
      createdAt: new Date(NOW.getTime() + 10 * DAY_MS),
    });
    await fakeSupport(db(), creator.userId, {
      supporterEmail: emails[5],
      amountCents: 700,
      createdAt: new Date(NOW.getTime() + 3_600_000),
    });
    await expectExact(creator.userId);
    await expectExact(creator.userId, new Date(NOW.getTime() + 11 * DAY_MS));

    const problems = (await checkLedgerIntegrity(db())).problems.filter((p) => p.kind === 'rollup');
    expect(problems).toEqual([]);
  });

  it('keep the same figures through checkouts, a refund and a guest who signs up', async () => {
    const creator = await fakeCreator(db(), { country: 'US' });
    const now = new Date();
    const day = (n: number) => new Date(now.getTime() - n * DAY_MS);
    const email = `refund-merge.${process.pid}.${randomUUID().slice(0, 8)}@example.com`;
    const a = await supportAt(creator.username, day(200), { amount: 30, email });
    await supportAt(creator.username, day(40), {
      amount: 8,
      email: `other.${process.pid}.${randomUUID().slice(0, 8)}@example.com`,
    });
    await supportAt(creator.username, day(3), { amount: 12, email });
    await expectExact(creator.userId, now);
    await refundSupport(
      moneyDeps(t, day(1)),
      creator.userId,
      a.supportId,
      refundRequestSchema.parse({ amountCents: 1_000, reason: 'requested_by_supporter' }),
      randomUUID(),
    );
    await expectExact(creator.userId, now);
    const me = await fakeUser(t, { email });
    await supportAt(creator.username, new Date(now.getTime() - 60_000), { amount: 5, email }, viewerOf(me));
    await expectExact(creator.userId, now);
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, me.user.id));
    await expectExact(creator.userId, now);
    expect((await getCreatorAnalytics(db(), creator.userId, '1y', now)).summary).toMatchObject({
      supporters: 2,
      newSupporters: 2,
    });
  });

  it('never keep a figure when a support was written into its window while it was computed, and keep it otherwise', async () => {
    const creator = await fakeCreator(db());
    await fakeSupport(db(), creator.userId, { createdAt: new Date('2026-01-10T10:00:00Z') });
    const from = new Date('2026-01-01T00:00:00Z');
    const to = new Date('2026-02-01T00:00:00Z');
    // A support into the window between the mark and the keep: nothing kept.
    let token = await markWindowFigure(db(), creator.userId, 'test', from, to);
    expect(token).toBeDefined();
    expect(await readWindowFigure(db(), creator.userId, 'test', from, to)).toBeUndefined();
    await fakeSupport(db(), creator.userId, { createdAt: new Date('2026-01-20T10:00:00Z') });
    await keepWindowFigure(db(), creator.userId, 'test', from, to, token, { count: 1 });
    expect(await readWindowFigure(db(), creator.userId, 'test', from, to)).toBeUndefined();
    // A support after the window's end (and other money moving) does not stop it from being kept.
    token = await markWindowFigure(db(), creator.userId, 'test', from, to);
    await fakeSupport(db(), creator.userId, { createdAt: new Date('2026-03-10T10:00:00Z') });
    await keepWindowFigure(db(), creator.userId, 'test', from, to, token, { count: 2 });
    expect(await readWindowFigure(db(), creator.userId, 'test', from, to)).toEqual({ count: 2 });
    // Kept figures go too when a support is later written into the window.
    await fakeSupport(db(), creator.userId, { createdAt: new Date('2026-01-25T10:00:00Z') });
    expect(await readWindowFigure(db(), creator.userId, 'test', from, to)).toBeUndefined();
    // Another reader's mark replaces this one: only the latest reader keeps its figure.
    const first = await markWindowFigure(db(), creator.userId, 'test', from, to);
    const second = await markWindowFigure(db(), creator.userId, 'test', from, to);
    await keepWindowFigure(db(), creator.userId, 'test', from, to, first, { count: 3 });
    expect(await readWindowFigure(db(), creator.userId, 'test', from, to)).toBeUndefined();
    await keepWindowFigure(db(), creator.userId, 'test', from, to, second, { count: 3 });
    expect(await readWindowFigure(db(), creator.userId, 'test', from, to)).toEqual({ count: 3 });
    await db().delete(creatorWindowCache).where(eq(creatorWindowCache.creatorId, creator.userId));
  });

  it('keep the instant a goal was reached, until a support is written before the read that kept it', async () => {
    const creator = await fakeCreator(db());
    const goalRows = () =>
      db()
        .select()
        .from(creatorWindowCache)
        .where(and(eq(creatorWindowCache.creatorId, creator.userId), eq(creatorWindowCache.kind, 'goal:1500')));
    const now = new Date('2026-03-01T12:00:00Z');
    await fakeSupport(db(), creator.userId, { createdAt: new Date('2026-01-10T10:00:00Z'), amountCents: 1_000 });
    // Not reached: nothing marked or kept.
    expect(await findGoalReachedAt(db(), creator.userId, 1_500, now)).toBeUndefined();
    expect(await goalRows()).toEqual([]);
    await fakeSupport(db(), creator.userId, { createdAt: new Date('2026-01-20T10:00:00Z'), amountCents: 700 });
    expect(await findGoalReachedAt(db(), creator.userId, 1_500, now)).toEqual(new Date('2026-01-20T10:00:00Z'));
    expect((await goalRows()).map((r) => r.value)).toEqual([{ at: '2026-01-20T10:00:00.000Z' }]);
    // A support after that read leaves it; a read takes it from the kept row (the facts are not read).
    await fakeSupport(db(), creator.userId, { createdAt: new Date('2026-03-01T13:00:00Z'), amountCents: 900 });
    await db()
      .update(creatorWindowCache)
      .set({ value: { at: '2026-01-21T00:00:00.000Z' } })
      .where(and(eq(creatorWindowCache.creatorId, creator.userId), eq(creatorWindowCache.kind, 'goal:1500')));
    expect(await findGoalReachedAt(db(), creator.userId, 1_500, new Date('2026-03-02T12:00:00Z'))).toEqual(
      new Date('2026-01-21T00:00:00Z'),
    );
    // A support written before the kept read moves the instant: the kept row is forgotten and found again.
    await fakeSupport(db(), creator.userId, { createdAt: new Date('2026-01-15T10:00:00Z'), amountCents: 600 });
    expect(await goalRows()).toEqual([]);
    const later = new Date('2026-03-03T12:00:00Z');
    expect(await findGoalReachedAt(db(), creator.userId, 1_500, later)).toEqual(new Date('2026-01-15T10:00:00Z'));
    expect(await findGoalReachedAtFromFacts(db(), creator.userId, 1_500)).toEqual(new Date('2026-01-15T10:00:00Z'));
    // Another goal is its own row.
    expect(await findGoalReachedAt(db(), creator.userId, 2_000, later)).toEqual(new Date('2026-01-20T10:00:00Z'));
    await db().delete(creatorWindowCache).where(eq(creatorWindowCache.creatorId, creator.userId));
  });

  it('mark nothing for a creator without supports (no totals row to wait on)', async () => {
    const creator = await fakeCreator(db());
    expect(
      await markWindowFigure(
        db(),
        creator.userId,
        'test',
        new Date('2026-01-01T00:00:00Z'),
        new Date('2026-02-01T00:00:00Z'),
      ),
    ).toBeUndefined();
  });

  it('are proven by the integrity check, which names a tampered supporter counter', async () => {
    const creator = await fakeCreator(db());
    await fakeSupport(db(), creator.userId, { createdAt: new Date('2026-01-07T10:00:00Z') });
    const ofDay = and(eq(creatorDailyRollups.creatorId, creator.userId), eq(creatorDailyRollups.day, '2026-01-07'));
    for (const column of ['lastSupporters', 'firstSupporters', 'lastCheckoutSupporters'] as const) {
      await db()
        .update(creatorDailyRollups)
        .set({ [column]: sql`${creatorDailyRollups[column]} + 1` })
        .where(ofDay);
      try {
        const problems = (await checkLedgerIntegrity(db())).problems.filter((p) => p.kind === 'rollup');
        expect(problems.map((p) => p.id)).toEqual([`${creator.userId} 2026-01-07`]);
        expect(problems[0]?.detail).toMatch(
          new RegExp(
            `^creator_daily_rollups holds .*${creatorDailyRollups[column].name}=2 .*but the facts give .*${creatorDailyRollups[column].name}=1`,
          ),
        );
      } finally {
        await db()
          .update(creatorDailyRollups)
          .set({ [column]: sql`${creatorDailyRollups[column]} - 1` })
          .where(ofDay);
      }
    }
    expect((await checkLedgerIntegrity(db())).problems.filter((p) => p.kind === 'rollup')).toEqual([]);
  });
});
