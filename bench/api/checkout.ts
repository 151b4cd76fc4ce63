// `tsx bench/api/checkout.ts [--out file.json] [--quick] [--clients 20] [--seconds 10] [--pool 20]`
// (also `pnpm --filter bench bench:checkout`). Sandbox checkouts per second on PostgreSQL through real
// HTTP from N concurrent clients, against the database's own limit: the same writes as one checkout sent
// straight to PostgreSQL by the same number of clients (checkout-db-baseline.ts). Then proves nothing was lost:
// every completed checkout (200) is a support row, and the ledger integrity check passes. Goal: at least half
// the baseline's rate, p99 under 100 ms, nothing lost. The hello-world rate (GET /api/health) is kept as a detail.
import '../lib/production-mode';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkLedgerIntegrity, formatIntegrityReport, supports } from 'api/bench';
import { eq, sql } from 'drizzle-orm';
import { machineNote, parseOptions, report, round, startApi } from './lib';
import type { BenchSection } from '../lib/result';
import { insertCreator } from './seed';
import { captureCheckout, runBaseline, snapshot } from './checkout-db-baseline';

interface LoadResult {
  latencies: number[];
  statuses: Record<string, number>;
  elapsed: number;
  warmUp: number;
}

/**
 * The load generator, as plain JavaScript run by a child process (its HTTP work shares neither the
 * server's event loop nor its CPU accounting): `clients` loops of keep-alive fetch() for `seconds`, after one warm-up
 * checkout each (not counted). A checkout is the four requests a browser makes: the checkout answers a payment
 * intent, the sandbox's card field tokenizes the test card and confirms the intent (the provider's work, in this
 * process in sandbox mode), and the page asks the API to complete it. Every checkout is a new visitor (its own X-Forwarded-For, as behind a load
 * balancer) with a new email and idempotency key, so per-visitor and per-email rate limits apply as in
 * production without turning the run into 429s. mode "hello" GETs the hello-world route instead.
 */
const LOAD_WORKER = `
const { randomUUID } = require('node:crypto');
const { endpoint, mode, clients, seconds, expYear, offset } = JSON.parse(process.argv[2]);
const origin = new URL(endpoint).origin;
let counter = offset;
const latencies = [];
const statuses = {};
const post = (url, body, ip) => fetch(url, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-requested-with': 'beabro', 'x-forwarded-for': ip },
  body: JSON.stringify(body),
});
/** One whole checkout as a browser makes it: start (intent), the card field's token and confirm, complete. */
async function checkout(n) {
  const ip = '10.' + ((n >> 16) & 255) + '.' + ((n >> 8) & 255) + '.' + (n & 255);
  const started = await post(endpoint, {
    amount: 1 + (n % 50), email: 'bro' + n + '@example.com', name: 'Bro ' + n, message: n % 3 === 0 ? 'Keep going!' : '',
    isAnonymous: n % 7 === 0, isRecurring: n % 10 === 0, tierPosition: null, idempotencyKey: randomUUID(),
  }, ip);
  if (started.status !== 200) { await started.arrayBuffer(); return started.status; }
  const { payment } = await started.json();
  const tokenized = await post(origin + '/sandbox-pay/v1/payment-methods', {
    card: { number: '4242 4242 4242 4242', expMonth: 12, expYear, cvc: '123' },
  }, ip);
  if (tokenized.status !== 200) { await tokenized.arrayBuffer(); return 'token ' + tokenized.status; }
  const { paymentMethod } = await tokenized.json();
  const confirmed = await post(origin + '/sandbox-pay/v1/intents/' + payment.intentId + '/confirm', {
    clientSecret: payment.clientSecret, paymentMethod: paymentMethod.id,
  }, ip);
  await confirmed.arrayBuffer();
  if (confirmed.status !== 200) return 'confirm ' + confirmed.status;
  const completed = await post(origin + '/api/payments/intents/' + payment.intentId + '/complete', {
    clientSecret: payment.clientSecret,
  }, ip);
  await completed.arrayBuffer();
  return completed.status;
}
async function once(record) {
  const n = ++counter;
  const started = performance.now();
  let status;
  if (mode === 'hello') {
    const res = await fetch(endpoint);
    await res.arrayBuffer();
    status = res.status;
  } else status = await checkout(n);
  if (record) {
    latencies.push(performance.now() - started);
    statuses[status] = (statuses[status] || 0) + 1;
  }
}
(async () => {
  await Promise.all(Array.from({ length: clients }, () => once(false)));
  const startedAt = performance.now();
  const deadline = startedAt + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async () => { while (performance.now() < deadline) await once(true); }));
  process.stdout.write(JSON.stringify({ latencies, statuses, elapsed: (performance.now() - startedAt) / 1000, warmUp: clients }));
})().catch((error) => { throw error; });
`;

const loadDir = mkdtempSync(path.join(os.tmpdir(), 'beabro-bench-load-'));
const loadScript = path.join(loadDir, 'load.cjs');
writeFileSync(loadScript, LOAD_WORKER);

interface LoadRun extends LoadResult {
  /** CPU time of this (the server's) process per second of the run, in ms: 1000 = one core busy. */
  serverCpuMsPerSecond: number;
}

function runLoad(data: {
  endpoint: string;
  mode: 'checkout' | 'hello';
  clients: number;
  seconds: number;
  expYear: number;
  offset: number;
}): Promise<LoadRun> {
  const cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [loadScript, JSON.stringify(data)], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const result = JSON.parse(stdout) as LoadResult;
      const used = process.cpuUsage(cpu);
      resolve({ ...result, serverCpuMsPerSecond: (used.user + used.system) / 1000 / result.elapsed });
    });
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const options = parseOptions();
const clients = options.numbers.get('clients') ?? 20;
const seconds = options.numbers.get('seconds') ?? (options.quick ? 4 : 10);
const poolSize = options.numbers.get('pool') ?? 20;
const expYear = new Date().getUTCFullYear() + 2;

const api = await startApi('postgres', { poolSize, label: 'checkout' });
let exitCode = 1;
try {
  const db = api.database.db;
  const creatorId = await insertCreator(db, 'bench_creator');
  const databaseUrl = api.databaseUrl;
  if (!databaseUrl) throw new Error('the checkout benchmark runs on PostgreSQL');
  const checkoutEndpoint = `${api.origin}/api/creators/bench_creator/supports`;

  // One checkout (a client's warm-up, nothing timed) between two snapshots: what it wrote is the baseline's work.
  const before = await snapshot(databaseUrl);
  await runLoad({ endpoint: checkoutEndpoint, mode: 'checkout', clients: 1, seconds: 0, expYear, offset: 90_000_000 });
  const captured = await captureCheckout(databaseUrl, before, await snapshot(databaseUrl));

  const hello = await runLoad({
    endpoint: `${api.origin}/api/health`,
    mode: 'hello',
    clients,
    seconds: Math.min(seconds, 5),
    expYear,
    offset: 0,
  });
  const load = await runLoad({
    endpoint: checkoutEndpoint,
    mode: 'checkout',
    clients,
    seconds,
    expYear,
    offset: 0,
  });
  await api.app.close();

  const statuses = new Map(Object.entries(load.statuses).map(([status, count]) => [Number(status), count]));
  const ok = statuses.get(200) ?? 0;
  const sorted = [...load.latencies].sort((a, b) => a - b);
  const [rows] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(supports)
    .where(eq(supports.creatorId, creatorId));
  const integrity = await checkLedgerIntegrity(db);
  // After the API's figures and checks, so the copies it writes never count as the API's supports.
  const baseline = await runBaseline(databaseUrl, captured, { clients, seconds });
  // The load's own checkouts, its warm-up ones, and the one captured for the baseline.
  const expectedRows = ok + load.warmUp + 1;
  const lost = Math.abs((rows?.count ?? 0) - expectedRows);
  const perSecond = ok / load.elapsed;
  const helloPerSecond = (hello.statuses['200'] ?? 0) / hello.elapsed;
  const allOk = ok === load.latencies.length;
  const p99 = percentile(sorted, 99);
  const ratio = perSecond / baseline.perSecond;
  const met = ratio >= 0.5 && p99 < 100 && lost === 0 && integrity.ok && allOk;

  const section: BenchSection = {
    section: 'API checkout: supports per second on PostgreSQL',
    figures: [
      {
        id: 'api.checkout.postgres.supports',
        label: `Checkouts (${clients} clients, PostgreSQL)`,
        value: round(perSecond),
        unit: 'supports/s',
        baseline: {
          label: `the same writes straight to PostgreSQL, transactions/s, same ${clients} clients`,
          value: round(baseline.perSecond),
        },
        ratio: round(ratio, 3),
        goal: 'ratio >= 0.5, p99 < 100 ms, nothing lost, integrity check passes',
        met,
        detail: {
          p50Ms: round(percentile(sorted, 50)),
          p99Ms: round(p99),
          baselineP50Ms: round(baseline.p50),
          baselineP99Ms: round(baseline.p99),
          baselineRowsPerCheckout: baseline.rowsPerTransaction,
          helloRequestsPerSecond: round(helloPerSecond),
          answers: [...statuses].map(([status, count]) => `${count} x ${status}`).join(', '),
          supportRows: rows?.count ?? 0,
          lost,
          integrity: integrity.ok ? 'passed' : 'FAILED',
          serverCpuMsPerCheckout: round(load.serverCpuMsPerSecond / perSecond, 2),
          serverCpuMsPerHello: round(hello.serverCpuMsPerSecond / helloPerSecond, 3),
          clients,
          seconds,
          pool: poolSize,
        },
      },
    ],
    notes: [
      `${formatIntegrityReport(integrity)}`,
      `Baseline (bench/api/checkout-db-baseline.ts): the rows one real checkout inserted (${baseline.tables.join(', ')}), written again with fresh ids in one transaction per checkout by ${clients} pg clients, the triggers (rollups, counters) firing as for the API; the sandbox provider's own tables left out`,
      `${clients} concurrent clients (fetch, keep-alive, in a child process) for ${seconds} s, each checkout a new guest with the sandbox card; 1 in 10 monthly; jobs and the email sender off (emails are still queued)`,
      machineNote(),
    ],
  };
  report(options, [section]);
  exitCode = lost === 0 && integrity.ok && ok > 0 && allOk ? 0 : 1;
} finally {
  await api.close();
  rmSync(loadDir, { recursive: true, force: true });
}
process.exit(exitCode);
