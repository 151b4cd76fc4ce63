import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { SUPPORT_DISTRIBUTION_RANGES } from '@beabro/shared/api-schemas/analytics';
import {
  creatorDailyRollups,
  creatorProfiles,
  creatorRollups,
  creatorSupporters,
  creatorWindowCache,
  pageViews,
  refunds,
  supports,
  users,
} from '../../db/schema';
import { supporterKey } from '../public-profile/public-profile-repository';

/*
 * SQL for the creator analytics. Money and counts come from the rollups of migrations 0011 and 0013 (one
 * row per UTC day of the period), so they read a bounded number of rows whatever the creator's history; a
 * period whose bounds are not whole UTC days (no caller today) is read from the facts, so every answer
 * stays exact. Figures of windows that later supports make unreadable from the rollups (the previous
 * period's distinct supporters, the top supporters' ranking up to the moment it was made) are read from the
 * facts once and kept in creator_window_cache until a support created before the window's end is written
 * (analytics-top-supporters.ts). Lists read the facts within the period.
 */

const n = (fragment: SQL) => sql<number>`${fragment}`.mapWith(Number);
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const ofCreator = (creatorId: string) => eq(supports.creatorId, creatorId);
const between = (from: Date, to: Date) =>
  sql`${supports.createdAt} >= ${at(from)} and ${supports.createdAt} < ${at(to)}`;
/** The name a supporter typed, with blank names treated as none. */
const givenName = sql`nullif(trim(${supports.supporterName}), '')`;

export async function findAnalyticsCreator(db: Db, creatorId: string) {
  const [row] = await db
    .select({
      username: creatorProfiles.username,
      currency: creatorProfiles.currency,
      goalTitle: creatorProfiles.goalTitle,
      goalAmountCents: creatorProfiles.goalAmountCents,
    })
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

const DAY_MS = 86_400_000;
const isWholeUtcDay = (date: Date) => date.getTime() % DAY_MS === 0;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
/** Daily rollup rows of the UTC days [from, to) (both at 00:00 UTC). */
const rollupDays = (creatorId: string, from: Date, to: Date) =>
  and(
    eq(creatorDailyRollups.creatorId, creatorId),
    sql`${creatorDailyRollups.day} >= ${dayOf(from)}::date and ${creatorDailyRollups.day} < ${dayOf(to)}::date`,
  );

/** A kept figure's row while its reader computes it: `{"pending": token}`; never read as a figure. */
const pendingValue = (token: string) => ({ pending: token });
const notPending = sql`${creatorWindowCache.value} ->> 'pending' is null`;
const sameWindow = (creatorId: string, kind: string, from: Date, to: Date) =>
  and(
    eq(creatorWindowCache.creatorId, creatorId),
    eq(creatorWindowCache.kind, kind),
    eq(creatorWindowCache.fromAt, from),
    eq(creatorWindowCache.toAt, to),
  );

/** The latest cached figure of the creator's windows starting at `from` and ending by `until`, with its end. */
export async function readLatestWindowFigure<T>(
  db: Db,
  creatorId: string,
  kind: string,
  from: Date,
  until: Date,
): Promise<{ to: Date; value: T } | undefined> {
  const [row] = await db
    .select({ to: creatorWindowCache.toAt, value: creatorWindowCache.value })
    .from(creatorWindowCache)
    .where(
      and(
        eq(creatorWindowCache.creatorId, creatorId),
        eq(creatorWindowCache.kind, kind),
        eq(creatorWindowCache.fromAt, from),
        lte(creatorWindowCache.toAt, until),
        notPending,
      ),
    )
    .orderBy(desc(creatorWindowCache.toAt))
    .limit(1);
  return row ? { to: row.to, value: row.value as T } : undefined;
}

/** A cached figure of the creator's window [from, to), or undefined. */
export async function readWindowFigure<T>(
  db: Db,
  creatorId: string,
  kind: string,
  from: Date,
  to: Date,
): Promise<T | undefined> {
  const [row] = await db
    .select({ value: creatorWindowCache.value })
    .from(creatorWindowCache)
    .where(and(sameWindow(creatorId, kind, from, to), notPending));
  return row?.value as T | undefined;
}

/**
 * Before computing a figure of [from, to) from the facts: marks the window as being computed, and returns
 * the mark's token (undefined when the creator has no supports yet, or the mark could not be written: then
 * the figure is computed but not kept). The mark is written after every support write holding the
 * creator's totals row has committed (FOR SHARE waits for them), so the computation, which starts after
 * the mark, sees those supports; a support written later into the window deletes the mark (the supports
 * trigger deletes the creator's windows ending after it, in the writer's transaction), and then
 * keepWindowFigure stores nothing. Supports after the window's end leave it alone.
 */
export async function markWindowFigure(
  db: Db,
  creatorId: string,
  kind: string,
  from: Date,
  to: Date,
): Promise<string | undefined> {
  const token = randomUUID();
  try {
    return await db.transaction(async (tx) => {
      const [totals] = await tx
        .select({ one: sql`1` })
        .from(creatorRollups)
        .where(eq(creatorRollups.creatorId, creatorId))
        .for('share');
      if (!totals) return undefined;
      const value = pendingValue(token);
      await tx
        .insert(creatorWindowCache)
        .values({ creatorId, kind, fromAt: from, toAt: to, value })
        .onConflictDoUpdate({
          target: [
            creatorWindowCache.creatorId,
            creatorWindowCache.kind,
            creatorWindowCache.fromAt,
            creatorWindowCache.toAt,
          ],
          set: { value, computedAt: sql`now()` },
        });
      return token;
    });
  } catch {
    // Keeping a figure is an optimisation: a failure to mark (a lock timeout, say) only means it is not kept.
    return undefined;
  }
}

/**
 * Keeps the figure computed after markWindowFigure returned `token`, if the mark is still there (no
 * support was written into the window since). Drops the creator's figures of the same kind and start
 * that this one supersedes, and any figure (or mark) computed more than two days ago: windows move every
 * day, so the table holds a few rows per creator and period.
 */
export async function keepWindowFigure(
  db: Db,
  creatorId: string,
  kind: string,
  from: Date,
  to: Date,
  token: string | undefined,
  value: unknown,
): Promise<void> {
  if (token === undefined) return;
  try {
    const kept = await db
      .update(creatorWindowCache)
      .set({ value, computedAt: sql`now()` })
      .where(and(sameWindow(creatorId, kind, from, to), sql`${creatorWindowCache.value} ->> 'pending' = ${token}`))
      .returning({ one: sql`1` });
    if (kept.length === 0) return;
    await db
      .delete(creatorWindowCache)
      .where(
        and(
          eq(creatorWindowCache.creatorId, creatorId),
          or(
            sql`${creatorWindowCache.computedAt} < now() - interval '2 days'`,
            and(
              eq(creatorWindowCache.kind, kind),
              eq(creatorWindowCache.fromAt, from),
              lt(creatorWindowCache.toAt, to),
              notPending,
            ),
          ),
        ),
      );
  } catch {
    // As above: the figure was computed and is answered; only keeping it failed.
  }
}

/** Distinct supporters with a support (or a new support) in [from, to), from the facts: once per window, then kept. */
async function countDistinctSupportersOnce(
  db: Db,
  creatorId: string,
  from: Date,
  to: Date,
  kind: 'any' | 'checkout',
): Promise<number> {
  const cacheKind = `supporters:${kind}`;
  const cached = await readWindowFigure<{ count: number }>(db, creatorId, cacheKind, from, to);
  if (cached) return cached.count;
  const token = await markWindowFigure(db, creatorId, cacheKind, from, to);
  const [row] = await db
    .select({ count: n(sql`count(distinct ${supports.supporterId})`) })
    .from(supports)
    .where(
      and(ofCreator(creatorId), between(from, to), kind === 'checkout' ? eq(supports.isRenewal, false) : undefined),
    );
  const count = row?.count ?? 0;
  await keepWindowFigure(db, creatorId, cacheKind, from, to, token, { count });
  return count;
}

/**
 * Distinct supporters with a support (`kind` any: last_support_at) or a new support (checkout:
 * last_checkout_at) in [from, to). When nobody supported at or after `to` (the current period), they are
 * those whose last one falls in [from, to): the per-day counters of migration 0013 over whole days, else
 * the (creator, supporter) rows. Otherwise (a past window) from the period's supports, once per window.
 */
async function countActiveSupporters(
  db: Db,
  creatorId: string,
  from: Date,
  to: Date,
  kind: 'any' | 'checkout',
): Promise<number> {
  const last = kind === 'any' ? creatorSupporters.lastSupportAt : creatorSupporters.lastCheckoutAt;
  const [later] = await db
    .select({ one: sql`1` })
    .from(creatorSupporters)
    .where(and(eq(creatorSupporters.creatorId, creatorId), gte(last, from), sql`${last} >= ${at(to)}`))
    .limit(1);
  if (later) return countDistinctSupportersOnce(db, creatorId, from, to, kind);
  if (isWholeUtcDay(from) && isWholeUtcDay(to)) {
    const counter = kind === 'any' ? creatorDailyRollups.lastSupporters : creatorDailyRollups.lastCheckoutSupporters;
    const [row] = await db
      .select({ count: n(sql`coalesce(sum(${counter}), 0)`) })
      .from(creatorDailyRollups)
      .where(rollupDays(creatorId, from, to));
    return row?.count ?? 0;
  }
  const [row] = await db
    .select({ count: n(sql`count(*)`) })
    .from(creatorSupporters)
    .where(and(eq(creatorSupporters.creatorId, creatorId), gte(last, from), lt(last, to)));
  return row?.count ?? 0;
}

/** Money and counts of [from, to). */
export async function sumPeriod(
  db: Db,
  creatorId: string,
  from: Date,
  to: Date,
  options: { checkouts?: boolean } = {},
): Promise<PeriodTotals> {
  const supporters = await countActiveSupporters(db, creatorId, from, to, 'any');
  // The previous period's checkouts are shown nowhere: not counted (for a past window, a count over its supports).
  const checkouts = options.checkouts === false ? 0 : await countActiveSupporters(db, creatorId, from, to, 'checkout');
  if (!isWholeUtcDay(from) || !isWholeUtcDay(to)) {
    const [row] = await db
      .select({
        grossCents: n(sql`coalesce(sum(${supports.amountCents}), 0)`),
        netCents: n(sql`coalesce(sum(${supports.creatorNetCents}), 0)`),
        supports: n(sql`count(*)`),
        recurringSupports: n(sql`count(*) filter (where ${supports.isRecurring})`),
      })
      .from(supports)
      .where(and(ofCreator(creatorId), between(from, to)));
    return {
      grossCents: row?.grossCents ?? 0,
      netCents: row?.netCents ?? 0,
      supports: row?.supports ?? 0,
      recurringSupports: row?.recurringSupports ?? 0,
      supporters,
      checkouts,
    };
  }
  const [row] = await db
    .select({
      grossCents: n(sql`coalesce(sum(${creatorDailyRollups.grossCents}), 0)`),
      netCents: n(sql`coalesce(sum(${creatorDailyRollups.netCents}), 0)`),
      supports: n(sql`coalesce(sum(${creatorDailyRollups.supports}), 0)`),
      recurringSupports: n(sql`coalesce(sum(${creatorDailyRollups.recurringSupports}), 0)`),
    })
    .from(creatorDailyRollups)
    .where(rollupDays(creatorId, from, to));
  return {
    grossCents: row?.grossCents ?? 0,
    netCents: row?.netCents ?? 0,
    supports: row?.supports ?? 0,
    recurringSupports: row?.recurringSupports ?? 0,
    supporters,
    checkouts,
  };
}

/** Supporters whose very first support to this creator falls in [from, to): the per-day counters over whole days. */
export async function countNewSupporters(db: Db, creatorId: string, from: Date, to: Date): Promise<number> {
  if (isWholeUtcDay(from) && isWholeUtcDay(to)) {
    const [rolled] = await db
      .select({ count: n(sql`coalesce(sum(${creatorDailyRollups.firstSupporters}), 0)`) })
      .from(creatorDailyRollups)
      .where(rollupDays(creatorId, from, to));
    return rolled?.count ?? 0;
  }
  const [row] = await db
    .select({ count: n(sql`count(*)`) })
    .from(creatorSupporters)
    .where(
      and(
        eq(creatorSupporters.creatorId, creatorId),
        gte(creatorSupporters.firstSupportAt, from),
        lt(creatorSupporters.firstSupportAt, to),
      ),
    );
  return row?.count ?? 0;
}

/** Gross, net and count per UTC day ("YYYY-MM-DD") of [from, to); days without supports are absent. */
export async function sumByDay(db: Db, creatorId: string, from: Date, to: Date) {
  if (!isWholeUtcDay(from) || !isWholeUtcDay(to)) {
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
  return db
    .select({
      day: sql<string>`to_char(${creatorDailyRollups.day}, 'YYYY-MM-DD')`,
      grossCents: n(sql`${creatorDailyRollups.grossCents}`),
      netCents: n(sql`${creatorDailyRollups.netCents}`),
      supports: creatorDailyRollups.supports,
    })
    .from(creatorDailyRollups)
    .where(and(rollupDays(creatorId, from, to), sql`${creatorDailyRollups.supports} > 0`))
    .orderBy(creatorDailyRollups.day);
}

/**
 * The daily rollup's count columns, in the order of SUPPORT_DISTRIBUTION_RANGES (their bounds are in
 * migration 0011's SQL; analytics-rollups.test.ts proves both agree).
 */
export const ROLLUP_RANGE_COLUMNS = [
  creatorDailyRollups.range1Supports,
  creatorDailyRollups.range2Supports,
  creatorDailyRollups.range3Supports,
  creatorDailyRollups.range4Supports,
  creatorDailyRollups.range5Supports,
] as const;

/**
 * How many supports of each amount (the service puts amounts into ranges). From the daily rollups: one
 * entry per range, at the range's lowest amount.
 */
export async function countByAmount(
  db: Db,
  creatorId: string,
  from: Date,
  to: Date,
): Promise<{ amountCents: number; count: number }[]> {
  if (isWholeUtcDay(from) && isWholeUtcDay(to)) {
    const [row] = await db
      .select(
        Object.fromEntries(ROLLUP_RANGE_COLUMNS.map((column, i) => [`r${i}`, n(sql`coalesce(sum(${column}), 0)`)])),
      )
      .from(creatorDailyRollups)
      .where(rollupDays(creatorId, from, to));
    return SUPPORT_DISTRIBUTION_RANGES.map((range, i) => ({
      amountCents: range.minCents,
      count: Number(row?.[`r${i}`] ?? 0),
    })).filter((r) => r.count > 0);
  }
  return db
    .select({ amountCents: supports.amountCents, count: n(sql`count(*)`) })
    .from(supports)
    .where(and(ofCreator(creatorId), between(from, to)))
    .groupBy(supports.amountCents);
}

/** The top supporters' group: every anonymous support in one ('anonymous', a literal: the same text in select and group by), everyone else by supporter. */
export const ANONYMOUS_GROUP = 'anonymous';
const groupKey = sql<string>`case when ${supports.isAnonymous} then 'anonymous' else ${supporterKey} end`;

/**
 * Supporters by total given in [from, to): every anonymous support under one group (so an anonymous gift
 * is never tied to a name), everyone else by account, else email. The name is the latest one they typed,
 * else their account's name. Reads every support of the period: analytics-top-supporters.ts reads the same
 * list from a cached past and today's supports.
 */
export async function listTopSupportersFromFacts(db: Db, creatorId: string, from: Date, to: Date, limit: number) {
  return (
    db
      .select({
        isAnonymousGroup: sql<boolean>`bool_and(${supports.isAnonymous})`.mapWith(Boolean),
        latestName: sql<
          string | null
        >`(array_agg(${givenName} order by ${supports.createdAt} desc) filter (where ${givenName} is not null))[1]`,
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
      .limit(limit)
  );
}

/** max(created_at) in microseconds since the epoch (exact order, like the SQL list's). */
const lastMicros = n(sql`(extract(epoch from max(${supports.createdAt})) * 1000000)::bigint`);

/** One group's figures over part of a period: total, count, latest support (microseconds), any recurring. */
export interface GroupFigures {
  key: string;
  totalCents: number;
  supports: number;
  lastMicros: number;
  isRecurring: boolean;
}

/**
 * The `keep` best groups of [from, to) by total, count, latest (then key), and the anonymous group
 * wherever it ranks, with how many groups there are, in one statement.
 */
export async function rankGroups(db: Db, creatorId: string, from: Date, to: Date, keep: number) {
  const result = (await db.execute(sql`
    with g as (
      select ${groupKey} as k, sum(${supports.amountCents})::bigint as t, count(*)::integer as c, ${lastMicros} as l, bool_or(${supports.isRecurring}) as r
      from ${supports} where ${and(ofCreator(creatorId), between(from, to))} group by 1
    ), ranked as (select g.*, row_number() over (order by t desc, c desc, l desc, k) as rn from g)
    select (select count(*) from g)::integer as groups,
      coalesce((select jsonb_agg(jsonb_build_array(k, t, c, l, r) order by rn) from ranked where rn <= ${keep} or k = ${ANONYMOUS_GROUP}), '[]'::jsonb) as entries`)) as unknown as {
    rows: Array<{
      groups: number | string;
      entries: Array<[string, number | string, number | string, number | string, boolean]> | string;
    }>;
  };
  const row = result.rows[0];
  const entries =
    typeof row?.entries === 'string'
      ? (JSON.parse(row.entries) as Array<[string, number, number, number, boolean]>)
      : (row?.entries ?? []);
  return {
    groups: Number(row?.groups ?? 0),
    entries: entries.map(([key, totalCents, count, last, isRecurring]): GroupFigures => ({
      key,
      totalCents: Number(totalCents),
      supports: Number(count),
      lastMicros: Number(last),
      isRecurring,
    })),
  };
}

/**
 * Each group's figures over [from, to) (today's supports), with the supporter's all-time gross to this
 * creator (from creator_supporters, an upper bound of what they gave in any window; null for anonymous).
 */
export async function sumGroups(db: Db, creatorId: string, from: Date, to: Date) {
  return db
    .select({
      key: groupKey,
      totalCents: n(sql`sum(${supports.amountCents})`),
      supports: n(sql`count(*)`),
      lastMicros,
      isRecurring: sql<boolean>`bool_or(${supports.isRecurring})`.mapWith(Boolean),
      allTimeCents: sql<
        number | null
      >`case when bool_and(${supports.isAnonymous}) then null else max(${creatorSupporters.grossCents}) end`.mapWith(
        Number,
      ),
    })
    .from(supports)
    .leftJoin(
      creatorSupporters,
      and(eq(creatorSupporters.creatorId, supports.creatorId), eq(creatorSupporters.supporterId, supports.supporterId)),
    )
    .where(and(ofCreator(creatorId), between(from, to)))
    .groupBy(groupKey);
}

const CHUNK = 1_000;
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** Named (not anonymous) supporters' figures over [from, to), read by supporter (index on supporter_id, created_at). */
export async function sumSupporters(
  db: Db,
  creatorId: string,
  supporterIds: readonly string[],
  from: Date,
  to: Date,
): Promise<GroupFigures[]> {
  const rows: GroupFigures[] = [];
  for (const ids of chunks(supporterIds)) {
    rows.push(
      ...(await db
        .select({
          key: sql<string>`${supporterKey}`,
          totalCents: n(sql`sum(${supports.amountCents})`),
          supports: n(sql`count(*)`),
          lastMicros,
          isRecurring: sql<boolean>`bool_or(${supports.isRecurring})`.mapWith(Boolean),
        })
        .from(supports)
        .where(
          and(
            inArray(supports.supporterId, ids),
            ofCreator(creatorId),
            eq(supports.isAnonymous, false),
            between(from, to),
          ),
        )
        .groupBy(supports.supporterId)),
    );
  }
  return rows;
}

/** The latest name each of these (named) supporters typed in [from, to), and their live account's name. */
export async function findSupporterNames(
  db: Db,
  creatorId: string,
  supporterIds: readonly string[],
  from: Date,
  to: Date,
) {
  if (supporterIds.length === 0) return [];
  return db
    .select({
      key: sql<string>`${supporterKey}`,
      latestName: sql<
        string | null
      >`(array_agg(${givenName} order by ${supports.createdAt} desc) filter (where ${givenName} is not null))[1]`,
      accountName: sql<string | null>`max(${users.displayName})`,
    })
    .from(supports)
    .leftJoin(users, and(eq(users.id, supports.supporterUserId), isNull(users.deletedAt)))
    .where(
      and(
        inArray(supports.supporterId, [...supporterIds]),
        ofCreator(creatorId),
        eq(supports.isAnonymous, false),
        between(from, to),
      ),
    )
    .groupBy(supports.supporterId);
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
export async function listSupports(
  db: Db,
  creatorId: string,
  from: Date,
  to: Date,
  options: { order: 'newest' | 'oldest'; limit?: number },
) {
  const order =
    options.order === 'newest'
      ? [desc(supports.createdAt), desc(supports.id)]
      : [asc(supports.createdAt), asc(supports.id)];
  const query = db
    .select(supportColumns)
    .from(supports)
    .where(and(ofCreator(creatorId), gte(supports.createdAt, from), lt(supports.createdAt, to)))
    .orderBy(...order);
  return options.limit === undefined ? query : query.limit(options.limit);
}

/** Each supporter's first support ever, for those whose first support falls in [from, to); newest first. */
export async function listFirstSupports(db: Db, creatorId: string, from: Date, to: Date, limit: number) {
  return db
    .select({
      createdAt: creatorSupporters.firstSupportAt,
      supporterName: supports.supporterName,
      isAnonymous: supports.isAnonymous,
    })
    .from(creatorSupporters)
    .innerJoin(supports, eq(supports.id, creatorSupporters.firstSupportId))
    .where(
      and(
        eq(creatorSupporters.creatorId, creatorId),
        gte(creatorSupporters.firstSupportAt, from),
        lt(creatorSupporters.firstSupportAt, to),
      ),
    )
    .orderBy(desc(creatorSupporters.firstSupportAt), desc(creatorSupporters.firstSupportId))
    .limit(limit);
}

/** The start of the goal's kept "window": everything before the instant it was kept at. */
const ALL_TIME = new Date(0);

/**
 * When the total raised (all time, gross of supports) first reached `goalCents`, or undefined if it has
 * not. Amounts are positive, so it has been reached exactly when the creator's total is at least the goal;
 * then the instant is found once and kept (creator_window_cache, kind `goal:<cents>`, the window ending at
 * the read): only a support written before that end could move it, and the supports trigger forgets the
 * window then. Finding it reads that day's supports, as many as a day brings.
 */
export async function findGoalReachedAt(
  db: Db,
  creatorId: string,
  goalCents: number,
  now = new Date(),
): Promise<Date | undefined> {
  const [totals] = await db
    .select({ gross: creatorRollups.grossCents })
    .from(creatorRollups)
    .where(eq(creatorRollups.creatorId, creatorId));
  if (!totals || totals.gross < goalCents) return undefined;
  const kind = `goal:${goalCents}`;
  const kept = await readLatestWindowFigure<{ at: string }>(db, creatorId, kind, ALL_TIME, now);
  if (kept) return new Date(kept.value.at);
  const token = await markWindowFigure(db, creatorId, kind, ALL_TIME, now);
  const reached = await findGoalReachedAtFromFacts(db, creatorId, goalCents);
  if (reached && reached <= now)
    await keepWindowFigure(db, creatorId, kind, ALL_TIME, now, token, { at: reached.toISOString() });
  return reached;
}

/**
 * The same from the facts: the day from the daily rollups' running total, then the instant from that
 * day's supports.
 */
export async function findGoalReachedAtFromFacts(
  db: Db,
  creatorId: string,
  goalCents: number,
): Promise<Date | undefined> {
  const running = db
    .select({
      day: sql<string>`${creatorDailyRollups.day}`.as('day'),
      before:
        sql<number>`sum(${creatorDailyRollups.grossCents}) over (order by ${creatorDailyRollups.day}) - ${creatorDailyRollups.grossCents}`.as(
          'before',
        ),
      raised: sql<number>`sum(${creatorDailyRollups.grossCents}) over (order by ${creatorDailyRollups.day})`.as(
        'raised',
      ),
    })
    .from(creatorDailyRollups)
    .where(eq(creatorDailyRollups.creatorId, creatorId))
    .as('running');
  const [day] = await db
    .select({ day: sql<string>`to_char(${running.day}, 'YYYY-MM-DD')`, before: n(sql`${running.before}`) })
    .from(running)
    .where(sql`${running.raised} >= ${goalCents}`)
    .orderBy(asc(running.day))
    .limit(1);
  if (!day) return undefined;
  const dayStart = new Date(`${day.day}T00:00:00.000Z`);
  const inDay = db
    .select({
      createdAt: sql<Date>`${supports.createdAt}`.mapWith(supports.createdAt).as('created_at'),
      raised:
        sql<number>`${day.before}::bigint + sum(${supports.amountCents}) over (order by ${supports.createdAt}, ${supports.id})`.as(
          'raised',
        ),
    })
    .from(supports)
    .where(and(ofCreator(creatorId), between(dayStart, new Date(dayStart.getTime() + DAY_MS))))
    .as('in_day');
  const [row] = await db
    .select({ createdAt: inDay.createdAt })
    .from(inDay)
    .where(sql`${inDay.raised} >= ${goalCents}`)
    .orderBy(asc(inDay.createdAt))
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
    .where(
      and(
        eq(pageViews.creatorId, creatorId),
        sql`${pageViews.day} >= ${fromDay}::date and ${pageViews.day} <= ${toDay}::date`,
      ),
    );
  return { profile: row?.profile ?? 0, support: row?.support ?? 0 };
}

/*
 * Refunds lower gross and net on the day they were made (not the support's day): a period's figures are
 * the money that came in during it minus the money that went back during it. Support counts are not
 * lowered. Gross falls by the amount refunded, net by what came off the creator's balance.
 */
const refundedBetween = (creatorId: string, from: Date, to: Date) =>
  and(
    eq(refunds.creatorId, creatorId),
    eq(refunds.status, 'succeeded'),
    sql`${refunds.completedAt} >= ${at(from)} and ${refunds.completedAt} < ${at(to)}`,
  );

/** Refunds completed in [from, to): what went back to supporters (gross) and what came off the creator (net). */
export async function sumRefunds(db: Db, creatorId: string, from: Date, to: Date) {
  if (isWholeUtcDay(from) && isWholeUtcDay(to)) {
    const [rolled] = await db
      .select({
        grossCents: n(sql`coalesce(sum(${creatorDailyRollups.refundedGrossCents}), 0)`),
        netCents: n(sql`coalesce(sum(${creatorDailyRollups.refundedNetCents}), 0)`),
      })
      .from(creatorDailyRollups)
      .where(rollupDays(creatorId, from, to));
    return rolled ?? { grossCents: 0, netCents: 0 };
  }
  const [row] = await db
    .select({
      grossCents: n(sql`coalesce(sum(${refunds.amountCents}), 0)`),
      netCents: n(sql`coalesce(sum(${refunds.creatorDebitCents}), 0)`),
    })
    .from(refunds)
    .where(refundedBetween(creatorId, from, to));
  return row ?? { grossCents: 0, netCents: 0 };
}

/** Refunds per UTC day of [from, to), as negative gross and net (no supports). */
export async function sumRefundsByDay(db: Db, creatorId: string, from: Date, to: Date) {
  if (isWholeUtcDay(from) && isWholeUtcDay(to)) {
    return db
      .select({
        day: sql<string>`to_char(${creatorDailyRollups.day}, 'YYYY-MM-DD')`,
        grossCents: n(sql`-${creatorDailyRollups.refundedGrossCents}`),
        netCents: n(sql`-${creatorDailyRollups.refundedNetCents}`),
        supports: n(sql`0`),
      })
      .from(creatorDailyRollups)
      .where(
        and(
          rollupDays(creatorId, from, to),
          sql`(${creatorDailyRollups.refundedGrossCents} <> 0 or ${creatorDailyRollups.refundedNetCents} <> 0)`,
        ),
      )
      .orderBy(creatorDailyRollups.day);
  }
  const day = sql<string>`to_char(${refunds.completedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      grossCents: n(sql`-sum(${refunds.amountCents})`),
      netCents: n(sql`-sum(${refunds.creatorDebitCents})`),
      supports: n(sql`0`),
    })
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
