import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

describe('api server', () => {
  it('answers /api/health', async () => {
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('serves the runtime remote map, never cached', async () => {
    const res = await app.inject('/remotes.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({
      'mf-help': '/remotes/mf-help/mf-manifest.json',
      'mf-marketing': '/remotes/mf-marketing/mf-manifest.json',
    });
  });

  it('serves the configured support address', async () => {
    expect((await app.inject('/api/site-config')).json()).toEqual({ supportEmail: 'help@beabro.test' });
  });

  it('serves the shell page for every client-side route, never cached', async () => {
    for (const url of ['/', '/help', '/no/such/page', '/discover?q=art']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("answers an unknown creator's support page with the shell page and 404", async () => {
    const res = await app.inject('/maya/support?x=1');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and revalidates remote entries and manifests', async () => {
    expect((await app.inject('/main.0123456789.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await app.inject('/remotes/mf-help/__federation_expose_help.abcdef0123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await app.inject('/remotes/mf-help/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await app.inject('/remotes/mf-help/mf-manifest.json')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses what is worth compressing', async () => {
    const res = await app.inject({ url: '/main.0123456789.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers unknown API routes and missing assets with 404, not the shell page', async () => {
    const api = await app.inject('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
    expect(
      (await app.inject({ method: 'POST', url: '/api/nope', headers: { 'x-requested-with': 'beabro' } })).statusCode,
    ).toBe(404);
    expect((await app.inject('/remotes/mf-help/missing.js')).statusCode).toBe(404);
    expect((await app.inject('/missing.0123456789.js')).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/help' })).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the API at /api/docs', async () => {
    const page = await app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    const spec = (await app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/auth/sign-up', '/api/auth/sign-in', '/api/auth/sign-out', '/api/auth/me']),
    );
  });
});

describe('INSTANCE_ID', () => {
  it('names the instance that answered in X-Instance-Id, on API answers, pages and refusals alike; unset, no header', async () => {
    const named = await createTestApp({ INSTANCE_ID: 'api-2' });
    try {
      expect((await named.app.inject('/api/health')).headers['x-instance-id']).toBe('api-2');
      expect((await named.app.inject('/')).headers['x-instance-id']).toBe('api-2');
      const refused = await named.app.inject({ method: 'POST', url: '/api/auth/sign-out' });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['x-instance-id']).toBe('api-2');
    } finally {
      await named.close();
    }
    expect((await app.inject('/api/health')).headers['x-instance-id']).toBeUndefined();
  });
});
