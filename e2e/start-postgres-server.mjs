// Starts the API server for the end-to-end journeys on PostgreSQL: creates a fresh database
// (beabro_e2e_<pid>) on the server TEST_DATABASE_URL points at, runs `pnpm --filter api start` with
// DATABASE_URL set to it, and drops the database when stopped (SIGTERM/SIGINT, as Playwright's
// webServer gracefulShutdown sends). Databases left behind by a run that was killed are dropped at
// the next start, once their process is gone.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFreshDatabase } from './fresh-database.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('start-postgres-server: set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}
const database = await createFreshDatabase(serverUrl, 'beabro_e2e_');
const { name, url: databaseUrl } = database;
console.info(`start-postgres-server: created database ${name}`);

// pnpm is on PATH when the run was started through pnpm; otherwise fetch the pinned one as the README does.
const onPath = (command) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, command)));
const [command, ...args] = onPath('pnpm') ? ['pnpm'] : ['npx', '-y', 'pnpm@10.34.9'];
const server = spawn(command, [...args, '--filter', 'api', 'start'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl },
});

let stopping = false;
const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));

async function dropDatabase() {
  await database.drop();
  console.info(`start-postgres-server: dropped database ${name}`);
}

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  await exited;
  await dropDatabase().catch((error) =>
    console.error(`start-postgres-server: could not drop ${name}: ${error.message}`),
  );
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

const { code, signal } = await exited;
if (!stopping) {
  // The server stopped by itself (it failed to start, or crashed): clean up and report it.
  await dropDatabase().catch(() => {});
  console.error(`start-postgres-server: the API server exited (${signal ?? `code ${code}`})`);
  process.exit(code || 1);
}
