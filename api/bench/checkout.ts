// `pnpm --filter api bench:checkout [--clients 20] [--seconds 10]`: sandbox checkouts per second on
// PostgreSQL through real HTTP. Needs DATABASE_URL or TEST_DATABASE_URL (a server where it may create
// a throwaway database, dropped at the end). Prints throughput and latency, then proves nothing was
// lost: every 201 is a support row, and the ledger integrity check passes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { SUPPORT_TIERS } from '@beabro/shared/data/support-tiers';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { migrateDatabase, openPostgres } from '../src/db/database';
import { creatorProfiles, supports, supportTiers, users } from '../src/db/schema';
import { checkLedgerIntegrity, formatIntegrityReport } from '../src/modules/ledger/integrity-service';

function option(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface LoadResult {
  latencies: number[];
  statuses: Map<number, number>;
  elapsed: number;
  warmUp: number;
}

/**
 * The load generator, as plain JavaScript for a worker thread: `clients` loops of keep-alive
 * fetch() for `seconds`, after one warm-up request each (not counted). Every request is a new
 * visitor (its own X-Forwarded-For, as behind a load balancer) with a new email and idempotency key,
 * so per-visitor and per-email rate limits apply as in production without turning the run into 429s.
 */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomUUID } = require('node:crypto');
const { endpoint, clients, seconds, expYear } = workerData;
let counter = 0;
const latencies = [];
const statuses = {};
async function checkout(record) {
  const n = ++counter;
  const started = performance.now();
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'beabro', 'x-forwarded-for': '10.' + ((n >> 16) & 255) + '.' + ((n >> 8) & 255) + '.' + (n & 255) },
    body: JSON.stringify({
      amount: 1 + (n % 50), email: 'bro' + n + '@example.com', name: 'Bro ' + n, message: n % 3 === 0 ? 'Keep going!' : '',
      isAnonymous: n % 7 === 0, isRecurring: n % 10 === 0, tierPosition: null,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear, cvc: '123' }, idempotencyKey: randomUUID(),
    }),
  });
  await res.arrayBuffer();
  if (record) {
    latencies.push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] || 0) + 1;
  }
}
(async () => {
  await Promise.all(Array.from({ length: clients }, () => checkout(false)));
  const startedAt = performance.now();
  const deadline = startedAt + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async () => { while (performance.now() < deadline) await checkout(true); }));
  parentPort.postMessage({ latencies, statuses, elapsed: (performance.now() - startedAt) / 1000, warmUp: clients });
})().catch((error) => { throw error; });
`;

function runLoad(data: { endpoint: string; clients: number; seconds: number; expYear: number }): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: data });
    worker.once('message', (message: { latencies: number[]; statuses: Record<string, number>; elapsed: number; warmUp: number }) => {
      resolve({ ...message, statuses: new Map(Object.entries(message.statuses).map(([status, count]) => [Number(status), count])) });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const clients = option('clients', 20);
const seconds = option('seconds', 10);
const poolSize = option('pool', 20);
const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (a throwaway database is created there).');
  process.exit(1);
}

const name = `beabro_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${name}`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beabro-bench-'));
const database = await openPostgres(url.toString(), poolSize);
let exitCode = 1;
try {
  await migrateDatabase(database, url.toString());
  const db = database.db;
  // Jobs and the email sender stay off: this measures checkout alone (emails are still queued).
  const config = loadConfig({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, SITE_DIR: dataDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'true', JOBS_ENABLED: 'false', EMAIL_SENDER_ENABLED: 'false', SEED_DEMO_DATA: 'false' });
  const app = await buildApp(config, db);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  const [user] = await db.insert(users).values({ email: 'bench-creator@example.com', displayName: 'Bench Creator', userType: 'creator' }).returning();
  if (!user) throw new Error('could not create the creator');
  await db.insert(creatorProfiles).values({ userId: user.id, username: 'bench_creator', displayName: 'Bench Creator', bio: 'Benchmarks.', creatorType: 'creator', minimumAmountCents: 100, country: 'US' });
  await db.insert(supportTiers).values(SUPPORT_TIERS.map((tier, position) => ({ creatorId: user.id, position, name: tier.name, emoji: tier.emoji, description: tier.description, perks: [...tier.perks], isRecurring: tier.isRecurring, amountCents: tier.amountCents })));

  // The clients run in a worker thread, so their HTTP work does not share the server's event loop.
  const load = await runLoad({ endpoint: `${address}/api/creators/bench_creator/supports`, clients, seconds, expYear: new Date().getUTCFullYear() + 2 });
  await app.close();
  const { latencies, statuses, elapsed } = load;

  const ok = statuses.get(201) ?? 0;
  const sorted = [...latencies].sort((a, b) => a - b);
  const [rows] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number), cents: sql<number>`coalesce(sum(${supports.amountCents}), 0)`.mapWith(Number) })
    .from(supports)
    .where(eq(supports.creatorId, user.id));
  const warmUp = load.warmUp;
  const report = await checkLedgerIntegrity(db);

  console.info(`Checkout benchmark: ${clients} concurrent clients for ${seconds} s on PostgreSQL (pool ${poolSize}), sandbox provider, real HTTP`);
  console.info(`  requests: ${latencies.length} (${[...statuses].map(([status, count]) => `${count} x ${status}`).join(', ')})`);
  console.info(`  supports/second: ${(ok / elapsed).toFixed(1)}`);
  console.info(`  latency: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`);
  const expectedRows = ok + warmUp;
  const lost = rows?.count !== expectedRows;
  console.info(`  support rows: ${rows?.count} for ${ok} answers 201 (+ ${warmUp} warm-up): ${lost ? 'MISMATCH, something was lost' : 'nothing lost'}`);
  console.info(`  ${formatIntegrityReport(report)}`);
  exitCode = !lost && report.ok && ok > 0 && ok === latencies.length ? 0 : 1;
} finally {
  await database.close();
  const dropper = new pg.Client({ connectionString: adminUrl });
  await dropper.connect();
  await dropper.query(`drop database if exists ${name} with (force)`);
  await dropper.end();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
