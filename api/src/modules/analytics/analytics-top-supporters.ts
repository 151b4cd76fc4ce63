import type { Db } from '../../db/database';
import {
  ANONYMOUS_GROUP,
  findSupporterNames,
  keepWindowFigure,
  listTopSupportersFromFacts,
  markWindowFigure,
  rankGroups,
  readLatestWindowFigure,
  sumGroups,
  sumSupporters,
  type GroupFigures,
} from './analytics-repository';

/*
 * The top supporters of [from, to) with a bounded read whatever the creator's history. The period up to
 * an instant `cut` (the time of the read that ranked it) is ranked from the facts once and kept
 * (creator_window_cache, dropped by the supports trigger when a support created before `cut` is
 * written): its best `kept` groups, the anonymous group, and `floor`, the kept-th total. The supports
 * since `cut` are then added by group. A group outside the kept ones gave at most `floor` before `cut`
 * (and at most its all-time gross), so only those of the new supporters whose bound could still reach the
 * limit-th candidate have their past read, by supporter. When more than REFRESH_AFTER_SUPPORTS supports
 * came since `cut`, the period is ranked again up to now. The same list, in the same order, as
 * listTopSupportersFromFacts (ties on total, count and latest support aside), except that the anonymous
 * group's names, never shown, are not read.
 */

/** How many of the past's best groups are kept: the more, the lower the floor and the fewer lookups. */
export const KEPT_GROUPS = 250;
/** Supports since the kept ranking after which the period is ranked again (each may cost one lookup). */
export const REFRESH_AFTER_SUPPORTS = 500;
const DAY_MS = 86_400_000;
/** How long a checkout can take between its timestamp and its commit, generously. */
export const IN_FLIGHT_MS = 5 * 60_000;

interface PastRanking {
  entries: Array<[key: string, totalCents: number, supports: number, lastMicros: number, isRecurring: boolean]>;
  /** Every group of the past is in `entries`. */
  complete: boolean;
  /** The kept-th total: a group not in `entries` gave at most this. */
  floor: number;
}

export type TopSupporterRow = Awaited<ReturnType<typeof listTopSupportersFromFacts>>[number];

/** Orders groups like the SQL list: total, count, latest support, all descending (then key, for stability). */
const byRank = (a: GroupFigures, b: GroupFigures) =>
  b.totalCents - a.totalCents ||
  b.supports - a.supports ||
  b.lastMicros - a.lastMicros ||
  (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

const plus = (a: GroupFigures | undefined, b: GroupFigures): GroupFigures =>
  a === undefined
    ? b
    : {
        key: b.key,
        totalCents: a.totalCents + b.totalCents,
        supports: a.supports + b.supports,
        lastMicros: Math.max(a.lastMicros, b.lastMicros),
        isRecurring: a.isRecurring || b.isRecurring,
      };

/** Ranks [from, cut) from the facts and keeps the ranking (unless a support was written meanwhile). */
async function rankPast(
  db: Db,
  creatorId: string,
  kind: string,
  from: Date,
  cut: Date,
  kept: number,
): Promise<PastRanking> {
  const token = await markWindowFigure(db, creatorId, kind, from, cut);
  const ranked = await rankGroups(db, creatorId, from, cut, kept);
  const complete = ranked.groups <= kept;
  const ranking: PastRanking = {
    entries: ranked.entries.map((e) => [e.key, e.totalCents, e.supports, e.lastMicros, e.isRecurring]),
    complete,
    floor: complete ? 0 : (ranked.entries[kept - 1]?.totalCents ?? 0),
  };
  await keepWindowFigure(db, creatorId, kind, from, cut, token, ranking);
  return ranking;
}

/**
 * The `limit` best supporters of [from, to), as listTopSupportersFromFacts answers them. `now` is where a
 * new ranking stops; `kept` and `refreshAfter` (KEPT_GROUPS, REFRESH_AFTER_SUPPORTS) are for the tests.
 */
export async function listTopSupporters(
  db: Db,
  creatorId: string,
  from: Date,
  to: Date,
  limit: number,
  options: { kept?: number; refreshAfter?: number; now?: Date } = {},
): Promise<TopSupporterRow[]> {
  const kept = options.kept ?? KEPT_GROUPS;
  const now = options.now ?? new Date();
  // A ranking stops a little before now: a checkout stamped just before now may still be on its way to
  // the database, and writing it would drop a ranking that ended after it (the supports since are added anyway).
  const settled = new Date(now.getTime() - IN_FLIGHT_MS);
  const rankUntil = settled < to ? settled : to;
  if (from.getTime() % DAY_MS !== 0 || to.getTime() % DAY_MS !== 0 || rankUntil <= from || limit > kept) {
    return listTopSupportersFromFacts(db, creatorId, from, to, limit);
  }
  // By start only: a period's rankings with the same start (1 year starts on the same day for a month)
  // are reused whatever day the read is on.
  const kind = `top:${kept}`;
  const cached = await readLatestWindowFigure<PastRanking>(db, creatorId, kind, from, to);
  let cut = cached?.to ?? rankUntil;
  let past = cached?.value ?? (await rankPast(db, creatorId, kind, from, cut, kept));
  let recent = await sumGroups(db, creatorId, cut, to);
  if (
    cached &&
    recent.reduce((sum, g) => sum + g.supports, 0) > (options.refreshAfter ?? REFRESH_AFTER_SUPPORTS) &&
    rankUntil > cut
  ) {
    cut = rankUntil;
    past = await rankPast(db, creatorId, kind, from, cut, kept);
    recent = await sumGroups(db, creatorId, cut, to);
  }

  const exact = new Map<string, GroupFigures>();
  for (const [key, totalCents, supports, lastMicros, isRecurring] of past.entries)
    exact.set(key, { key, totalCents, supports, lastMicros, isRecurring });
  const unknown: Array<{ figures: GroupFigures; bound: number }> = [];
  for (const row of recent) {
    const figures: GroupFigures = {
      key: row.key,
      totalCents: row.totalCents,
      supports: row.supports,
      lastMicros: row.lastMicros,
      isRecurring: row.isRecurring,
    };
    if (exact.has(row.key) || past.complete || row.key === ANONYMOUS_GROUP) {
      // Kept, or known to have given nothing before `cut` (the anonymous group is always kept when it gave).
      exact.set(row.key, plus(exact.get(row.key), figures));
    } else {
      const bound = Math.min(past.floor + row.totalCents, row.allTimeCents ?? Number.POSITIVE_INFINITY);
      unknown.push({ figures, bound });
    }
  }

  // The limit-th exact candidate only rises as candidates are added: whoever cannot reach it is out.
  const threshold = [...exact.values()].sort(byRank)[limit - 1]?.totalCents;
  const lookups = unknown.filter((u) => threshold === undefined || u.bound >= threshold);
  const pastOf = new Map(
    (
      await sumSupporters(
        db,
        creatorId,
        lookups.map((u) => u.figures.key),
        from,
        cut,
      )
    ).map((p) => [p.key, p]),
  );
  for (const u of lookups) exact.set(u.figures.key, plus(pastOf.get(u.figures.key), u.figures));

  const winners = [...exact.values()].sort(byRank).slice(0, limit);
  const names = new Map(
    (
      await findSupporterNames(
        db,
        creatorId,
        winners.filter((w) => w.key !== ANONYMOUS_GROUP).map((w) => w.key),
        from,
        to,
      )
    ).map((r) => [r.key, r]),
  );
  return winners.map((w): TopSupporterRow => ({
    isAnonymousGroup: w.key === ANONYMOUS_GROUP,
    latestName: names.get(w.key)?.latestName ?? null,
    accountName: names.get(w.key)?.accountName ?? null,
    totalCents: w.totalCents,
    supports: w.supports,
    isRecurring: w.isRecurring,
    lastAt: new Date(Math.floor(w.lastMicros / 1000)),
  }));
}
