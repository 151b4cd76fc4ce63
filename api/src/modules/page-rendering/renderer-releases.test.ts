import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSite, createTestApp, type TestApp } from '../../testing/test-app';
import { makeTempDir } from '../../testing/temp-dir';
import { rendererReadablePath } from './page-renderer-service';

/**
 * A stand-in for the shell's server bundle: it loads mf-help's live server container and shows what the area
 * reports, and what the API's channel answers the reads a page asks for (`/help?read=<url>,<url>`).
 */
const SHELL_BUNDLE = `
exports.createPageRenderer = async function (options) {
  return {
    render: async function (request) {
      const reads = {};
      const asked = new URL(request.url, 'http://page.invalid').searchParams.get('read');
      for (const url of asked ? asked.split(',') : []) reads[url] = (await options.apiTransport(url, {})).status;
      const container = await options.loadContainer(request.serverEntries['mf-help'], 'mf_help');
      const report = { ...(await container.get('./help'))()(), reads };
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
 * A release of mf-help that tries to outlive itself: it patches a global, keeps a timer running and reports
 * what it finds of the releases before it.
 */
const releaseContainer = (name: string) => `
const before = { patched: globalThis.__patchedBy || null, ticking: typeof globalThis.__ticks === 'number' };
globalThis.__patchedBy = ${JSON.stringify(name)};
globalThis.__ticks = 0;
setInterval(() => { globalThis.__ticks += 1; }, 5);
module.exports = {
  init: function () {},
  get: async function () {
    return function () { return function () { return { release: ${JSON.stringify(name)}, pid: process.pid, before: before }; }; };
  },
};
`;

interface Report {
  release: string;
  pid: number;
  before: { patched: string | null; ticking: boolean };
  reads: Record<string, number>;
}

let t: TestApp;
let releases: string;

const setLive = (map: Record<string, string> | null) => {
  const file = path.join(releases, 'live.json');
  if (map === null) return rmSync(file, { force: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(map));
  // A new file, as deploy:remote writes it: readers see the new map at once.
  renameSync(`${file}.tmp`, file);
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let pageNumber = 0;
/** The report of a page rendered with `release` live (the first pages may arrive rendered in the browser). */
const reportOf = async (release: string, read: readonly string[] = []) => {
  let report: Report | null = null;
  await expect
    .poll(
      async () => {
        pageNumber += 1;
        const query = read.length > 0 ? `&read=${read.map(encodeURIComponent).join(',')}` : '';
        const body = (await t.app.inject({ url: `/help?page=${pageNumber}${query}` })).body;
        const found = /<pre id="report">(.*?)<\/pre>/.exec(body)?.[1];
        report = found ? (JSON.parse(found) as Report) : null;
        return report?.release;
      },
      { timeout: 30_000 },
    )
    .toBe(release);
  return report as unknown as Report;
};

beforeAll(async () => {
  const site = fakeSite();
  mkdirSync(path.join(site, 'shell', 'dist', 'server'), { recursive: true });
  writeFileSync(path.join(site, 'shell', 'dist', 'server', 'server.cjs'), SHELL_BUNDLE);
  mkdirSync(path.join(site, 'mf-help', 'dist', 'server'), { recursive: true });
  writeFileSync(path.join(site, 'mf-help', 'dist', 'server', 'remoteEntry.js'), releaseContainer('built'));
  releases = makeTempDir('renderer-releases');
  for (const name of ['one', 'two']) {
    const dir = path.join(releases, 'mf-help', name);
    mkdirSync(path.join(dir, 'server'), { recursive: true });
    writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
    writeFileSync(path.join(dir, 'server', 'remoteEntry.js'), releaseContainer(name));
  }
  setLive({ 'mf-help': '/releases/mf-help/one/mf-manifest.json' });
  t = await createTestApp({ SITE_DIR: site, RELEASES_DIR: releases, DEV_MAILBOX: 'true' });
});

afterAll(async () => {
  await t?.close();
});

describe('a release of an area', () => {
  it('does not outlive itself: a newer release, a rollback and a reset each get a fresh renderer', async () => {
    const one = await reportOf('one');
    expect(one.before).toEqual({ patched: null, ticking: false });

    setLive({ 'mf-help': '/releases/mf-help/two/mf-manifest.json' });
    const two = await reportOf('two');
    // Nothing of release one runs beside it: no patched global, no timer, another process.
    expect(two.before).toEqual({ patched: null, ticking: false });
    expect(two.pid).not.toBe(one.pid);
    await expect.poll(() => alive(one.pid), { timeout: 10_000 }).toBe(false);

    // A rollback to release one.
    setLive({ 'mf-help': '/releases/mf-help/one/mf-manifest.json' });
    const back = await reportOf('one');
    expect(back.before).toEqual({ patched: null, ticking: false });
    expect(back.pid).not.toBe(two.pid);
    await expect.poll(() => alive(two.pid), { timeout: 10_000 }).toBe(false);

    // deploy:remote --reset: the built remote again.
    setLive(null);
    const built = await reportOf('built');
    expect(built.before).toEqual({ patched: null, ticking: false });
    expect(built.pid).not.toBe(back.pid);
    await expect.poll(() => alive(back.pid), { timeout: 10_000 }).toBe(false);

    // The same release stays in the same renderer.
    expect((await reportOf('built')).pid).toBe(built.pid);
  });

  it('ends with its release even when no page is asked for', async () => {
    const idle = await reportOf('built');
    setLive({ 'mf-help': '/releases/mf-help/two/mf-manifest.json' });
    await expect.poll(() => alive(idle.pid), { timeout: 15_000 }).toBe(false);
    expect((await reportOf('two')).before).toEqual({ patched: null, ticking: false });
    setLive(null);
  });
});

describe('the renderer’s API reads', () => {
  it('reach exactly the public data areas prefetch, after refusing any crooked path', async () => {
    const refused = [
      '/api/health',
      '/api/dev/mailbox',
      '/api/auth/me',
      '/api/subscriptions/link?token=x',
      '/api/../api/site-config',
      '/api/./site-config',
      '/api/%2e%2e/api/site-config',
      '/api/%2E/site-config',
      '/api//site-config',
      '//api/site-config',
      '/api/creators%2fx',
      '/api/creators/x%5c..',
      '/api\\site-config',
      '/api/site-config/',
      '/api/site-config#x',
      'http://localhost/api/site-config',
      '/releases/live.json',
    ];
    const allowed = ['/api/site-config', '/api/discover?q=a', '/api/creators/nobody-here'];
    const { reads } = await reportOf('built', [...refused, ...allowed]);
    for (const url of refused) expect({ url, status: reads[url] }).toEqual({ url, status: 403 });
    expect(reads['/api/site-config']).toBe(200);
    expect(reads['/api/discover?q=a']).toBe(200);
    // Reached the route (an unknown creator), not refused.
    expect(reads['/api/creators/nobody-here']).toBe(404);
    // The dev mailbox is served to a browser all the same.
    expect((await t.app.inject({ url: '/api/dev/mailbox' })).statusCode).toBe(200);
  });

  it('are matched after the path is taken apart, never by prefix', () => {
    expect(rendererReadablePath('/api/creators/pat/posts/hello?x=1')).toBe('/api/creators/pat/posts/hello');
    expect(rendererReadablePath('/api/creators/pat/posts/hello/more')).toBeNull();
    expect(rendererReadablePath('/api/creators/pat/views')).toBeNull();
    expect(rendererReadablePath('/api/creators/../dev/mailbox')).toBeNull();
    expect(rendererReadablePath('/api/site-configuration')).toBeNull();
  });
});
