// `tsx bench/api/reads.ts [--out file.json] [--quick] [--connections 20] [--seconds 10]`
// Requests per second and p99 of the public-profile read (GET /api/creators/:username) against the
// hello-world route of the same server (GET /api/health: no database work), with autocannon, the same
// connections and duration, on PostgreSQL and on PGlite. Goal on PostgreSQL: >= 60 % of hello-world.
import '../lib/production-mode';
import { seedDemoData } from 'api/bench';
import { autocannon, machineNote, parseOptions, report, round, startApi, type Engine, type LoadFigures } from './lib';
import type { BenchFigure, BenchSection } from '../lib/result';
import { insertCreator, seedSupports } from './seed';

const options = parseOptions();
const connections = options.numbers.get('connections') ?? 20;
const seconds = options.numbers.get('seconds') ?? (options.quick ? 3 : 8);
/** Hello and profile alternate for this many rounds, so a burst of load elsewhere hits both alike. */
const ROUNDS = 2;
const SUPPORTS = 2_000;
const USERNAME = 'bench_reads';

function combine(runs: LoadFigures[]): LoadFigures {
  const total = runs.reduce((sum, r) => sum + r.total, 0);
  return {
    requestsPerSecond: runs.reduce((sum, r) => sum + r.requestsPerSecond, 0) / runs.length,
    p50: runs.reduce((sum, r) => sum + r.p50, 0) / runs.length,
    p99: Math.max(...runs.map((r) => r.p99)),
    total,
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    serverCpuMsPerRequest: runs.reduce((sum, r) => sum + r.serverCpuMsPerRequest * r.total, 0) / Math.max(1, total),
  };
}

async function measure(engine: Engine): Promise<{ figures: BenchFigure[]; notes: string[] }> {
  const api = await startApi(engine, { label: 'reads' });
  try {
    // The demo creators plus one with a realistic history: tiers, 2,000 supports over a year.
    await seedDemoData(api.database.db);
    const creatorId = await insertCreator(api.database.db, USERNAME);
    await seedSupports(api.database.db, creatorId, SUPPORTS, { days: 365, supportsPerSupporter: 4 });
    const hello = `${api.origin}/api/health`;
    const profile = `${api.origin}/api/creators/${USERNAME}`;
    const check = await fetch(profile);
    if (check.status !== 200) throw new Error(`the profile answered ${check.status}`);
    const bytes = (await check.arrayBuffer()).byteLength;
    // Warm-up (JIT, pools, caches), not counted.
    await autocannon(hello, { connections, seconds: 1 });
    await autocannon(profile, { connections, seconds: 1 });
    const helloRuns: LoadFigures[] = [];
    const profileRuns: LoadFigures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      helloRuns.push(await autocannon(hello, { connections, seconds: seconds / ROUNDS }));
      profileRuns.push(await autocannon(profile, { connections, seconds: seconds / ROUNDS }));
    }
    const h = combine(helloRuns);
    const p = combine(profileRuns);
    const name = engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const ratio = p.requestsPerSecond / h.requestsPerSecond;
    const goal = engine === 'postgres' ? { goal: 'ratio >= 0.60', met: ratio >= 0.6 } : {};
    const notes: string[] = [];
    if (p.non2xx + p.errors + h.non2xx + h.errors > 0)
      notes.push(`${name}: ${p.non2xx + h.non2xx} non-2xx answers and ${p.errors + h.errors} errors`);
    return {
      figures: [
        {
          id: `api.reads.${engine}.profile`,
          label: `Public profile read (${name})`,
          value: round(p.requestsPerSecond),
          unit: 'req/s',
          baseline: { label: `hello-world /api/health (${name})`, value: round(h.requestsPerSecond) },
          ratio: round(ratio, 3),
          ...goal,
          detail: {
            p99Ms: p.p99,
            p50Ms: p.p50,
            helloP99Ms: h.p99,
            helloP50Ms: h.p50,
            serverCpuMsPerRead: round(p.serverCpuMsPerRequest, 3),
            serverCpuMsPerHello: round(h.serverCpuMsPerRequest, 3),
            connections,
            seconds,
            requests: p.total,
            responseBytes: bytes,
            supports: SUPPORTS,
          },
        },
        {
          id: `api.reads.${engine}.profile-p99`,
          label: `Public profile read p99 (${name})`,
          value: p.p99,
          unit: 'ms',
          baseline: { label: `hello-world p99 (${name})`, value: h.p99 },
          ...(h.p99 > 0 ? { ratio: round(p.p99 / h.p99, 2) } : {}),
        },
      ],
      notes,
    };
  } finally {
    await api.close();
  }
}

const sections: BenchSection[] = [];
const figures: BenchFigure[] = [];
const notes: string[] = [];
for (const engine of ['postgres', 'pglite'] as const) {
  const result = await measure(engine);
  figures.push(...result.figures);
  notes.push(...result.notes);
}
notes.push(
  `autocannon, ${connections} connections, ${seconds} s per route in ${ROUNDS} alternating rounds, anonymous reads of a creator with ${SUPPORTS} supports`,
);
notes.push(machineNote());
sections.push({ section: 'API reads: public profile vs hello-world', figures, notes });
report(options, sections);
process.exit(0);
