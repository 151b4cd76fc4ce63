import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, pageViews, refunds, supports, users } from '../../db/schema';
import { supporterKey } from '../public-profile/public-profile-repository';

/*
 * Read-only SQL for the creator analytics. Every query is bounded by the creator and (except the goal's
 * running total) by the period, so it uses the (creator_id, created_at) index whatever the creator's history.
 */

const n = (fragment: SQL) => sql<number>`${fragment}`.mapWith(Number);
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const ofCreator = (creatorId: string) => eq(supports.creatorId, creatorId);
const between = (from: Date, to: Date) => sql`${supports.createdAt} >= ${at(from)} and ${supports.createdAt} < ${at(to)}`;
/** The name a supporter typed, with blank names treated as none. */
const givenName = sql`nullif(trim(${supports.supporterName}), '')`;

export async function findAnalyticsCreator(db: Db, creatorId: string) {
  const [row] = await db
    .select({ username: creatorProfiles.username, goalTitle: creatorProfiles.goalTitle, goalAmountCents: creatorProfiles.goalAmountCents })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(and(eq(creatorProfiles.userId, creatorId), isNull(creatorProfiles.deletedAt), isNull(users.deletedAt)));
  return row;
}

export interface PeriodTotals {
  grossCents: number;
  netCents: number;
  supports: number;
  supporters: number;
  recurringSupports: number;
  /** People who made a new support in the period, each once (the conversion rate's numerator). */
  checkouts: number;
}

/** Money and counts of [from, to) in one pass. */
export async function sumPeriod(db: Db, creatorId: string, from: Date, to: Date): Promise<PeriodTotals> {
  const [row] = await db
    .select({
      grossCents: n(sql`coalesce(sum(${supports.amountCents}), 0)`),
      netCents: n(sql`coalesce(sum(${supports.creatorNetCents}), 0)`),
      supports: n(sql`count(*)`),
      supporters: n(sql`count(distinct ${supporterKey})`),
      recurringSupports: n(sql`count(*) filter (where ${supports.isRecurring})`),
      checkouts: n(sql`count(distinct ${supporterKey}) filter (where not ${supports.isRenewal})`),
    })
    .from(supports)
    .where(and(ofCreator(creatorId), between(from, to)));
  return row ?? { grossCents: 0, netCents: 0, supports: 0, supporters: 0, recurringSupports: 0, checkouts: 0 };
}

/** Supporters whose very first support to this creator falls in [from, to). */
export async function countNewSupporters(db: Db, creatorId: string, from: Date, to: Date): Promise<number> {
  const firsts = db
    .select({ firstAt: sql<Date>`min(${supports.createdAt})`.as('first_at') })
    .from(supports)
    .where(ofCreator(creatorId))
    .groupBy(supporterKey)
    .as('firsts');
  const [row] = await db
    .select({ count: n(sql`count(*)`) })
    .from(firsts)
    .where(sql`${firsts.firstAt} >= ${at(from)} and ${firsts.firstAt} < ${at(to)}`);
  return row?.count ?? 0;
}

/** Gross, net and count per UTC day ("YYYY-MM-DD") of [from, to); days without supports are absent. */
export async function sumByDay(db: Db, creatorId: string, from: Date, to: Date) {
  const day = sql<string>`to_char(${supports.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      grossCents: n(sql`sum(${supports.amountCents})`),
      netCents: n(sql`sum(${supports.creatorNetCents})`),
      supports: n(sql`count(*)`),
    })
    .from(supports)
    .where(and(ofCreator(creatorId), between(from, to)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** How many supports of each amount (the service puts amounts into ranges). */
export async function countByAmount(db: Db, creatorId: string, from: Date, to: Date) {
  return db
    .select({ amountCents: supports.amountCents, count: n(sql`count(*)`) })
    .from(supports)
    .where(and(ofCreator(creatorId), between(from, to)))
    .groupBy(supports.amountCents);
}

/**
 * Supporters by total given in [from, to): every anonymous support under one group (so an anonymous gift
 * is never tied to a name), everyone else by account, else email. The name is the latest one they typed,
 * else their account's name.
 */
export async function listTopSupporters(db: Db, creatorId: string, from: Date, to: Date, limit: number) {
  const groupKey = sql`case when ${supports.isAnonymous} then 'anonymous' else ${supporterKey} end`;
  return db
    .select({
      isAnonymousGroup: sql<boolean>`bool_and(${supports.isAnonymous})`.mapWith(Boolean),
      latestName: sql<string | null>`(array_agg(${givenName} order by ${supports.createdAt} desc) filter (where ${givenName} is not null))[1]`,
      accountName: sql<string | null>`max(${users.displayName})`,
      totalCents: n(sql`sum(${supports.amountCents})`),
      supports: n(sql`count(*)`),
      isRecurring: sql<boolean>`bool_or(${supports.isRecurring})`.mapWith(Boolean),
      lastAt: sql<Date>`max(${supports.createdAt})`.mapWith(supports.createdAt),
    })
    .from(supports)
    // A deleted account's name is gone with it.
    .leftJoin(users, and(eq(users.id, supports.supporterUserId), isNull(users.deletedAt)))
    .where(and(ofCreator(creatorId), between(from, to)))
    .groupBy(groupKey)
    .orderBy(desc(sql`sum(${supports.amountCents})`), desc(sql`count(*)`), desc(sql`max(${supports.createdAt})`))
    .limit(limit);
}

const supportColumns = {
  id: supports.id,
  createdAt: supports.createdAt,
  supporterName: supports.supporterName,
  isAnonymous: supports.isAnonymous,
  amountCents: supports.amountCents,
  platformFeeCents: supports.platformFeeCents,
  processingFeeCents: supports.processingFeeCents,
  creatorNetCents: supports.creatorNetCents,
  message: supports.message,
  isRecurring: supports.isRecurring,
  isRenewal: supports.isRenewal,
};

export type AnalyticsSupportRow = Awaited<ReturnType<typeof listSupports>>[number];

/** Supports of [from, to), newest first (or oldest first for the CSV), at most `limit` when given. */
export async function listSupports(db: Db, creatorId: string, from: Date, to: Date, options: { order: 'newest' | 'oldest'; limit?: number }) {
  const order = options.order === 'newest' ? [desc(supports.createdAt), desc(supports.id)] : [asc(supports.createdAt), asc(supports.id)];
  const query = db
    .select(supportColumns)
    .from(supports)
    .where(and(ofCreator(creatorId), gte(supports.createdAt, from), lt(supports.createdAt, to)))
    .orderBy(...order);
  return options.limit === undefined ? query : query.limit(options.limit);
}

/** Each supporter's first support ever, for those whose first support falls in [from, to); newest first. */
export async function listFirstSupports(db: Db, creatorId: string, from: Date, to: Date, limit: number) {
  const firsts = db
    .selectDistinctOn([supporterKey], {
      createdAt: sql<Date>`${supports.createdAt}`.mapWith(supports.createdAt).as('created_at'),
      supporterName: sql<string | null>`${supports.supporterName}`.as('supporter_name'),
      isAnonymous: sql<boolean>`${supports.isAnonymous}`.mapWith(Boolean).as('is_anonymous'),
    })
    .from(supports)
    .where(ofCreator(creatorId))
    .orderBy(supporterKey, asc(supports.createdAt), asc(supports.id))
    .as('firsts');
  return db
    .select({ createdAt: firsts.createdAt, supporterName: firsts.supporterName, isAnonymous: firsts.isAnonymous })
    .from(firsts)
    .where(sql`${firsts.createdAt} >= ${at(from)} and ${firsts.createdAt} < ${at(to)}`)
    .orderBy(desc(firsts.createdAt))
    .limit(limit);
}

/** When the total raised (all time, gross) first reached `goalCents`, or undefined if it has not. */
export async function findGoalReachedAt(db: Db, creatorId: string, goalCents: number): Promise<Date | undefined> {
  const running = db
    .select({
      createdAt: sql<Date>`${supports.createdAt}`.mapWith(supports.createdAt).as('created_at'),
      raised: sql<number>`sum(${supports.amountCents}) over (order by ${supports.createdAt}, ${supports.id})`.as('raised'),
    })
    .from(supports)
    .where(ofCreator(creatorId))
    .as('running');
  const [row] = await db
    .select({ createdAt: running.createdAt })
    .from(running)
    .where(sql`${running.raised} >= ${goalCents}`)
    .orderBy(asc(running.createdAt))
    .limit(1);
  return row?.createdAt;
}

/** Profile and support page views of the UTC days [fromDay, toDay] (inclusive, "YYYY-MM-DD"). */
export async function sumViews(db: Db, creatorId: string, fromDay: string, toDay: string) {
  const [row] = await db
    .select({
      profile: n(sql`coalesce(sum(${pageViews.count}) filter (where ${pageViews.page} = 'profile'), 0)`),
      support: n(sql`coalesce(sum(${pageViews.count}) filter (where ${pageViews.page} = 'support'), 0)`),
    })
    .from(pageViews)
    .where(and(eq(pageViews.creatorId, creatorId), sql`${pageViews.day} >= ${fromDay}::date and ${pageViews.day} <= ${toDay}::date`));
  return { profile: row?.profile ?? 0, support: row?.support ?? 0 };
}

/*
 * Refunds lower gross and net on the day they were made (not the support's day): a period's figures are
 * the money that came in during it minus the money that went back during it. Support counts are not
 * lowered. Gross falls by the amount refunded, net by what came off the creator's balance.
 */
const refundedBetween = (creatorId: string, from: Date, to: Date) =>
  and(eq(refunds.creatorId, creatorId), eq(refunds.status, 'succeeded'), sql`${refunds.completedAt} >= ${at(from)} and ${refunds.completedAt} < ${at(to)}`);

/** Refunds completed in [from, to): what went back to supporters (gross) and what came off the creator (net). */
export async function sumRefunds(db: Db, creatorId: string, from: Date, to: Date) {
  const [row] = await db
    .select({ grossCents: n(sql`coalesce(sum(${refunds.amountCents}), 0)`), netCents: n(sql`coalesce(sum(${refunds.creatorDebitCents}), 0)`) })
    .from(refunds)
    .where(refundedBetween(creatorId, from, to));
  return row ?? { grossCents: 0, netCents: 0 };
}

/** Refunds per UTC day of [from, to), as negative gross and net (no supports). */
export async function sumRefundsByDay(db: Db, creatorId: string, from: Date, to: Date) {
  const day = sql<string>`to_char(${refunds.completedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, grossCents: n(sql`-sum(${refunds.amountCents})`), netCents: n(sql`-sum(${refunds.creatorDebitCents})`), supports: n(sql`0`) })
    .from(refunds)
    .where(refundedBetween(creatorId, from, to))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

export type AnalyticsRefundRow = Awaited<ReturnType<typeof listRefunds>>[number];

/** Refunds completed in [from, to), oldest first, for the CSV. */
export async function listRefunds(db: Db, creatorId: string, from: Date, to: Date) {
  return db
    .select({
      completedAt: sql<Date>`${refunds.completedAt}`.mapWith(refunds.completedAt),
      amountCents: refunds.amountCents,
      platformFeeReturnedCents: refunds.platformFeeReturnedCents,
      creatorDebitCents: refunds.creatorDebitCents,
      supporterName: supports.supporterName,
      isAnonymous: supports.isAnonymous,
      supportCreatedAt: supports.createdAt,
    })
    .from(refunds)
    .innerJoin(supports, eq(supports.id, refunds.supportId))
    .where(refundedBetween(creatorId, from, to))
    .orderBy(asc(refunds.completedAt), asc(refunds.id));
}
