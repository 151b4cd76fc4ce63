// `tsx bench/api/growth.ts [--out file.json] [--quick] [--small 10000] [--large 1000000] [--huge 10000000] [--runs 30]`
// The creator dashboard (GET /api/creator/dashboard) and analytics (GET /api/creator/analytics for 7d,
// 30d, 90d and 1y) for a creator with 10 thousand supports and one with 1 million, both spread over the
// same year (so the big one is 100 times busier every day), on PostgreSQL, through real HTTP as the
// signed-in creator. Goal (issue 16): each 1-million read at most 1.5 times the 10-thousand one, and its
// p99 under 50 ms. `--huge N` adds a third creator with N supports (10 million takes long to seed: off by
// default), compared with the small one the same way.
import '../lib/production-mode';
import {
  analyticsWindow,
  checkLedgerIntegrity,
  countByAmount,
  countNewSupporters,
  countNewSupportersSince,
  countSupporters,
  estimateNextPayout,
  findGoalReachedAt,
  listFirstSupports,
  listRecentReceivedSupports,
  listSupports,
  listTopSupporters,
  monthStarts,
  SESSION_COOKIE,
  startSession,
  sumByDay,
  sumCreatorLedger,
  sumPeriod,
} from 'api/bench';
import { machineNote, medianMs, parseOptions, report, round, startApi } from './lib';
import type { BenchFigure, BenchSection } from '../lib/result';
import { insertCreator, seedSupports } from './seed';

const options = parseOptions();
const small = options.numbers.get('small') ?? (options.quick ? 2_000 : 10_000);
const large = options.numbers.get('large') ?? (options.quick ? 200_000 : 1_000_000);
const huge = options.numbers.get('huge') ?? 0;
const runs = options.numbers.get('runs') ?? (options.quick ? 9 : 30);
const P99_GOAL_MS = 50;
const DAYS = 365;
const SUPPORTS_PER_SUPPORTER = 4;

const READS = [
  { key: 'dashboard', label: 'Creator dashboard', path: '/api/creator/dashboard' },
  { key: 'analytics-7d', label: 'Analytics, 7 days', path: '/api/creator/analytics?period=7d' },
  { key: 'analytics-30d', label: 'Analytics, 30 days', path: '/api/creator/analytics?period=30d' },
  { key: 'analytics-90d', label: 'Analytics, 90 days', path: '/api/creator/analytics?period=90d' },
  { key: 'analytics-1y', label: 'Analytics, 1 year', path: '/api/creator/analytics?period=1y' },
] as const;

type Size = 'small' | 'large' | 'huge';
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
/** Each call's own time in ms. */
async function timeEach(fn: () => Promise<unknown>, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times;
}

const api = await startApi('postgres', { label: 'growth' });
let exitCode = 1;
try {
  const db = api.database.db;
  const sizes: [Size, number][] = [
    ['small', small],
    ['large', large],
    ...(huge > 0 ? [['huge', huge] as [Size, number]] : []),
  ];
  const seeded = new Map<Size, { creatorId: string; cookie: string; seedSeconds: number }>();
  for (const [size, count] of sizes) {
    const started = performance.now();
    const creatorId = await insertCreator(db, `growth_${size}`);
    await seedSupports(db, creatorId, count, { days: DAYS, supportsPerSupporter: SUPPORTS_PER_SUPPORTER });
    const session = await startSession(db, creatorId);
    seeded.set(size, {
      creatorId,
      cookie: `${SESSION_COOKIE}=${session.token}`,
      seedSeconds: (performance.now() - started) / 1000,
    });
    console.info(
      `seeded ${count} supports (with ledger entries and rollups) in ${round(seeded.get(size)?.seedSeconds ?? 0)} s`,
    );
  }
  const of = (size: Size) => {
    const s = seeded.get(size);
    if (!s) throw new Error(`no ${size} creator`);
    return s;
  };

  const get = (path: string, cookie: string) => async () => {
    const res = await fetch(`${api.origin}${path}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };

  const figures: BenchFigure[] = [];
  const percentiles: string[] = [];
  for (const read of READS) {
    // Alternate the creators in rounds, so a burst of load elsewhere hits them alike. A read slower than
    // a second is measured once per round (the budget).
    const times = new Map<Size, number[]>(sizes.map(([size]) => [size, []]));
    for (const [size] of sizes) await timeEach(get(read.path, of(size).cookie), 2);
    const slow = (await timeEach(get(read.path, of(huge > 0 ? 'huge' : 'large').cookie), 1))[0]! > 1_000;
    const rounds = 3;
    for (let r = 0; r < rounds; r++) {
      for (const [size] of sizes)
        times
          .get(size)!
          .push(
            ...(await timeEach(
              get(read.path, of(size).cookie),
              slow && size !== 'small' ? 1 : Math.ceil(runs / rounds),
            )),
          );
    }
    const small50 = percentile(times.get('small')!, 50);
    for (const [size, count] of sizes) {
      const p50 = percentile(times.get(size)!, 50);
      const p99 = percentile(times.get(size)!, 99);
      percentiles.push(
        `${read.key} ${count}: p50 ${round(p50, 1)} ms, p99 ${round(p99, 1)} ms (${times.get(size)!.length} reads)`,
      );
      if (size === 'small') continue;
      const ratio = p50 / small50;
      figures.push({
        id: `api.growth.postgres.${read.key}${size === 'huge' ? '.huge' : ''}`,
        label: `${read.label}: ${count.toLocaleString('en-US')} supports`,
        value: round(p50, 2),
        unit: 'ms',
        baseline: { label: `${small.toLocaleString('en-US')} supports`, value: round(small50, 2) },
        ratio: round(ratio, 2),
        goal: `ratio <= 1.5, p99 < ${P99_GOAL_MS} ms`,
        met: ratio <= 1.5 && p99 < P99_GOAL_MS,
        detail: {
          route: read.path,
          runs: times.get(size)!.length,
          smallSupports: small,
          supports: count,
          p99Ms: round(p99, 1),
          smallP99Ms: round(percentile(times.get('small')!, 99), 1),
        },
      });
    }
  }

  // Profile: each query behind the two pages, once, for the large creator (where the time goes).
  const creatorId = of('large').creatorId;
  const now = new Date();
  const window = analyticsWindow('30d', now);
  const year = analyticsWindow('1y', now);
  const months = monthStarts(now);
  const queries: Record<string, () => Promise<unknown>> = {
    'dashboard.sumCreatorLedger': () => sumCreatorLedger(db, creatorId, months.thisMonth, months.lastMonth),
    'dashboard.countSupporters': () => countSupporters(db, creatorId, months.thisMonth),
    'dashboard.countNewSupportersSince': () => countNewSupportersSince(db, creatorId, window.start),
    'dashboard.listRecentReceivedSupports': () => listRecentReceivedSupports(db, creatorId, 10),
    'dashboard.estimateNextPayout': () => estimateNextPayout(db, creatorId, 'US', now),
    'analytics30d.sumPeriod': () => sumPeriod(db, creatorId, window.start, window.end),
    'analytics30d.countNewSupporters': () => countNewSupporters(db, creatorId, window.start, window.end),
    'analytics30d.sumByDay': () => sumByDay(db, creatorId, window.start, window.end),
    'analytics30d.countByAmount': () => countByAmount(db, creatorId, window.start, window.end),
    'analytics30d.listTopSupporters': () => listTopSupporters(db, creatorId, window.start, window.end, 10),
    'analytics30d.listSupports': () =>
      listSupports(db, creatorId, window.start, window.end, { order: 'newest', limit: 10 }),
    'analytics30d.listFirstSupports': () => listFirstSupports(db, creatorId, window.start, window.end, 10),
    'analytics30d.findGoalReachedAt': () => findGoalReachedAt(db, creatorId, 100_000_000),
    'analytics1y.sumPeriod': () => sumPeriod(db, creatorId, year.start, year.end),
    'analytics1y.sumPeriod(previous)': () => sumPeriod(db, creatorId, year.previousStart, year.start),
    'analytics1y.listTopSupporters': () => listTopSupporters(db, creatorId, year.start, year.end, 10),
  };
  const profile: string[] = [];
  for (const [name, run] of Object.entries(queries))
    profile.push(`${name} ${round((await medianMs(run, 1, 0)).median)} ms`);

  const integrity = await checkLedgerIntegrity(db);
  const section: BenchSection = {
    section: `API growth: dashboard and analytics, ${small.toLocaleString('en-US')} vs ${sizes
      .slice(1)
      .map(([, c]) => c.toLocaleString('en-US'))
      .join(' and ')} supports (PostgreSQL)`,
    figures,
    notes: [
      `p50 (the value) and p99 ms of about ${runs} sequential reads each through HTTP as the signed-in creator; supports spread over the last ${DAYS} days, ${SUPPORTS_PER_SUPPORTER} per distinct supporter`,
      `per read and size: ${percentiles.join('; ')}`,
      `seeding (set-based SQL, supports, their ledger entries and identities, then the rollups rebuilt): ${sizes.map(([size, count]) => `${count} in ${round(of(size).seedSeconds)} s`).join(', ')}; ledger and rollup integrity ${integrity.ok ? 'passes' : 'FAILS'} on the seeded data`,
      `profile at ${large} supports, one run per query: ${profile.join(', ')}`,
      'PostgreSQL only: seeding a million supports into PGlite takes too long for the benchmark budget',
      machineNote(),
    ],
  };
  report(options, [section]);
  exitCode = integrity.ok ? 0 : 1;
} finally {
  await api.close();
}
process.exit(exitCode);
