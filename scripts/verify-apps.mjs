#!/usr/bin/env node
// Verifies every app of the workspace on its own, one after another: its own typecheck, its own
// unit tests and its own production build, exactly as the team owning it runs them
// (`pnpm --filter <app> typecheck|test|build`). Prints a section per app as it goes and a table at
// the end, so CI shows which remote passed or failed by itself. Exit 1 if any step failed.
//
//   node scripts/verify-apps.mjs              every app
//   node scripts/verify-apps.mjs mf-help api  only these
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const registry = JSON.parse(readFileSync(new URL('../shared/src/contract/remotes.json', import.meta.url), 'utf8'));

/** The apps in the order a reader expects: the shared package, the shell, each remote, the API, the tooling. */
const APPS = [
  { name: 'shared', kind: 'shared package', steps: ['typecheck', 'test'] },
  { name: 'shell', kind: 'host', steps: ['typecheck', 'test', 'build'] },
  ...registry.remotes.map((r) => ({ name: r.name, kind: 'remote', steps: ['typecheck', 'test', 'build'] })),
  { name: 'api', kind: 'server', steps: ['typecheck', 'test'] },
  { name: 'e2e', kind: 'end-to-end suite', steps: ['typecheck'] },
  { name: 'bench', kind: 'benchmarks', steps: ['typecheck'] },
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !APPS.some((a) => a.name === name));
if (unknown.length > 0) {
  console.error(`Unknown app(s): ${unknown.join(', ')}. Apps: ${APPS.map((a) => a.name).join(', ')}`);
  process.exit(2);
}
const apps = only.length > 0 ? APPS.filter((a) => only.includes(a.name)) : APPS;

// eslint-disable-next-line no-control-regex -- strips the colour codes of tool output
const ANSI = /\u001b\[[0-9;]*m/g;

/** Runs one step, streaming its output, and keeps the output to read the test count from. */
function runStep(app, step) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('pnpm', ['--filter', app, 'run', step], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    let output = '';
    const keep = (chunk, stream) => {
      output += chunk.toString();
      stream.write(chunk);
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

const results = [];
for (const app of apps) {
  console.log(`\n==== ${app.name} (${app.kind}) on its own: ${app.steps.join(', ')} ====`);
  const row = { app: app.name, kind: app.kind, steps: {}, seconds: 0 };
  for (const step of app.steps) {
    console.log(`\n---- ${app.name}: ${step} ----`);
    const { ok, seconds, output } = await runStep(app.name, step);
    row.seconds += seconds;
    const detail = step === 'test' ? testSummary(output) : '';
    row.steps[step] = `${ok ? 'ok' : 'FAILED'}${detail ? ` ${detail}` : ''}`;
    if (!ok) break; // later steps of a broken app tell nothing new
  }
  results.push(row);
}

const columns = ['typecheck', 'test', 'build'];
const table = [
  ['app', 'kind', 'typecheck', 'unit tests', 'build', 'time'],
  ...results.map((r) => [
    r.app,
    r.kind,
    ...columns.map((c) => r.steps[c] ?? (apps.find((a) => a.name === r.app).steps.includes(c) ? 'not run' : '-')),
    `${Math.round(r.seconds)} s`,
  ]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
console.log('\n==== Each app verified on its own ====');
for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));

const failed = results.filter((r) => Object.values(r.steps).some((s) => !s.startsWith('ok')));
if (failed.length > 0) {
  console.log(`\nFAILED: ${failed.map((r) => r.app).join(', ')}`);
  process.exit(1);
}
console.log(`\nAll ${results.length} apps pass on their own.`);
