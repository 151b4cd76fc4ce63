// Starts "many instances, one site" for the cluster tests (docs/deployment.md, "Running at scale"): a fresh
// PostgreSQL database (beabro_cluster_<pid>) on the server TEST_DATABASE_URL points at, two API server
// processes on it (each `pnpm --filter api start` without the pnpm wrapper, so a SIGKILL hits the
// server itself) with their job schedulers and email senders on and one shared DATA_DIR and
// RELEASES_DIR, an SMTP server that keeps every message it gets, and nginx from the machine
// (round-robin, e2e/cluster/nginx.conf.template) in front of them.
//
// Tests drive it through a control server on 127.0.0.1 (a free port) whose address is written, with
// everything else they need, to the JSON file CLUSTER_CONTROL_FILE:
//   GET  /state                   instances (id, url, pid, running, kills), database URL, folders
//   POST /instances/<id>/kill     SIGKILL one instance (as a crash or a lost machine would)
//   POST /instances/<id>/start    start it again and wait until it answers
//   GET  /mail                    every message the SMTP server received: [{messageId, to, subject}]
//   GET  /outbox                  the email outbox rows: [{id, dedupeKey, attempts, sentAt, failedAt}]
//   GET  /pending                 emails and webhook deliveries not yet sent: {emails, webhooks}
// On SIGTERM/SIGINT (Playwright's gracefulShutdown) it stops nginx and the instances, drops the
// database and removes its folders. Databases left by a run that was killed are dropped at the next
// start, once their process is gone.
//
// Environment: TEST_DATABASE_URL (required), CLUSTER_PORT (nginx; default 4255),
// CLUSTER_INSTANCE_PORTS (comma-separated; default: the first free ports above CLUSTER_PORT), CLUSTER_INSTANCES (default 2),
// CLUSTER_CONTROL_FILE (default <tmp>/beabro-cluster.json), NGINX_PATH (default: nginx on PATH or
// /usr/sbin/nginx). Every other variable (DEV_TOOLS, SIGN_UP_LIMIT_PER_IP, ...) is passed on to the
// instances.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { createFreshDatabase } from './fresh-database.mjs';
import { findNginx, NGINX_MISSING } from './find-nginx.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const apiDir = path.join(repoRoot, 'api');

const log = (message) => console.info(`start-cluster: ${message}`);
const fail = (message) => {
  console.error(`start-cluster: ${message}`);
  process.exit(1);
};

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  fail(
    'set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test (the instances share one PostgreSQL database; PGlite cannot be shared between processes)',
  );

const nginxPath = findNginx();
if (!nginxPath) fail(NGINX_MISSING);

const instanceCount = Number(process.env.CLUSTER_INSTANCES ?? 2);
if (!Number.isInteger(instanceCount) || instanceCount < 1 || instanceCount > 8)
  fail('CLUSTER_INSTANCES must be 1 to 8');
const nginxPort = Number(process.env.CLUSTER_PORT ?? 4255);
const controlFile = process.env.CLUSTER_CONTROL_FILE || path.join(os.tmpdir(), 'beabro-cluster.json');

/** Whether nothing listens on `port` of 127.0.0.1 right now. */
function canListen(port) {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * Free ports for the instances, from just above nginx's upward and below the ephemeral range (32768 and up
 * on Linux). A port the OS picks comes from that range, which is also where outgoing connections (the
 * instances' database pools) get their local ports: one could take it while a test has the instance down,
 * and the restart would fail.
 */
async function freePorts(count, from) {
  const ports = [];
  for (let port = from; ports.length < count && port < 32768; port++) if (await canListen(port)) ports.push(port);
  if (ports.length < count) fail(`no ${count} free ports from ${from} to 32767 for the API instances`);
  return ports;
}

const givenPorts = (process.env.CLUSTER_INSTANCE_PORTS ?? '')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean)
  .map(Number);
if (givenPorts.length > 0 && givenPorts.length !== instanceCount)
  fail(`CLUSTER_INSTANCE_PORTS lists ${givenPorts.length} ports for ${instanceCount} instances`);
const instancePorts = givenPorts.length > 0 ? givenPorts : await freePorts(instanceCount, nginxPort + 1);

// ---- database -------------------------------------------------------------------------------
const database = await createFreshDatabase(serverUrl, 'beabro_cluster_');
const { name: databaseName, url: databaseUrl } = database;
log(`created database ${databaseName}`);

// One pool for the control server's reads (outbox), closed on stop.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
pool.on('error', () => {});

// ---- folders: shared by every instance, as a shared volume would be in production -------------
const runDir = mkdtempSync(path.join(os.tmpdir(), 'beabro-cluster-'));
const dataDir = path.join(runDir, 'data');
const releasesDir = path.join(runDir, 'releases');
const nginxDir = path.join(runDir, 'nginx');
for (const dir of [dataDir, releasesDir, nginxDir]) mkdirSync(dir, { recursive: true });

// ---- SMTP: the instances send real mail here; every message is kept ------------------------
const mail = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
      const header = (name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? null;
      mail.push({
        messageId: header('Message-ID'),
        to: session.envelope.rcptTo.map((r) => r.address),
        subject: header('Subject'),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});
await new Promise((resolve, reject) => {
  smtp.server.once('error', reject);
  smtp.listen(0, '127.0.0.1', resolve);
});
const smtpPort = smtp.server.address().port;

// ---- API instances ---------------------------------------------------------------------------
const publicUrl = `http://127.0.0.1:${nginxPort}`;
const shared = {
  ...process.env,
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  RELEASES_DIR: releasesDir,
  // Several instances must share the secret that signs links in emails and two-factor challenges.
  APP_SECRET: randomBytes(32).toString('base64url'),
  PUBLIC_URL: publicUrl,
  TRUST_PROXY: '127.0.0.1',
  JOBS_ENABLED: 'true',
  EMAIL_SENDER_ENABLED: 'true',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // The journeys read emails at /dev/mailbox (from the database, so any instance shows every email).
  DEV_MAILBOX: 'true',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
delete shared.TEST_DATABASE_URL;
delete shared.PORT;

const instances = instancePorts.map((port, index) => ({
  id: `api-${index + 1}`,
  port,
  url: `http://127.0.0.1:${port}`,
  child: null,
  exited: null,
  kills: 0,
}));

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function waitFor(what, check, timeoutMs = 170_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

let stopping = false;

async function startInstance(instance) {
  if (instance.child) return;
  // tsx as an import hook in one process (what `pnpm --filter api start` runs, minus the wrappers).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...shared, PORT: String(instance.port), INSTANCE_ID: instance.id },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${instance.id}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  instance.child = child;
  instance.exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      if (instance.child === child) instance.child = null;
      if (!stopping && !instance.killing) log(`${instance.id} exited by itself (${signal ?? `code ${code}`})`);
      resolve({ code, signal });
    }),
  );
  await Promise.race([
    waitFor(`${instance.id} on port ${instance.port}`, () => answers(`${instance.url}/api/health`)),
    instance.exited.then(({ code, signal }) => {
      throw new Error(`${instance.id} exited while starting (${signal ?? `code ${code}`})`);
    }),
  ]);
}

async function killInstance(instance) {
  const child = instance.child;
  if (!child) return { pid: null, signal: null };
  instance.killing = true;
  child.kill('SIGKILL');
  const { signal } = await instance.exited;
  instance.killing = false;
  instance.kills += 1;
  log(`${instance.id} (pid ${child.pid}) killed with ${signal}`);
  return { pid: child.pid, signal };
}

// ---- nginx -------------------------------------------------------------------------------------
const template = readFileSync(path.join(here, 'cluster', 'nginx.conf.template'), 'utf8');
const nginxConf = template
  .replaceAll('{{PREFIX}}', nginxDir)
  .replaceAll('{{LISTEN}}', `127.0.0.1:${nginxPort}`)
  .replaceAll(
    '{{UPSTREAM_SERVERS}}',
    instances.map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=5s;`).join('\n'),
  );
writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxConf);
let nginx = null;
let nginxExited = null;

async function startNginx() {
  const child = spawn(
    nginxPath,
    ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-e', path.join(nginxDir, 'error.log')],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  nginx = child;
  nginxExited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  void nginxExited.then(({ code, signal }) => {
    if (stopping) return;
    const errors = existsSync(path.join(nginxDir, 'error.log'))
      ? readFileSync(path.join(nginxDir, 'error.log'), 'utf8').trim().split('\n').slice(-5).join('\n')
      : '';
    console.error(`start-cluster: nginx exited (${signal ?? `code ${code}`})\n${errors}`);
    void stop(1);
  });
  await waitFor(`nginx on port ${nginxPort}`, () => answers(`${publicUrl}/api/health`), 20_000);
}

// ---- control server ------------------------------------------------------------------------------
const state = () => ({
  url: publicUrl,
  databaseUrl,
  dataDir,
  releasesDir,
  nginx: { pid: nginx?.pid ?? null, config: path.join(nginxDir, 'nginx.conf') },
  instances: instances.map((i) => ({
    id: i.id,
    url: i.url,
    pid: i.child?.pid ?? null,
    running: Boolean(i.child),
    kills: i.kills,
  })),
});

const control = createServer((req, res) => {
  const send = (status, body) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  const url = new URL(req.url ?? '/', 'http://control');
  const action = /^\/instances\/([^/]+)\/(kill|start)$/.exec(url.pathname);
  void (async () => {
    if (req.method === 'GET' && url.pathname === '/state') return send(200, state());
    if (req.method === 'GET' && url.pathname === '/mail') return send(200, mail);
    if (req.method === 'GET' && url.pathname === '/outbox') {
      const { rows } = await pool.query(
        'select id, dedupe_key as "dedupeKey", kind, attempts, sent_at as "sentAt", failed_at as "failedAt" from email_outbox order by created_at',
      );
      return send(200, rows);
    }
    if (req.method === 'GET' && url.pathname === '/pending') {
      const { rows } = await pool.query(
        "select (select count(*) from email_outbox where sent_at is null and failed_at is null)::int as emails, (select count(*) from webhook_deliveries where status = 'pending')::int as webhooks",
      );
      return send(200, rows[0]);
    }
    if (req.method === 'POST' && action) {
      const instance = instances.find((i) => i.id === action[1]);
      if (!instance)
        return send(404, { message: `No instance ${action[1]}; there are ${instances.map((i) => i.id).join(', ')}` });
      if (action[2] === 'kill') return send(200, await killInstance(instance));
      await startInstance(instance);
      return send(200, state());
    }
    return send(404, { message: 'GET /state, /mail, /outbox, /pending; POST /instances/<id>/kill or /start' });
  })().catch((error) => send(500, { message: error.message }));
});

// ---- stop --------------------------------------------------------------------------------------
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  rmSync(controlFile, { force: true });
  control.close();
  if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
    nginx.kill('SIGQUIT');
    await Promise.race([nginxExited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGKILL');
  }
  await Promise.all(
    instances.map(async (instance) => {
      const child = instance.child;
      if (!child) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await instance.exited;
      clearTimeout(timer);
    }),
  );
  await new Promise((resolve) => smtp.close(resolve));
  await pool.end().catch(() => {});
  try {
    await database.drop();
    log(`dropped database ${databaseName}`);
  } catch (error) {
    console.error(`start-cluster: could not drop ${databaseName}: ${error.message}`);
  }
  rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
  process.exit(code);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

try {
  // Both at once: their migrations meet on one fresh database (an advisory lock serialises them).
  await Promise.all(instances.map(startInstance));
  await new Promise((resolve, reject) => {
    control.once('error', reject);
    control.listen(0, '127.0.0.1', resolve);
  });
  writeFileSync(
    controlFile,
    `${JSON.stringify({ control: `http://127.0.0.1:${control.address().port}`, ...state() }, null, 2)}\n`,
  );
  await startNginx();
  log(`${publicUrl} balances ${instances.map((i) => `${i.id} (${i.url})`).join(', ')}; control file ${controlFile}`);
} catch (error) {
  console.error(`start-cluster: ${error.message}`);
  await stop(1);
}
