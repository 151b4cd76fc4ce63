#!/usr/bin/env node
// Keeps every core busy, to prove the tests pass on a loaded machine (docs/testing.md, "On a busy machine").
//   node scripts/cpu-burner.mjs                      burn until Ctrl-C
//   node scripts/cpu-burner.mjs -- <command ...>     burn while the command runs; exit with its code, and print the
//                                                    load average seen during the run (sampled every 5 s)
// BURNERS=n sets how many busy loops run (default: one per core).
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';

const count = Number(process.env.BURNERS ?? availableParallelism());
if (!Number.isInteger(count) || count < 1) {
  console.error(`BURNERS must be a whole number of at least 1 (got ${process.env.BURNERS}).`);
  process.exit(2);
}
const burners = Array.from(
  { length: count },
  () => new Worker('let x = 0; for (;;) { x = (x * 31 + 7) % 1000003; }', { eval: true }),
);
const stopBurners = () => Promise.all(burners.map((w) => w.terminate()));

const separator = process.argv.indexOf('--');
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.log(`cpu-burner: ${count} busy loop(s) running; Ctrl-C to stop.`);
  process.on('SIGINT', () => void stopBurners().then(() => process.exit(0)));
} else {
  const samples = [];
  const sample = () => samples.push(loadavg()[0]);
  const sampler = setInterval(sample, 5000);
  const started = Date.now();
  console.log(`cpu-burner: ${count} busy loop(s) while running: ${command.join(' ')}`);
  // CPU_BURNER tells the command it runs beside the busy loops (`pnpm test` records it with its times).
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    shell: false,
    env: { ...process.env, CPU_BURNER: String(count) },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', async (code, signal) => {
    clearInterval(sampler);
    sample();
    await stopBurners();
    const avg = samples.reduce((a, b) => a + b, 0) / samples.length;
    const fmt = (n) => n.toFixed(1);
    console.log(
      `cpu-burner: ${command.join(' ')} ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ` +
        `${Math.round((Date.now() - started) / 1000)} s with ${count} busy loop(s); 1-minute load average ` +
        `min ${fmt(Math.min(...samples))}, mean ${fmt(avg)}, max ${fmt(Math.max(...samples))}.`,
    );
    process.exit(code ?? 1);
  });
}
