import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSite, createTestApp, type TestApp } from '../testing/test-app';

// The builds this plugin serves. The pages it answers every other address with are tested in
// modules/page-rendering/page-routes.test.ts.

let t: TestApp;
beforeAll(async () => {
  const site = fakeSite();
  mkdirSync(path.join(site, 'shell', 'dist', 'server'), { recursive: true });
  writeFileSync(path.join(site, 'shell', 'dist', 'server', 'server.cjs'), 'module.exports = {};');
  writeFileSync(path.join(site, 'shell', 'dist', 'embed.js'), `(()=>{${'/* button */'.repeat(200)}})();`);
  t = await createTestApp({ SITE_DIR: site });
});
afterAll(() => t.close());

describe('the shell’s build', () => {
  it('does not serve the shell’s server bundle to browsers', async () => {
    expect((await t.app.inject({ url: '/server/server.cjs' })).statusCode).toBe(404);
  });
});

describe('source maps', () => {
  it('are not served unless SERVE_SOURCE_MAPS=true', async () => {
    const site = fakeSite();
    writeFileSync(path.join(site, 'shell', 'dist', 'main.0123456789.js.map'), '{"version":3}');
    writeFileSync(path.join(site, 'mf-help', 'dist', '__federation_expose_help.abcdef0123.js.map'), '{"version":3}');
    const off = await createTestApp({ SITE_DIR: site });
    const on = await createTestApp({ SITE_DIR: site, SERVE_SOURCE_MAPS: 'true' });
    try {
      for (const url of ['/main.0123456789.js.map', '/remotes/mf-help/__federation_expose_help.abcdef0123.js.map']) {
        expect((await off.app.inject({ url })).statusCode).toBe(404);
        expect((await on.app.inject({ url })).statusCode).toBe(200);
      }
      // The code itself is served either way.
      expect((await off.app.inject({ url: '/main.0123456789.js' })).statusCode).toBe(200);
    } finally {
      await off.close();
      await on.close();
    }
  });
});

describe('the embed script', () => {
  it('serves /embed.js to other sites with a short cache and a validator', async () => {
    const res = await t.app.inject({ url: '/embed.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['content-encoding']).toBe('gzip');
    const etag = res.headers.etag;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: '/embed.js', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
  });
});
