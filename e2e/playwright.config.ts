import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findNginx, NGINX_MISSING } from './find-nginx.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** The journeys also run against a server on PostgreSQL when TEST_DATABASE_URL is set (as in CI), on the next port. */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
/** The cluster (two instances on one PostgreSQL database behind nginx) needs both; why not, for cluster.spec.ts. */
const NGINX = findNginx();
if (!process.env.E2E_CLUSTER_SKIPPED)
  process.env.E2E_CLUSTER_SKIPPED = !POSTGRES_URL
    ? 'The cluster tests need PostgreSQL: set TEST_DATABASE_URL (PGlite cannot be shared between processes).'
    : NGINX
      ? ''
      : `The cluster tests need nginx: ${NGINX_MISSING}`;
const CLUSTER_ON = process.env.E2E_CLUSTER_SKIPPED === '';
// Said once per run (scripts/skipped-tests.mjs says it at the start of `pnpm test`), so a green run does not hide it.
if (!process.env.SKIPPED_TESTS_SAID && !process.env.TEST_WORKER_INDEX) {
  if (!POSTGRES_URL)
    console.warn(
      'TEST_DATABASE_URL is not set: skipping the journeys on PostgreSQL, the cluster journey and cluster.spec.ts ' +
        '(two API instances behind nginx). Set TEST_DATABASE_URL=postgres://user@host:5432/db to run them.',
    );
  else if (!CLUSTER_ON) console.warn(`Skipping the cluster journey and cluster.spec.ts: ${NGINX_MISSING}`);
}
const POSTGRES_PORT = Number(process.env.E2E_POSTGRES_PORT ?? PORT + 1);
const JOURNEYS = /journeys[^/]*\.spec\.ts$/;
/**
 * The journeys run the renewal and payout jobs with clocks weeks ahead, which touch every creator on their server
 * (demo ones too): they get a server of their own (a fresh data folder, on the next port after the cluster's) and
 * run on a second worker beside the other specs, instead of after them on the first server.
 */
const JOURNEYS_PORT = Number(process.env.E2E_JOURNEYS_PORT ?? PORT + 3);
/**
 * Many instances, one site (docs/deployment.md, "Running at scale"): with TEST_DATABASE_URL, e2e/start-cluster.mjs
 * runs two API instances on one PostgreSQL database behind nginx on CLUSTER_PORT. The mouse journey
 * runs through it (one instance is killed mid-way), then cluster.spec.ts proves what must hold across
 * instances. Started with the other servers, so its start-up overlaps theirs instead of adding to the run.
 */
const CLUSTER = /cluster\.spec\.ts$/;
const CLUSTER_PORT = Number(process.env.E2E_CLUSTER_PORT ?? PORT + 2);
/**
 * The desktop specs make their own accounts (tests/support/accounts.ts) and only read the demo ones, so their files
 * can run side by side. E2E_WORKERS browsers at a time in all (default 2, one per core of a 2-core machine; every
 * spec is CPU-bound there, so more only queue): the desktop specs may take all of them, each journeys project one.
 * The tests tagged @server-wide change what the server serves to everyone (they deploy a remote): they run after
 * the desktop specs, alone, in the `server-wide` project.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const SERVER_WIDE = /@server-wide/;
if (!process.env.CLUSTER_CONTROL_FILE)
  process.env.CLUSTER_CONTROL_FILE = path.join(os.tmpdir(), `beabro-cluster-${process.pid}.json`);
// Set once by the main process so test workers (which inherit the environment) know where the server keeps its data.
// A folder made here is removed by global-teardown.ts when the run ends.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = path.join(os.tmpdir(), `beabro-e2e-${process.pid}`);
  process.env.E2E_DATA_DIR_MADE = '1';
}
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

/**
 * What both servers get: DEV_TOOLS for the journeys' POST /api/dev/jobs/:name (run a job at a chosen
 * clock), sign-up and sandbox card limits per IP above what the whole run needs (every spec signs up and pays from
 * 127.0.0.1),
 * and WEBHOOKS_ALLOW_LOCAL so the webhooks spec's receiver can listen on http://127.0.0.1.
 */
const serverEnv = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SUPPORT_EMAIL: 'help@beabro.test',
  DEV_TOOLS: 'true',
  SIGN_UP_LIMIT_PER_IP: '200',
  SANDBOX_CARD_LIMIT_PER_IP: '2000',
  // Every test declines from 127.0.0.1 with the same test cards: the card-testing defence would block them by IP and
  // card. Each test's creator is its own, so the per-creator limit keeps its default (operator.spec.ts reaches it).
  FRAUD_DECLINE_LIMIT: '2000',
  WEBHOOKS_ALLOW_LOCAL: 'true',
};

/** End-to-end journeys over the production build, served by the API server exactly as in production. */
export default defineConfig({
  testDir: './tests',
  globalTeardown: './global-teardown.ts',
  // One results folder per server port: runs on different ports never wipe each other's traces.
  outputDir: process.env.E2E_PORT ? `test-results/port-${PORT}` : 'test-results',
  fullyParallel: false,
  // The desktop specs on the first server, on every worker, then the server-wide tests alone; the journeys, their
  // PostgreSQL run and the cluster one spec at a time each, on servers of their own (docs/testing.md, "Workers").
  workers: WORKERS,
  retries: 0,
  // Ceilings, never waits: a test ends as soon as what it asserts holds. They are set for a 2-core machine that is
  // also busy with other work (load 15-25 measured while the suite ran): there a page's first render has taken 10 s
  // and a checkout journey over a minute. An axe-core check adds its own allowance (tests/support/axe.ts).
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // The list as it goes, and where the time went (test-results/e2e-times.json, for docs/testing.md's table).
  reporter: [['list'], ['./times-reporter.mjs']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  // Queued in this order: a worker takes the first spec whose project has a worker free, so the desktop specs keep
  // every worker busy; the journeys, the PostgreSQL journeys and the cluster then run beside the server-wide tests.
  projects: [
    {
      name: 'desktop',
      testIgnore: [JOURNEYS, CLUSTER],
      grepInvert: SERVER_WIDE,
      use: desktop,
      workers: WORKERS,
      // Runs when the desktop specs are done (with `--project=desktop` too, and whether or not they passed).
      teardown: 'server-wide',
    },
    { name: 'server-wide', testIgnore: [JOURNEYS, CLUSTER], grep: SERVER_WIDE, use: desktop, workers: 1 },
    {
      name: 'journeys',
      testMatch: JOURNEYS,
      use: { ...desktop, baseURL: `http://127.0.0.1:${JOURNEYS_PORT}` },
      workers: 1,
    },
    ...(POSTGRES_URL
      ? [
          {
            name: 'journeys-postgres',
            testMatch: JOURNEYS,
            use: { ...desktop, baseURL: `http://127.0.0.1:${POSTGRES_PORT}` },
            workers: 1,
          },
        ]
      : []),
    // The mouse journey through nginx, with instance api-2 SIGKILLed half-way (see tests/support/cluster.ts).
    // Its browser shares the 2 cores with more server processes than any other project's: a longer wait
    // for each expectation (still only waits; nothing asserts a time).
    ...(CLUSTER_ON
      ? [
          {
            name: 'cluster-journey',
            testMatch: /journeys\.spec\.ts$/,
            use: { ...desktop, baseURL: `http://127.0.0.1:${CLUSTER_PORT}` },
            expect: { timeout: 25_000 },
            metadata: { killMidJourney: 'api-2' },
            workers: 1,
          },
        ]
      : []),
    // After the journey: the proofs across instances, and that nothing of the journey was lost. Without
    // TEST_DATABASE_URL or nginx its tests are skipped, saying why.
    {
      name: 'cluster',
      testMatch: CLUSTER,
      dependencies: CLUSTER_ON ? ['cluster-journey'] : [],
      use: { ...desktop, baseURL: `http://127.0.0.1:${CLUSTER_PORT}` },
      workers: 1,
    },
  ],
  webServer: [
    {
      command: 'pnpm --filter api start',
      cwd: '..',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      // A ceiling only: on a busy machine (load 15 on 2 cores) a server has taken over a minute to start.
      timeout: 180_000,
      env: { ...serverEnv, PORT: String(PORT), DATA_DIR: E2E_DATA_DIR },
    },
    {
      command: 'pnpm --filter api start',
      cwd: '..',
      url: `http://127.0.0.1:${JOURNEYS_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { ...serverEnv, PORT: String(JOURNEYS_PORT), DATA_DIR: `${E2E_DATA_DIR}-journeys` },
    },
    // A fresh database on that PostgreSQL server, dropped again when the run ends (SIGTERM lets the script do it).
    ...(POSTGRES_URL
      ? [
          {
            command: 'node e2e/start-postgres-server.mjs',
            cwd: '..',
            url: `http://127.0.0.1:${POSTGRES_PORT}/api/health`,
            reuseExistingServer: false,
            timeout: 60_000,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
            env: {
              ...serverEnv,
              PORT: String(POSTGRES_PORT),
              DATA_DIR: `${E2E_DATA_DIR}-postgres`,
              TEST_DATABASE_URL: POSTGRES_URL,
            },
          },
        ]
      : []),
    ...(CLUSTER_ON && POSTGRES_URL
      ? [
          {
            command: 'node e2e/start-cluster.mjs',
            cwd: '..',
            url: `http://127.0.0.1:${CLUSTER_PORT}/api/health`,
            reuseExistingServer: false,
            timeout: 180_000,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
            env: {
              ...serverEnv,
              TEST_DATABASE_URL: POSTGRES_URL,
              CLUSTER_PORT: String(CLUSTER_PORT),
              CLUSTER_CONTROL_FILE: process.env.CLUSTER_CONTROL_FILE,
            },
          },
        ]
      : []),
  ],
});
