import type { Currency } from '@beabro/shared/money/currencies';
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, emailOutbox, refunds, supports, users } from '../../db/schema';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const n = (fragment: ReturnType<typeof sql>) => sql<number>`${fragment}`.mapWith(Number);
/** One supporter: the stable supporter identity (migration 0011), as the dashboard and analytics count them. */
const keyOf = (alias: string) => sql.raw(`${alias}.supporter_id`);

export const monthlyReportKey = (creatorId: string, month: string) => `monthly-report:${creatorId}:${month}`;

export interface ReportRecipient {
  creatorId: string;
  email: string;
  displayName: string;
  username: string;
  currency: Currency;
}

/**
 * The next batch of creators due a report for `month` ("YYYY-MM"): live, with an address, the
 * monthly-report setting on, a page that existed before the month ended, and no report queued yet.
 * Keyset-paged on the creator's id.
 */
export async function listReportRecipients(
  db: Db,
  month: string,
  monthEnd: Date,
  afterCreatorId: string | null,
  limit: number,
): Promise<ReportRecipient[]> {
  return db
    .select({
      creatorId: creatorProfiles.userId,
      email: sql<string>`${users.email}`,
      displayName: creatorProfiles.displayName,
      username: creatorProfiles.username,
      currency: creatorProfiles.currency,
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(
      and(
        eq(users.notifyMonthlyReport, true),
        isNotNull(users.email),
        isNull(users.deletedAt),
        isNull(creatorProfiles.deletedAt),
        lt(creatorProfiles.createdAt, monthEnd),
        afterCreatorId ? gt(creatorProfiles.userId, afterCreatorId) : undefined,
        sql`not exists (select 1 from ${emailOutbox} where ${emailOutbox.dedupeKey} = 'monthly-report:' || ${creatorProfiles.userId}::text || ':' || ${month})`,
      ),
    )
    .orderBy(asc(creatorProfiles.userId))
    .limit(limit);
}

export interface MonthFigures {
  supportCount: number;
  grossCents: number;
  netCents: number;
  newSupporters: number;
  /** Monthly supports (subscriptions) that paid in the month: a first payment or a renewal. */
  monthlySupporters: number;
  refundCount: number;
  refundedCents: number;
  /** What the refunds took off the creator's balance. */
  refundDebitCents: number;
}

/** The month's figures of one creator, from that creator's rows of the month only (index on creator and date). */
export async function sumMonth(db: Db, creatorId: string, start: Date, end: Date): Promise<MonthFigures> {
  const inMonth = and(eq(supports.creatorId, creatorId), gte(supports.createdAt, start), lt(supports.createdAt, end));
  const [money] = await db
    .select({
      supportCount: n(sql`count(*)`),
      grossCents: n(sql`coalesce(sum(${supports.amountCents}), 0)`),
      netCents: n(sql`coalesce(sum(${supports.creatorNetCents}), 0)`),
      monthlySupporters: n(sql`count(distinct ${supports.subscriptionId})`),
      // First support ever from this supporter to this creator falls in the month.
      newSupporters: n(sql`count(distinct ${keyOf('supports')}) filter (where not exists (
        select 1 from supports earlier where earlier.creator_id = ${creatorId} and earlier.created_at < ${at(start)} and ${keyOf('earlier')} = ${keyOf('supports')}))`),
    })
    .from(supports)
    .where(inMonth);
  const [refunded] = await db
    .select({
      refundCount: n(sql`count(*)`),
      refundedCents: n(sql`coalesce(sum(${refunds.amountCents}), 0)`),
      refundDebitCents: n(sql`coalesce(sum(${refunds.creatorDebitCents}), 0)`),
    })
    .from(refunds)
    .where(
      and(
        eq(refunds.creatorId, creatorId),
        eq(refunds.status, 'succeeded'),
        gte(refunds.completedAt, start),
        lt(refunds.completedAt, end),
      ),
    );
  return {
    supportCount: money?.supportCount ?? 0,
    grossCents: money?.grossCents ?? 0,
    netCents: money?.netCents ?? 0,
    newSupporters: money?.newSupporters ?? 0,
    monthlySupporters: money?.monthlySupporters ?? 0,
    refundCount: refunded?.refundCount ?? 0,
    refundedCents: refunded?.refundedCents ?? 0,
    refundDebitCents: refunded?.refundDebitCents ?? 0,
  };
}

/**
 * The month's top supporters by amount, as the public page names them: anonymous supports are left
 * out (their names are private even to the creator), and a supporter's latest given name is shown.
 */
export async function listTopSupporters(db: Db, creatorId: string, start: Date, end: Date, limit: number) {
  const key = keyOf('supports');
  return db
    .select({
      name: sql<string>`(array_agg(btrim(${supports.supporterName}) order by ${supports.createdAt} desc))[1]`,
      totalCents: n(sql`sum(${supports.amountCents})`),
      supportCount: n(sql`count(*)`),
    })
    .from(supports)
    .where(
      and(
        eq(supports.creatorId, creatorId),
        gte(supports.createdAt, start),
        lt(supports.createdAt, end),
        eq(supports.isAnonymous, false),
        sql`coalesce(btrim(${supports.supporterName}), '') <> ''`,
      ),
    )
    .groupBy(key)
    .orderBy(desc(sql`sum(${supports.amountCents})`), asc(sql`min(${supports.createdAt})`))
    .limit(limit);
}
