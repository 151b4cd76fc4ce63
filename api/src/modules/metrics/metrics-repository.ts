import { and, desc, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, ledgerEntries, pageViews, subscriptions, supports, users } from '../../db/schema';
import { supporterKey } from '../public-profile/public-profile-repository';

const n = (fragment: SQL) => sql<number>`${fragment}`.mapWith(Number);
const sumWhere = (condition: SQL) => n(sql`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${condition}), 0)`);
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export async function findDashboardCreator(db: Db, creatorId: string) {
  const [row] = await db
    .select({ userId: creatorProfiles.userId, displayName: creatorProfiles.displayName, goalTitle: creatorProfiles.goalTitle, goalAmountCents: creatorProfiles.goalAmountCents, country: creatorProfiles.country })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(and(eq(creatorProfiles.userId, creatorId), isNull(creatorProfiles.deletedAt), isNull(users.deletedAt)));
  return row;
}

/** Every money figure of the dashboard in one pass over the creator's own ledger range. */
export async function sumCreatorLedger(db: Db, creatorId: string, monthStart: Date, lastMonthStart: Date) {
  const gross = sql`${ledgerEntries.type} = 'gross'`;
  const net = sql`${ledgerEntries.type} = 'creator_net'`;
  const thisMonth = sql`${ledgerEntries.createdAt} >= ${at(monthStart)}`;
  const lastMonth = sql`${ledgerEntries.createdAt} >= ${at(lastMonthStart)} and ${ledgerEntries.createdAt} < ${at(monthStart)}`;
  const [row] = await db
    .select({
      totalGross: sumWhere(gross),
      totalNet: sumWhere(net),
      thisGross: sumWhere(sql`${gross} and ${thisMonth}`),
      thisNet: sumWhere(sql`${net} and ${thisMonth}`),
      lastGross: sumWhere(sql`${gross} and ${lastMonth}`),
      lastNet: sumWhere(sql`${net} and ${lastMonth}`),
      paidOut: sumWhere(sql`${ledgerEntries.type} = 'payout'`),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.creatorId, creatorId), sql`${ledgerEntries.type} in ('gross', 'creator_net', 'payout')`));
  return row ?? { totalGross: 0, totalNet: 0, thisGross: 0, thisNet: 0, lastGross: 0, lastNet: 0, paidOut: 0 };
}

/** Distinct supporters, and those whose first support came on or after `since`. */
export async function countSupporters(db: Db, creatorId: string, since: Date) {
  const firsts = db
    .select({ key: sql`${supporterKey}`.as('key'), firstAt: sql<Date>`min(${supports.createdAt})`.as('first_at') })
    .from(supports)
    .where(eq(supports.creatorId, creatorId))
    .groupBy(sql`1`)
    .as('firsts');
  const [row] = await db
    .select({ total: n(sql`count(*)`), fresh: n(sql`count(*) filter (where ${firsts.firstAt} >= ${at(since)})`) })
    .from(firsts);
  return { total: row?.total ?? 0, fresh: row?.fresh ?? 0 };
}

/** Supports made through the support page (renewals are not visits) since `since`. */
/** People (by account, else email) who made a new support since `since`: repeat supports and renewals count once. */
export async function countNewSupportersSince(db: Db, creatorId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: n(sql`count(distinct ${supporterKey})`) })
    .from(supports)
    .where(and(eq(supports.creatorId, creatorId), gte(supports.createdAt, since), eq(supports.isRenewal, false)));
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

export async function countRenewingSubscriptions(db: Db, creatorId: string): Promise<number> {
  const [row] = await db
    .select({ count: n(sql`count(*)`) })
    .from(subscriptions)
    // A support cancelled by its supporter still runs to the end of its paid month but no longer renews;
    // a paused one (status paused) is counted apart.
    .where(and(eq(subscriptions.creatorId, creatorId), eq(subscriptions.status, 'active'), eq(subscriptions.cancelAtPeriodEnd, false)));
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
  return db.select().from(supports).where(eq(supports.creatorId, creatorId)).orderBy(desc(supports.createdAt), desc(supports.id)).limit(limit);
}

/**
 * A user's supports: made signed in, or as a guest with their email once that email is verified
 * (both index-backed: supports_supporter_user_idx and supports_supporter_email_idx).
 */
export function givenBy(userId: string, verifiedEmail: string | null): SQL {
  const mine = eq(supports.supporterUserId, userId);
  return (verifiedEmail ? or(mine, and(isNull(supports.supporterUserId), eq(supports.supporterEmail, verifiedEmail))) : mine) as SQL;
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

export async function sumGivenSupports(db: Db, userId: string, verifiedEmail: string | null, monthStart: Date) {
  const [row] = await db
    .select({
      total: n(sql`coalesce(sum(${supports.amountCents}), 0)`),
      creators: n(sql`count(distinct ${supports.creatorId})`),
      thisMonth: n(sql`coalesce(sum(${supports.amountCents}) filter (where ${supports.createdAt} >= ${at(monthStart)}), 0)`),
    })
    .from(supports)
    .where(givenBy(userId, verifiedEmail));
  return row ?? { total: 0, creators: 0, thisMonth: 0 };
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
      total: n(sql`sum(${supports.amountCents})`),
      lastAt: sql<Date>`max(${supports.createdAt})`.mapWith(supports.createdAt),
    })
    .from(supports)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, supports.creatorId))
    .where(givenBy(userId, verifiedEmail))
    .groupBy(supports.creatorId, creatorProfiles.userId)
    .orderBy(desc(sql`max(${supports.createdAt})`));
}
