import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { CSRF_REFUSED_MESSAGE } from '../lib/csrf';

/** POST /api/auth/sign-out changes nothing for a visitor: 204 when the guard lets it through. */
const signOut = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { 'x-requested-with': 'beabro', ...headers } });

describe('CSRF guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://beabro.app' });
  });
  afterAll(() => t.close());

  it('lets through a request with the header and no Origin, or an Origin of this site', async () => {
    expect((await signOut(t, { host: 'localhost:3000' })).statusCode).toBe(204);
    expect((await signOut(t, { host: 'localhost:3000', origin: 'http://localhost:3000' })).statusCode).toBe(204);
    expect((await signOut(t, { host: 'beabro.app', origin: 'https://beabro.app' })).statusCode).toBe(204);
    // An explicit default port is the same origin.
    expect((await signOut(t, { host: 'beabro.app:443', origin: 'https://beabro.app' })).statusCode).toBe(204);
    expect((await signOut(t, { host: 'localhost:80', origin: 'http://localhost' })).statusCode).toBe(204);
  });

  it('refuses a request without the header, or from another origin', async () => {
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { host: 'localhost:3000' },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toEqual({ message: CSRF_REFUSED_MESSAGE });
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'null', 'https://beabro.app.evil.example']) {
      expect((await signOut(t, { host: 'localhost:3000', origin })).statusCode, origin).toBe(403);
    }
    // The same host on another scheme is another origin (a page served over plain http).
    expect((await signOut(t, { host: 'beabro.app', origin: 'http://beabro.app' })).statusCode).toBe(403);
    expect((await signOut(t, { host: 'localhost:3000', origin: 'https://localhost:3000' })).statusCode).toBe(403);
  });

  it('answers a malformed Origin with 403, never a 500', async () => {
    for (const origin of [
      'http://[',
      '::::',
      'not a url',
      '',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'http://',
    ]) {
      const res = await signOut(t, { host: 'localhost:3000', origin });
      expect(res.statusCode, JSON.stringify(origin)).toBe(403);
      expect(res.json()).toEqual({ message: CSRF_REFUSED_MESSAGE });
    }
  });

  it('compares the Origin with the Host, ignoring X-Forwarded-Host without TRUST_PROXY', async () => {
    const res = await signOut(t, {
      host: 'localhost:3000',
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(res.statusCode).toBe(403);
    // Nor does a forwarded host that matches the Origin help.
    expect(
      (await signOut(t, { host: 'localhost:3000', origin: 'https://beabro.app', 'x-forwarded-host': 'beabro.app' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('CSRF guard behind a proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', ALLOWED_HOSTS: 'beabro.app' });
  });
  afterAll(() => t.close());

  it('compares the Origin with X-Forwarded-Host', async () => {
    expect(
      (
        await signOut(t, {
          host: 'localhost:3000',
          origin: 'https://beabro.app',
          'x-forwarded-host': 'beabro.app',
          'x-forwarded-proto': 'https',
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await signOut(t, { host: 'localhost:3000', origin: 'http://localhost:3000', 'x-forwarded-host': 'beabro.app' }))
        .statusCode,
    ).toBe(403);
    // X-Forwarded-Proto says the site is https: an http Origin of the same host is refused.
    expect(
      (
        await signOut(t, {
          host: 'localhost:3000',
          origin: 'http://beabro.app',
          'x-forwarded-host': 'beabro.app',
          'x-forwarded-proto': 'https',
        })
      ).statusCode,
    ).toBe(403);
  });
});
