#!/usr/bin/env node
// Verifies every app of the workspace on its own: its own typecheck, its own unit tests and its own production
// build, exactly as the team owning it runs them (`pnpm --filter <app> typecheck|test|build`). Two apps are
// checked at a time (VERIFY_JOBS overrides, at most the number of cores): one app's single-threaded typecheck or
// tests run while another builds, so both cores stay busy. Each app's output is kept together and printed as one
// section when that app is done (its steps are announced as they start), then a table of every app, so CI shows
// which remote passed or failed by itself. Exit 1 if any step failed, naming the apps.
//
//   node scripts/verify-apps.mjs              every app
//   node scripts/verify-apps.mjs mf-help api  only these
//   VERIFY_JOBS=1 node scripts/verify-apps.mjs   one app at a time, output streamed as it comes
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const registry = JSON.parse(readFileSync(new URL('../shared/src/contract/remotes.json', import.meta.url), 'utf8'));

/** The apps in the order a reader expects: the shared package, the shell, each remote, the API, the tooling. */
const APPS = [
  { name: 'shared', kind: 'shared package', steps: ['typecheck', 'test'] },
  { name: 'shell', kind: 'host', steps: ['typecheck', 'test', 'build'] },
  ...registry.remotes.map((r) => ({ name: r.name, kind: 'remote', steps: ['typecheck', 'test', 'build'] })),
  // With PostgreSQL configured the API's tests run on both engines: as two lanes (`filter` names the package), so
  // the longest work of the run is split in two that run beside each other instead of one after the other.
  ...(process.env.TEST_DATABASE_URL
    ? [
        { name: 'api', kind: 'server (PGlite)', steps: ['typecheck', 'test:pglite'] },
        { name: 'api-postgres', filter: 'api', kind: 'server (PostgreSQL)', steps: ['test:postgres'] },
      ]
    : [{ name: 'api', kind: 'server', steps: ['typecheck', 'test'] }]),
  { name: 'e2e', kind: 'end-to-end suite', steps: ['typecheck'] },
  { name: 'bench', kind: 'benchmarks', steps: ['typecheck'] },
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !APPS.some((a) => a.name === name || a.filter === name));
if (unknown.length > 0) {
  console.error(`Unknown app(s): ${unknown.join(', ')}. Apps: ${APPS.map((a) => a.name).join(', ')}`);
  process.exit(2);
}
const apps = only.length > 0 ? APPS.filter((a) => only.includes(a.name) || only.includes(a.filter)) : APPS;

// eslint-disable-next-line no-control-regex -- strips the colour codes of tool output
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Runs one step and keeps its output: streamed as it comes when apps are checked one at a time, else handed to
 * `log` to be printed with the app's section (two apps' lines interleaved would be unreadable).
 */
function runStep(app, step, log) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('pnpm', ['--filter', app, 'run', step], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    let output = '';
    const keep = (chunk, stream) => {
      output += chunk.toString();
      log(chunk, stream);
    };
    child.stdout.on('data', (c) => keep(c, process.stdout));
    child.stderr.on('data', (c) => keep(c, process.stderr));
    child.on('error', (error) => resolve({ ok: false, seconds: 0, output: String(error) }));
    child.on('close', (code) =>
      resolve({ ok: code === 0, seconds: (Date.now() - started) / 1000, output: output.replace(ANSI, '') }),
    );
  });
}

/** "Tests  462 passed (462)" / "Tests  3 failed | 459 passed (462)" from vitest's summary. */
function testSummary(output) {
  const line = output
    .split('\n')
    .reverse()
    .find((l) => /^\s*Tests\s+\d/.test(l));
  return line ? line.trim().replace(/^Tests\s+/, '') : '';
}

/**
 * What failed, short enough to survive a log cut to its tail: vitest's "Failed Tests" section when there is one,
 * else the step's last lines.
 */
function failureExcerpt(step, output) {
  const lines = output.split('\n');
  const start = lines.findIndex((l) => /Failed Tests? \d+|Unhandled Errors?/.test(l));
  const picked = start >= 0 ? lines.slice(start, start + 80) : lines.slice(-40);
  return `---- ${step} ----\n${picked.join('\n').trim()}`;
}

// Two at a time, busy machine or not: the kernel shares the cores among runnable threads, so beside other work (the
// two loops of scripts/cpu-burner.mjs, say) one app at a time would leave most of the cores to that work.
const cores = os.availableParallelism();
const jobs = Math.max(1, Math.min(Number(process.env.VERIFY_JOBS) || 2, cores, apps.length));
const streamed = jobs === 1;
const runStarted = Date.now();
const elapsed = () => `${Math.round((Date.now() - runStarted) / 1000)} s`;

/** Checks one app, step after step; stops at its first failing step (later steps tell nothing new). */
async function verify(app) {
  const row = { app: app.name, kind: app.kind, steps: {}, seconds: 0, failure: '' };
  /** The app's section: printed at once when streamed, else kept and printed when the app is done. */
  const section = [];
  const print = (text, stream = process.stdout) => (streamed ? stream.write(text) : section.push([stream, text]));
  print(`\n==== ${app.name} (${app.kind}) on its own: ${app.steps.join(', ')} ====\n`);
  for (const step of app.steps) {
    print(`\n---- ${app.name}: ${step} ----\n`);
    if (!streamed) console.log(`[${elapsed()}] ${app.name}: ${step} started`);
    const { ok, seconds, output } = await runStep(app.filter ?? app.name, step, (chunk, stream) =>
      print(chunk, stream),
    );
    row.seconds += seconds;
    // `test:pglite` and `test:postgres` are the API's `test` on one engine.
    const column = step.split(':')[0];
    const detail = column === 'test' ? testSummary(output) : '';
    row.steps[column] = `${ok ? 'ok' : 'FAILED'}${detail ? ` ${detail}` : ''}`;
    if (!ok) {
      row.failure = failureExcerpt(step, output);
      break;
    }
  }
  if (!streamed) {
    for (const [stream, text] of section) stream.write(text);
    const verdict = Object.values(row.steps).every((s) => s.startsWith('ok')) ? 'passed' : 'FAILED';
    console.log(`\n[${elapsed()}] ${app.name} ${verdict} (${Math.round(row.seconds)} s)`);
  }
  return row;
}

// The API's tests take longest (every test file on each database engine): start them first so that the other apps
// are checked beside them instead of after them. The table keeps the reader's order.
const isApi = (app) => (app.filter ?? app.name) === 'api';
const queue = [...apps].sort((a, b) => Number(isApi(b)) - Number(isApi(a)));
const byApp = new Map();
console.log(`Checking ${apps.length} app(s), ${jobs} at a time` + (process.env.VERIFY_JOBS ? ' (VERIFY_JOBS).' : '.'));
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let app = queue.shift(); app; app = queue.shift()) byApp.set(app.name, await verify(app));
  }),
);
const results = apps.map((app) => byApp.get(app.name));

const columns = ['typecheck', 'test', 'build'];
const table = [
  ['app', 'kind', 'typecheck', 'unit tests', 'build', 'time'],
  ...results.map((r) => [
    r.app,
    r.kind,
    ...columns.map(
      (c) =>
        r.steps[c] ??
        (apps.find((a) => a.name === r.app).steps.some((step) => step.split(':')[0] === c) ? 'not run' : '-'),
    ),
    `${Math.round(r.seconds)} s`,
  ]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
console.log(`\n==== Each app verified on its own (${elapsed()}, ${jobs} at a time) ====`);
for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));

// Where the time went, for `pnpm test`'s timing record (scripts/test-command.mjs).
const timesFile = new URL('../test-results/verify-apps-times.json', import.meta.url);
mkdirSync(new URL('.', timesFile), { recursive: true });
writeFileSync(
  timesFile,
  `${JSON.stringify(
    {
      writtenAt: new Date().toISOString(),
      jobs,
      seconds: Math.round((Date.now() - runStarted) / 1000),
      apps: results.map((r) => ({ app: r.app, kind: r.kind, seconds: Math.round(r.seconds), steps: r.steps })),
    },
    null,
    2,
  )}\n`,
);

const failed = results.filter((r) => Object.values(r.steps).some((s) => !s.startsWith('ok')));
if (failed.length > 0) {
  // Each failure again, after the table: a log read from its end shows which test failed and why.
  for (const r of failed) console.log(`\n==== ${r.app}: what failed ====\n${r.failure}`);
  console.log(`\nFAILED: ${failed.map((r) => r.app).join(', ')}`);
  process.exit(1);
}
console.log(`\nAll ${results.length} apps pass on their own.`);
