#!/usr/bin/env node
// `pnpm test`: says what the run skips (scripts/skipped-tests.mjs), then lint, every app on its own
// (scripts/verify-apps.mjs) and the end-to-end suite, stopping at the first that fails. It times each part and samples
// the machine's load average through the run, and writes the record to test-results/test-times.json with the
// per-app and per-spec times; `pnpm docs:test-times` turns a record into docs/testing.md's table.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const results = new URL('../test-results/', import.meta.url);
const STEPS = [
  { name: 'skipped tests', command: 'node', args: ['scripts/skipped-tests.mjs'] },
  { name: 'lint', command: 'pnpm', args: ['lint'] },
  { name: 'verify:apps', command: 'pnpm', args: ['verify:apps'] },
  { name: 'end-to-end', command: 'pnpm', args: ['test:e2e'] },
];

const loads = [os.loadavg()[0]];
const sampler = setInterval(() => loads.push(os.loadavg()[0]), 10_000);
sampler.unref();

function run(step, env) {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: 'inherit', env });
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** A file a step wrote this run, or null (an earlier run's file is not this run's). */
function stepRecord(name, since) {
  const file = new URL(name, results);
  if (!existsSync(file)) return null;
  const record = JSON.parse(readFileSync(file, 'utf8'));
  return record.writtenAt === undefined || Date.parse(record.writtenAt) >= since ? record : null;
}

const started = Date.now();
const phases = [];
let exitCode = 0;
let env = { ...process.env };
for (const step of STEPS) {
  const stepStarted = Date.now();
  exitCode = await run(step, env);
  phases.push({ name: step.name, seconds: Math.round((Date.now() - stepStarted) / 1000), ok: exitCode === 0 });
  if (exitCode !== 0) break;
  // The runners stay quiet about skipped tests: said once, above.
  env = { ...env, SKIPPED_TESTS_SAID: '1' };
}
clearInterval(sampler);
loads.push(os.loadavg()[0]);

const round1 = (n) => Math.round(n * 10) / 10;
const verifyRecord = stepRecord('verify-apps-times.json', started);
const record = {
  date: new Date(started).toISOString(),
  passed: exitCode === 0,
  ci: Boolean(process.env.CI),
  engines: process.env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite',
  // Busy loops of scripts/cpu-burner.mjs running beside it (0: none).
  busyLoops: Number(process.env.CPU_BURNER ?? 0),
  node: process.version,
  cores: os.availableParallelism(),
  load: {
    start: round1(loads[0]),
    mean: round1(loads.reduce((a, b) => a + b, 0) / loads.length),
    max: round1(Math.max(...loads)),
  },
  seconds: Math.round((Date.now() - started) / 1000),
  phases,
  appsAtATime: verifyRecord?.jobs,
  apps: verifyRecord?.apps ?? [],
  e2e: stepRecord('e2e-times.json', started),
};
mkdirSync(results, { recursive: true });
writeFileSync(new URL('test-times.json', results), `${JSON.stringify(record, null, 2)}\n`);

const minutes = (s) => `${Math.floor(s / 60)} min ${s % 60} s`;
console.log(`\n==== pnpm test ${record.passed ? 'passed' : 'FAILED'} in ${minutes(record.seconds)} ====`);
for (const p of phases)
  console.log(`${p.name.padEnd(14)} ${minutes(p.seconds).padStart(12)}  ${p.ok ? 'ok' : 'FAILED'}`);
console.log(
  `load average ${record.load.start} at the start, ${record.load.mean} on average, ${record.load.max} at most ` +
    `(${record.cores} cores). Record: test-results/test-times.json`,
);
process.exit(exitCode);
