import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFile, readServerContainerCode, serverEntryUrl, type LocalFolders } from './server-container-loader';
import { makeTempDir } from '../../testing/temp-dir';

const CONTAINER = 'module.exports = { get: function () {}, init: function () {}, label: __filename };';

let folders: LocalFolders;
let server: Server;
let origin: string;

beforeAll(async () => {
  const siteDir = makeTempDir('ssr-site');
  const releasesDir = makeTempDir('ssr-releases');
  mkdirSync(path.join(siteDir, 'mf-help', 'dist', 'server'), { recursive: true });
  writeFileSync(path.join(siteDir, 'mf-help', 'dist', 'server', 'remoteEntry.js'), CONTAINER);
  mkdirSync(path.join(releasesDir, 'mf-help', 'v2', 'server'), { recursive: true });
  writeFileSync(path.join(releasesDir, 'mf-help', 'v2', 'server', 'remoteEntry.js'), CONTAINER);
  folders = { siteDir, releasesDir, remoteNames: ['mf-help'] };
  // A CDN stand-in: a container, a 404 page, a redirect, and one that never answers.
  server = createServer((req, res) => {
    if (req.url === '/ok/server/remoteEntry.js') res.end(CONTAINER);
    else if (req.url === '/redirect.js') res.writeHead(302, { location: '/ok/server/remoteEntry.js' }).end();
    else if (req.url === '/slow.js')
      return; // never answers
    else res.writeHead(404).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('where a remote’s server bundle is', () => {
  it('sits in server/ next to the manifest or remoteEntry.js the browser loads', () => {
    expect(serverEntryUrl('/remotes/mf-help/mf-manifest.json')).toBe(
      'http://site.local/remotes/mf-help/server/remoteEntry.js',
    );
    expect(serverEntryUrl('/releases/mf-help/v2/remoteEntry.js')).toBe(
      'http://site.local/releases/mf-help/v2/server/remoteEntry.js',
    );
    expect(serverEntryUrl('https://cdn.example.com/help/1.4.0/mf-manifest.json')).toBe(
      'https://cdn.example.com/help/1.4.0/server/remoteEntry.js',
    );
    expect(serverEntryUrl('https://cdn.example.com/help/other.js')).toBeNull();
  });

  it('maps this server’s URLs to its own folders, never outside them', () => {
    expect(localFile(new URL('http://site.local/remotes/mf-help/server/remoteEntry.js'), folders)).toBe(
      path.join(folders.siteDir, 'mf-help', 'dist', 'server', 'remoteEntry.js'),
    );
    expect(localFile(new URL('http://site.local/releases/mf-help/v2/server/remoteEntry.js'), folders)).toBe(
      path.join(folders.releasesDir, 'mf-help', 'v2', 'server', 'remoteEntry.js'),
    );
    expect(localFile(new URL('http://site.local/remotes/mf-unknown/server/remoteEntry.js'), folders)).toBeNull();
    expect(localFile(new URL('http://site.local/remotes/mf-help/%2e%2e/%2e%2e/etc/passwd'), folders)).toBeNull();
    expect(localFile(new URL('https://cdn.example.com/remotes/mf-help/x.js'), folders)).toBeNull();
  });
});

describe('reading a server container for the renderer', () => {
  const load = (url: string, timeoutMs = 2000) => readServerContainerCode(url, folders, timeoutMs);

  it('reads a local file or a fetched answer', async () => {
    expect(await load('http://site.local/releases/mf-help/v2/server/remoteEntry.js')).toBe(CONTAINER);
    expect(await load(`${origin}/ok/server/remoteEntry.js`)).toBe(CONTAINER);
  });

  it('loads over https only (plain http from this machine only) and follows no redirect', async () => {
    await expect(load('http://cdn.example.com/help/server/remoteEntry.js')).rejects.toThrow(
      'server bundles are loaded over https only',
    );
    await expect(load(`${origin}/redirect.js`)).rejects.toThrow(/fetching .* failed/);
  });

  it('refuses a missing file, an error page and a server that does not answer in time', async () => {
    await expect(load('http://site.local/remotes/mf-help/server/missing.js')).rejects.toThrow(
      'no server bundle at /remotes/mf-help/server/missing.js',
    );
    await expect(load(`${origin}/missing/server/remoteEntry.js`)).rejects.toThrow('answered 404');
    // That server never answers: only the time limit can end the load.
    await expect(load(`${origin}/slow.js`, 300)).rejects.toThrow(/fetching .* failed/);
  });
});
