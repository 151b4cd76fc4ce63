import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSite, createTestApp, type TestApp } from '../../testing/test-app';
import { makeTempDir } from '../../testing/temp-dir';

const APP_SECRET = 'hostile-release-canary-secret-0123456789abcdef';
const PROCESS_SECRET = 'hostile-release-process-env-canary';

/**
 * A stand-in for the shell's server bundle: it loads the live mf-help server container through the
 * renderer's loader, as the real shell does, and puts what the area module says in the page; an area that
 * fails to load leaves the page to the browser.
 */
const SHELL_BUNDLE = `
exports.createPageRenderer = async function (options) {
  return {
    render: async function (request) {
      const entry = request.serverEntries['mf-help'];
      const container = await options.loadContainer(entry, 'mf_help');
      const factory = await container.get('./help');
      const area = factory();
      // Handing over the shell's own (unfiltered) require stands for a release that found its way around
      // the filtered one: what Node itself refuses is then the last line.
      const report = await area.attack(require);
      return {
        html: '<pre id="report">' + JSON.stringify(report).replace(/</g, '\\\\u003c') + '</pre>',
        area: { remote: 'mf-help', module: './help', rendered: true },
        state: { remoteMap: request.remoteMap, render: { area: null, queries: { mutations: [], queries: [] } } },
      };
    },
  };
};
`;

/**
 * A hostile release of mf-help: its server container tries everything a deploy right should not give,
 * and reports what each try got.
 */
const hostileContainer = ({
  canaryPort,
  writeTarget,
  secretFile,
}: {
  canaryPort: number;
  writeTarget: string;
  secretFile: string;
}) => `
const tries = {};
const attempt = async (name, fn) => {
  try { tries[name] = { got: await fn() }; } catch (error) { tries[name] = { denied: String(error && error.message || error) }; }
};
const dynamicImport = new Function('id', 'return import(id)');
async function attack(escaped) {
  await attempt('environment', () => JSON.stringify(process.env));
  await attempt('require child_process', () => typeof require('child_process').execSync);
  await attempt('require fs', () => typeof require('fs').readFileSync);
  await attempt('getBuiltinModule child_process', () => typeof process.getBuiltinModule('child_process').spawnSync);
  await attempt('spawn', async () => String((await dynamicImport('node:child_process')).execSync('id')));
  await attempt('spawnSync binding', () => String(process.binding('spawn_sync')));
  await attempt('write', async () => { (await dynamicImport('node:fs')).writeFileSync(${JSON.stringify(writeTarget)}, 'pwned'); return 'written'; });
  await attempt('read outside', async () => (await dynamicImport('node:fs')).readFileSync(${JSON.stringify(secretFile)}, 'utf8'));
  await attempt('read own environ', async () => (await dynamicImport('node:fs')).readFileSync('/proc/self/environ', 'utf8'));
  await attempt('read parent environ', async () => (await dynamicImport('node:fs')).readFileSync('/proc/' + process.ppid + '/environ', 'utf8'));
  await attempt('fetch', async () => (await fetch('http://127.0.0.1:${canaryPort}/fetch')).status);
  await attempt('http', async () => new Promise((resolve, reject) => {
    dynamicImport('node:http').then((http) => {
      const req = http.get('http://127.0.0.1:${canaryPort}/http', (res) => resolve(res.statusCode));
      req.on('error', reject);
    }, reject);
  }));
  await attempt('net', async () => new Promise((resolve, reject) => {
    dynamicImport('node:net').then((net) => {
      const socket = net.connect(${canaryPort}, '127.0.0.1', () => resolve('connected'));
      socket.on('error', reject);
    }, reject);
  }));
  await attempt('postgres', async () => new Promise((resolve, reject) => {
    dynamicImport('node:net').then((net) => {
      const socket = net.connect(5432, '127.0.0.1', () => resolve('connected'));
      socket.on('error', reject);
    }, reject);
  }));
  await attempt('worker', async () => { new (await dynamicImport('node:worker_threads')).Worker('1', { eval: true }); return 'started'; });
  await attempt('kill the API', () => process.kill(process.ppid, 0));
  // With Node's own modules in hand.
  await attempt('escaped spawn', () => String(escaped('child_process').execSync('id')));
  await attempt('escaped write', () => { escaped('fs').writeFileSync(${JSON.stringify(writeTarget)}, 'pwned'); return 'written'; });
  await attempt('escaped read outside', () => escaped('fs').readFileSync(${JSON.stringify(secretFile)}, 'utf8'));
  await attempt('escaped read parent environ', () => escaped('fs').readFileSync('/proc/' + process.ppid + '/environ', 'utf8'));
  await attempt('escaped worker', () => { new (escaped('worker_threads').Worker)('1', { eval: true }); return 'started'; });
  await attempt('escaped http', () => new Promise((resolve, reject) => {
    const req = escaped('http').get('http://127.0.0.1:${canaryPort}/http', (res) => resolve(res.statusCode));
    req.on('error', reject);
  }));
  await attempt('escaped net', () => new Promise((resolve, reject) => {
    const socket = escaped('net').connect(${canaryPort}, '127.0.0.1', () => resolve('connected'));
    socket.on('error', reject);
  }));
  await attempt('escaped postgres', () => new Promise((resolve, reject) => {
    const socket = escaped('net').connect(5432, '127.0.0.1', () => resolve('connected'));
    socket.on('error', reject);
  }));
  await attempt('escaped udp', () => new Promise((resolve, reject) => {
    escaped('dgram').createSocket('udp4').send('x', ${canaryPort}, '127.0.0.1', (error) => error ? reject(error) : resolve('sent'));
  }));
  // Straight to the API over the renderer's channel, past the shell's transport.
  const askApi = (message) => new Promise((resolve) => {
    const id = 1e9 + Math.floor(Math.random() * 1e6);
    const listener = (m) => { if (m && m.id === id) { process.off('message', listener); resolve(m.answer); } };
    process.on('message', listener);
    process.send({ ...message, id });
  });
  await attempt('api write', async () => (await askApi({ type: 'api', method: 'POST', url: '/api/auth/logout', headers: { cookie: 'bro_session=x' } })).status);
  await attempt('api outside /api', async () => (await askApi({ type: 'api', method: 'GET', url: '/releases/live.json', headers: {} })).status);
  await attempt('container outside the map', async () => (await askApi({ type: 'container', entryUrl: 'http://site.local/releases/x/y/server/remoteEntry.js' })).error);
  return tries;
}
module.exports = {
  init: function () {},
  get: async function (name) { return function () { return { attack: attack }; }; },
};
`;

let t: TestApp;
let canary: Server;
let canaryConnections = 0;
let writeTarget: string;

beforeAll(async () => {
  canary = createServer((_req, res) => res.end('canary'));
  canary.on('connection', () => {
    canaryConnections += 1;
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  const canaryPort = (canary.address() as AddressInfo).port;

  const outside = makeTempDir('hostile-outside');
  const secretFile = path.join(outside, 'secret.txt');
  writeFileSync(secretFile, APP_SECRET);
  writeTarget = path.join(outside, 'written-by-the-release.txt');

  const site = fakeSite();
  mkdirSync(path.join(site, 'shell', 'dist', 'server'), { recursive: true });
  writeFileSync(path.join(site, 'shell', 'dist', 'server', 'server.cjs'), SHELL_BUNDLE);
  mkdirSync(path.join(site, 'mf-help', 'dist', 'server'), { recursive: true });
  writeFileSync(path.join(site, 'mf-help', 'dist', 'server', 'remoteEntry.js'), 'module.exports = {};');
  // The release, deployed as `pnpm deploy:remote` does: a versioned folder and live.json naming it.
  const releases = makeTempDir('hostile-releases');
  const release = path.join(releases, 'mf-help', 'evil');
  mkdirSync(path.join(release, 'server'), { recursive: true });
  writeFileSync(path.join(release, 'mf-manifest.json'), '{}');
  writeFileSync(
    path.join(release, 'server', 'remoteEntry.js'),
    hostileContainer({ canaryPort, writeTarget, secretFile }),
  );
  writeFileSync(
    path.join(releases, 'live.json'),
    JSON.stringify({ 'mf-help': '/releases/mf-help/evil/mf-manifest.json' }),
  );
  process.env.HOSTILE_RELEASE_CANARY = PROCESS_SECRET;
  t = await createTestApp({ SITE_DIR: site, RELEASES_DIR: releases, APP_SECRET });
});

afterAll(async () => {
  delete process.env.HOSTILE_RELEASE_CANARY;
  await t?.close();
  canary.closeAllConnections();
  await new Promise((resolve) => canary.close(resolve));
});

describe('a hostile release of a remote', () => {
  it('gets no secret, spawns nothing, writes nothing, reads nothing outside, reaches no one, and the page arrives', async () => {
    // The renderer starts with the first page, which may arrive rendered in the browser on a busy machine.
    let res = await t.app.inject({ url: '/help' });
    await expect
      .poll(
        async () => {
          res = await t.app.inject({ url: '/help' });
          return res.statusCode === 200 && res.body.includes('<pre id="report">');
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const report = JSON.parse(/<pre id="report">(.*?)<\/pre>/.exec(res.body)?.[1] ?? 'null') as Record<
      string,
      { got?: unknown; denied?: string }
    >;
    // The page was rendered with the release's code: every try reported, and none got anything but the environment.
    expect(Object.keys(report).sort()).toEqual(
      [
        'environment',
        'require child_process',
        'require fs',
        'getBuiltinModule child_process',
        'spawn',
        'spawnSync binding',
        'write',
        'read outside',
        'read own environ',
        'read parent environ',
        'fetch',
        'http',
        'net',
        'postgres',
        'worker',
        'kill the API',
        'api write',
        'api outside /api',
        'container outside the map',
        'escaped spawn',
        'escaped write',
        'escaped read outside',
        'escaped read parent environ',
        'escaped worker',
        'escaped http',
        'escaped net',
        'escaped postgres',
        'escaped udp',
      ].sort(),
    );
    for (const [name, outcome] of Object.entries(report)) {
      if (['environment', 'api write', 'api outside /api', 'container outside the map'].includes(name)) continue;
      expect({ name, ...outcome }).toEqual({ name, denied: expect.any(String) });
    }
    expect(report['api write']?.got).toBe(403);
    expect(report['api outside /api']?.got).toBe(403);
    expect(report['container outside the map']?.got).toContain('is not a server entry of the live remote map');
    // Its environment is the renderer's own minimal one.
    expect(Object.keys(JSON.parse(String(report.environment?.got)) as object).sort()).toEqual(['NODE_ENV', 'TZ']);
    expect(res.body).not.toContain(APP_SECRET);
    expect(res.body).not.toContain(PROCESS_SECRET);
    expect(existsSync(writeTarget)).toBe(false);
    expect(canaryConnections).toBe(0);
    // The API is still here and still serving.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('is not served to browsers: its server bundle is for the renderer only', async () => {
    expect((await t.app.inject({ url: '/releases/mf-help/evil/server/remoteEntry.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/remotes/mf-help/server/remoteEntry.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/releases/mf-help/evil/mf-manifest.json' })).statusCode).toBe(200);
  });
});
