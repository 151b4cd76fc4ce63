import type { Db } from '../../db/database';
import {
  ANONYMOUS_GROUP,
  findSupporterNames,
  keepWindowFigure,
  listTopSupportersFromFacts,
  rankGroups,
  readWindowFigure,
  sumGroups,
  sumSupporters,
  type GroupFigures,
} from './analytics-repository';

/*
 * The top supporters of [from, to) with a bounded read whatever the creator's history. The past part
 * [from, last day) is ranked from the facts once and kept (creator_window_cache, dropped by the supports
 * trigger when a support created before its end is written): its best KEPT groups, the anonymous group,
 * and `floor`, the KEPT-th total. Today's supports are then added by group. A group outside the kept ones
 * gave at most `floor` before today (and at most its all-time gross), so only those of today's supporters
 * whose bound could still reach the limit-th candidate have their past read, by supporter. The same list,
 * in the same order, as listTopSupportersFromFacts (ties on total, count and latest support aside), except
 * that the anonymous group's names, never shown, are not read.
 */

/** How many of the past's best groups are kept: the more, the lower the floor and the fewer lookups. */
export const KEPT_GROUPS = 250;
const DAY_MS = 86_400_000;

interface PastRanking {
  entries: Array<[key: string, totalCents: number, supports: number, lastMicros: number, isRecurring: boolean]>;
  /** Every group of the past is in `entries`. */
  complete: boolean;
  /** The KEPT_GROUPS-th total: a group not in `entries` gave at most this. */
  floor: number;
}

export type TopSupporterRow = Awaited<ReturnType<typeof listTopSupportersFromFacts>>[number];

/** Orders groups like the SQL list: total, count, latest support, all descending (then key, for stability). */
const byRank = (a: GroupFigures, b: GroupFigures) => b.totalCents - a.totalCents || b.supports - a.supports || b.lastMicros - a.lastMicros || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

const plus = (a: GroupFigures | undefined, b: GroupFigures): GroupFigures =>
  a === undefined
    ? b
    : { key: b.key, totalCents: a.totalCents + b.totalCents, supports: a.supports + b.supports, lastMicros: Math.max(a.lastMicros, b.lastMicros), isRecurring: a.isRecurring || b.isRecurring };

async function pastRanking(db: Db, creatorId: string, from: Date, to: Date, kept: number): Promise<PastRanking> {
  const kind = `top:${kept}:${Math.round((to.getTime() - from.getTime()) / DAY_MS)}`;
  const cached = await readWindowFigure<PastRanking>(db, creatorId, kind, from, to);
  if (cached) return cached;
  const ranked = await rankGroups(db, creatorId, from, to, kept);
  const complete = ranked.groups <= kept;
  const ranking: PastRanking = {
    entries: ranked.entries.map((e) => [e.key, e.totalCents, e.supports, e.lastMicros, e.isRecurring]),
    complete,
    floor: complete ? 0 : (ranked.entries[kept - 1]?.totalCents ?? 0),
  };
  await keepWindowFigure(db, creatorId, kind, from, to, ranked.version, ranking);
  return ranking;
}

/** The `limit` best supporters of [from, to), as listTopSupportersFromFacts answers them (`kept`: see KEPT_GROUPS). */
export async function listTopSupporters(db: Db, creatorId: string, from: Date, to: Date, limit: number, kept = KEPT_GROUPS): Promise<TopSupporterRow[]> {
  const cut = new Date(to.getTime() - DAY_MS);
  if (from.getTime() % DAY_MS !== 0 || to.getTime() % DAY_MS !== 0 || cut <= from || limit > kept) {
    return listTopSupportersFromFacts(db, creatorId, from, to, limit);
  }
  const past = await pastRanking(db, creatorId, from, cut, kept);
  const today = await sumGroups(db, creatorId, cut, to);

  const exact = new Map<string, GroupFigures>();
  for (const [key, totalCents, supports, lastMicros, isRecurring] of past.entries) exact.set(key, { key, totalCents, supports, lastMicros, isRecurring });
  const unknown: Array<{ figures: GroupFigures; bound: number }> = [];
  for (const row of today) {
    const figures: GroupFigures = { key: row.key, totalCents: row.totalCents, supports: row.supports, lastMicros: row.lastMicros, isRecurring: row.isRecurring };
    if (exact.has(row.key) || past.complete || row.key === ANONYMOUS_GROUP) {
      // Kept, or known to have given nothing before today (the anonymous group is always kept when it gave).
      exact.set(row.key, plus(exact.get(row.key), figures));
    } else {
      const bound = Math.min(past.floor + row.totalCents, row.allTimeCents ?? Number.POSITIVE_INFINITY);
      unknown.push({ figures, bound });
    }
  }

  // The limit-th exact candidate only rises as candidates are added: whoever cannot reach it is out.
  const threshold = [...exact.values()].sort(byRank)[limit - 1]?.totalCents;
  const lookups = unknown.filter((u) => threshold === undefined || u.bound >= threshold);
  const pastOf = new Map((await sumSupporters(db, creatorId, lookups.map((u) => u.figures.key), from, cut)).map((p) => [p.key, p]));
  for (const u of lookups) exact.set(u.figures.key, plus(pastOf.get(u.figures.key), u.figures));

  const winners = [...exact.values()].sort(byRank).slice(0, limit);
  const names = new Map((await findSupporterNames(db, creatorId, winners.filter((w) => w.key !== ANONYMOUS_GROUP).map((w) => w.key), from, to)).map((r) => [r.key, r]));
  return winners.map(
    (w): TopSupporterRow => ({
      isAnonymousGroup: w.key === ANONYMOUS_GROUP,
      latestName: names.get(w.key)?.latestName ?? null,
      accountName: names.get(w.key)?.accountName ?? null,
      totalCents: w.totalCents,
      supports: w.supports,
      isRecurring: w.isRecurring,
      lastAt: new Date(Math.floor(w.lastMicros / 1000)),
    }),
  );
}
