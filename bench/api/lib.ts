// Shared plumbing of the API benchmarks: options, throwaway databases, the API built in-process
// with its app factory, autocannon runs and the result file.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildApp,
  loadConfig,
  migrateDatabase,
  openPglite,
  openPostgres,
  type Database,
  type FastifyInstance,
} from 'api/bench';
import pg from 'pg';
import type { BenchSection } from '../lib/result';

export type Engine = 'postgres' | 'pglite';

export interface BenchOptions {
  out: string | null;
  quick: boolean;
  numbers: Map<string, number>;
}

/** `--out <file>`, `--quick`, and numeric options such as `--clients 20`. */
export function parseOptions(argv = process.argv.slice(2)): BenchOptions {
  const options: BenchOptions = { out: null, quick: false, numbers: new Map() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--quick') options.quick = true;
    else if (arg === '--out') options.out = argv[++i] ?? null;
    else if (arg.startsWith('--')) {
      const value = Number(argv[++i]);
      if (!Number.isFinite(value) || value <= 0) throw new Error(`${arg} must be a positive number`);
      options.numbers.set(arg.slice(2), value);
    } else throw new Error(`unknown argument ${arg}`);
  }
  return options;
}

export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ThrowawayDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A new empty PostgreSQL database on the admin server; `drop` removes it (call it in `finally`). */
export async function createPostgresDatabase(label: string): Promise<ThrowawayDatabase> {
  const name = `bench_${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface BenchApi {
  engine: Engine;
  database: Database;
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The throwaway PostgreSQL database's URL (null on PGlite). */
  databaseUrl: string | null;
  close: () => Promise<void>;
}

/**
 * The real API built by its app factory on a fresh, migrated database (a new PostgreSQL database, or
 * PGlite in a temporary folder), listening on 127.0.0.1. Jobs and the email sender are off; emails
 * are still queued. `/api/health` (no database work) is the hello-world baseline.
 */
export async function startApi(engine: Engine, options: { poolSize?: number; label?: string } = {}): Promise<BenchApi> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beabro-bench-'));
  const throwaway = engine === 'postgres' ? await createPostgresDatabase(options.label ?? 'api') : null;
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(dataDir, { recursive: true, force: true })];
  if (throwaway) cleanups.unshift(throwaway.drop);
  const cleanUp = async () => {
    for (const step of cleanups) await step();
  };
  try {
    const database = throwaway ? await openPostgres(throwaway.url, options.poolSize ?? 20) : await openPglite(dataDir);
    cleanups.unshift(() => database.close());
    await migrateDatabase(database, throwaway?.url);
    const config = loadConfig({
      ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
      DATA_DIR: dataDir,
      SITE_DIR: dataDir,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
      JOBS_ENABLED: 'false',
      EMAIL_SENDER_ENABLED: 'false',
      SEED_DEMO_DATA: 'false',
    });
    const app = await buildApp(config, database.db);
    cleanups.unshift(() => app.close());
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    return { engine, database, app, origin, databaseUrl: throwaway?.url ?? null, close: cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  /** CPU time of this (the server's) process per request, in ms (autocannon runs in its own process). */
  serverCpuMsPerRequest: number;
}

const AUTOCANNON = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../node_modules/.bin/autocannon');

/**
 * autocannon as its own process (so its work does not share the server's event loop): `connections`
 * keep-alive connections for `seconds`, JSON summary back.
 */
export function autocannon(
  url: string,
  { connections, seconds, headers = {} }: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadFigures> {
  const args = [
    '-c',
    String(connections),
    '-d',
    String(seconds),
    '-j',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    url,
  ];
  const cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    execFile(AUTOCANNON, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const result = JSON.parse(stdout) as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
        duration: number;
      };
      const used = process.cpuUsage(cpu);
      resolve({
        requestsPerSecond: result.requests.total / result.duration,
        p50: result.latency.p50,
        p99: result.latency.p99,
        total: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        serverCpuMsPerRequest: result.requests.total > 0 ? (used.user + used.system) / 1000 / result.requests.total : 0,
      });
    });
  });
}

/** Milliseconds per call of `fn`, median of `runs` after `warmUp` unmeasured calls. */
export async function medianMs(
  fn: () => Promise<unknown>,
  runs: number,
  warmUp = 3,
): Promise<{ median: number; p90: number }> {
  for (let i = 0; i < warmUp; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { median: at(0.5), p90: at(0.9) };
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Prints the figures and writes the sections to --out (a JSON array). */
export function report(options: BenchOptions, sections: BenchSection[]): void {
  for (const section of sections) {
    console.info(`\n${section.section}`);
    for (const f of section.figures) {
      const base = f.baseline ? ` vs ${f.baseline.label} ${round(f.baseline.value)} ${f.unit}` : '';
      const ratio = f.ratio === undefined ? '' : ` (ratio ${round(f.ratio, 2)})`;
      const goal = f.goal ? ` goal ${f.goal}: ${f.met ? 'met' : 'MISSED'}` : '';
      const detail = f.detail
        ? `  [${Object.entries(f.detail)
            .map(([k, v]) => `${k} ${typeof v === 'number' ? round(v, 2) : v}`)
            .join(', ')}]`
        : '';
      console.info(`  ${f.label}: ${round(f.value)} ${f.unit}${base}${ratio}${goal}${detail}`);
    }
    for (const note of section.notes ?? []) console.info(`  note: ${note}`);
  }
  if (options.out) writeFileSync(options.out, `${JSON.stringify(sections, null, 2)}\n`);
}

/** Machine context for the notes: the figures are only comparable within one run. */
export function machineNote(): string {
  const [one, five] = os.loadavg();
  return `${os.cpus().length} CPU cores, load average ${round(one ?? 0, 2)} (1 min) ${round(five ?? 0, 2)} (5 min) at the end; ratios are against a baseline measured in the same run`;
}
