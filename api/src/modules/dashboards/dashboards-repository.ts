import { and, desc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import { givenBy } from '../ledger/supports-given-by';
import type { Db } from '../../db/database';
import {
  creatorDailyRollups,
  creatorProfiles,
  creatorRollups,
  creatorSupporters,
  pageViews,
  subscriptions,
  supports,
  users,
} from '../../db/schema';

const n = (fragment: SQL) => sql<number>`${fragment}`.mapWith(Number);
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export async function findDashboardCreator(db: Db, creatorId: string) {
  const [row] = await db
    .select({
      userId: creatorProfiles.userId,
      displayName: creatorProfiles.displayName,
      goalTitle: creatorProfiles.goalTitle,
      goalAmountCents: creatorProfiles.goalAmountCents,
      country: creatorProfiles.country,
      currency: creatorProfiles.currency,
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(and(eq(creatorProfiles.userId, creatorId), isNull(creatorProfiles.deletedAt), isNull(users.deletedAt)));
  return row;
}

/**
 * Every money figure of the dashboard, from the rollups: the creator's totals row and the daily rows since
 * last month's start (at most 62), whatever the history. Month starts are whole UTC days.
 */
export async function sumCreatorLedger(db: Db, creatorId: string, monthStart: Date, lastMonthStart: Date) {
  const [totals] = await db
    .select({
      totalGross: creatorRollups.ledgerGrossCents,
      totalNet: creatorRollups.ledgerNetCents,
      paidOut: creatorRollups.ledgerPayoutCents,
    })
    .from(creatorRollups)
    .where(eq(creatorRollups.creatorId, creatorId));
  const day = (date: Date) => sql`${date.toISOString().slice(0, 10)}::date`;
  const thisMonth = sql`${creatorDailyRollups.day} >= ${day(monthStart)}`;
  const [months] = await db
    .select({
      thisGross: n(sql`coalesce(sum(${creatorDailyRollups.ledgerGrossCents}) filter (where ${thisMonth}), 0)`),
      thisNet: n(sql`coalesce(sum(${creatorDailyRollups.ledgerNetCents}) filter (where ${thisMonth}), 0)`),
      lastGross: n(sql`coalesce(sum(${creatorDailyRollups.ledgerGrossCents}) filter (where not ${thisMonth}), 0)`),
      lastNet: n(sql`coalesce(sum(${creatorDailyRollups.ledgerNetCents}) filter (where not ${thisMonth}), 0)`),
    })
    .from(creatorDailyRollups)
    .where(
      and(eq(creatorDailyRollups.creatorId, creatorId), sql`${creatorDailyRollups.day} >= ${day(lastMonthStart)}`),
    );
  return {
    totalGross: totals?.totalGross ?? 0,
    totalNet: totals?.totalNet ?? 0,
    thisGross: months?.thisGross ?? 0,
    thisNet: months?.thisNet ?? 0,
    lastGross: months?.lastGross ?? 0,
    lastNet: months?.lastNet ?? 0,
    paidOut: totals?.paidOut ?? 0,
  };
}

/** Distinct supporters, and those whose first support came on or after `since` (the (creator, supporter) rows). */
export async function countSupporters(db: Db, creatorId: string, since: Date) {
  const [totals] = await db
    .select({ total: creatorRollups.supporters })
    .from(creatorRollups)
    .where(eq(creatorRollups.creatorId, creatorId));
  const [fresh] = await db
    .select({ count: n(sql`count(*)`) })
    .from(creatorSupporters)
    .where(and(eq(creatorSupporters.creatorId, creatorId), gte(creatorSupporters.firstSupportAt, since)));
  return { total: totals?.total ?? 0, fresh: fresh?.count ?? 0 };
}

/**
 * People who made a new support since `since`: repeat supports and renewals count once. Those whose last
 * support that was not a renewal is that recent: from midnight UTC (the dashboard's window), the per-day
 * counters of migration 0013 from that day on; otherwise the (creator, supporter) rows.
 */
export async function countNewSupportersSince(db: Db, creatorId: string, since: Date): Promise<number> {
  if (since.getTime() % 86_400_000 === 0) {
    const [rolled] = await db
      .select({ count: n(sql`coalesce(sum(${creatorDailyRollups.lastCheckoutSupporters}), 0)`) })
      .from(creatorDailyRollups)
      .where(
        and(
          eq(creatorDailyRollups.creatorId, creatorId),
          sql`${creatorDailyRollups.day} >= ${since.toISOString().slice(0, 10)}::date`,
        ),
      );
    return rolled?.count ?? 0;
  }
  const [row] = await db
    .select({ count: n(sql`count(*)`) })
    .from(creatorSupporters)
    .where(and(eq(creatorSupporters.creatorId, creatorId), gte(creatorSupporters.lastCheckoutAt, since)));
  return row?.count ?? 0;
}

/** Monthly supports paused by their supporters: nothing is charged until they resume. */
export async function countPausedSubscriptions(db: Db, creatorId: string): Promise<number> {
  const [row] = await db
    .select({ count: n(sql`count(*)`) })
    .from(subscriptions)
    .where(and(eq(subscriptions.creatorId, creatorId), eq(subscriptions.status, 'paused')));
  return row?.count ?? 0;
}

/** Monthly supports whose last renewal failed and is being retried (until the retry window ends). */
export async function countRetryingSubscriptions(db: Db, creatorId: string): Promise<number> {
  const [row] = await db
    .select({ count: n(sql`count(*)`) })
    .from(subscriptions)
    .where(and(eq(subscriptions.creatorId, creatorId), eq(subscriptions.status, 'past_due')));
  return row?.count ?? 0;
}

export async function countRenewingSubscriptions(db: Db, creatorId: string): Promise<number> {
  const [row] = await db
    .select({ count: n(sql`count(*)`) })
    .from(subscriptions)
    // A support cancelled by its supporter still runs to the end of its paid month but no longer renews;
    // a paused one (status paused) is counted apart.
    .where(
      and(
        eq(subscriptions.creatorId, creatorId),
        eq(subscriptions.status, 'active'),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    );
  return row?.count ?? 0;
}

export async function sumPageViews(db: Db, creatorId: string, fromDay: string) {
  const [row] = await db
    .select({
      profile: n(sql`coalesce(sum(${pageViews.count}) filter (where ${pageViews.page} = 'profile'), 0)`),
      support: n(sql`coalesce(sum(${pageViews.count}) filter (where ${pageViews.page} = 'support'), 0)`),
    })
    .from(pageViews)
    .where(and(eq(pageViews.creatorId, creatorId), gte(pageViews.day, fromDay)));
  return { profile: row?.profile ?? 0, support: row?.support ?? 0 };
}

export async function listRecentReceivedSupports(db: Db, creatorId: string, limit: number) {
  return db
    .select()
    .from(supports)
    .where(eq(supports.creatorId, creatorId))
    .orderBy(desc(supports.createdAt), desc(supports.id))
    .limit(limit);
}

export async function listGivenSupports(db: Db, userId: string, verifiedEmail: string | null, limit: number) {
  return db
    .select({
      support: supports,
      creatorUsername: creatorProfiles.username,
      creatorDisplayName: creatorProfiles.displayName,
    })
    .from(supports)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, supports.creatorId))
    .where(givenBy(userId, verifiedEmail))
    .orderBy(desc(supports.createdAt), desc(supports.id))
    .limit(limit);
}

/** The supporter's totals per currency (never added across currencies), the largest total first. */
export async function sumGivenSupports(db: Db, userId: string, verifiedEmail: string | null, monthStart: Date) {
  return db
    .select({
      currency: supports.currency,
      total: n(sql`coalesce(sum(${supports.amountCents}), 0)`),
      thisMonth: n(
        sql`coalesce(sum(${supports.amountCents}) filter (where ${supports.createdAt} >= ${at(monthStart)}), 0)`,
      ),
    })
    .from(supports)
    .where(givenBy(userId, verifiedEmail))
    .groupBy(supports.currency)
    .orderBy(desc(sql`sum(${supports.amountCents})`), supports.currency);
}

/** Per creator supported: total and last date, with what the "My Missions" card shows. */
export async function listSupportedCreators(db: Db, userId: string, verifiedEmail: string | null) {
  return db
    .select({
      creatorId: supports.creatorId,
      username: creatorProfiles.username,
      displayName: creatorProfiles.displayName,
      profileImage: creatorProfiles.profileImage,
      creatorType: creatorProfiles.creatorType,
      currency: creatorProfiles.currency,
      total: n(sql`sum(${supports.amountCents})`),
      lastAt: sql<Date>`max(${supports.createdAt})`.mapWith(supports.createdAt),
    })
    .from(supports)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, supports.creatorId))
    .where(givenBy(userId, verifiedEmail))
    .groupBy(supports.creatorId, creatorProfiles.userId)
    .orderBy(desc(sql`max(${supports.createdAt})`));
}
