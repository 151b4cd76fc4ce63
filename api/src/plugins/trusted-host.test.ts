import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema';
import { fakeCreator } from '../modules/public-profile/public-profile-test-factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import { allowedHostRules, isAllowedHost } from './trusted-host';

const signUp = (t: TestApp, email: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: { 'x-requested-with': 'beabro', ...headers },
    payload: {
      name: 'Host Test',
      email,
      password: 'a good password',
      confirmPassword: 'a good password',
      role: 'supporter',
    },
  });

async function queuedEmails(t: TestApp, to: string) {
  return t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
}

async function verificationLink(t: TestApp, to: string) {
  const [row] = await queuedEmails(t, to);
  return /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(row?.textBody ?? '')?.[0];
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

describe('which Hosts a server answers', () => {
  const rules = (config: { host: string; publicUrl?: string; allowedHosts?: string[] }, ports = [3000]) =>
    allowedHostRules({ publicUrl: null, allowedHosts: [], ...config }, ports);

  it('on a loopback HOST: localhost, 127.0.0.1 and [::1] on any port, and nothing else', () => {
    const loopback = rules({ host: '127.0.0.1' });
    for (const host of ['localhost:3000', 'LOCALHOST:3001', '127.0.0.1:3000', '[::1]:3000', 'localhost'])
      expect(isAllowedHost(host, 'http', loopback), host).toBe(true);
    for (const host of ['evil.example', 'evil.example:3000', '127.0.0.2:3000', 'localhost.evil.example:3000'])
      expect(isAllowedHost(host, 'http', loopback), host).toBe(false);
  });

  it('on any other HOST: localhost only on the server’s port, its own listen address, PUBLIC_URL and ALLOWED_HOSTS', () => {
    const open = rules({
      host: '0.0.0.0',
      publicUrl: 'https://beabro.app',
      allowedHosts: ['internal', 'bro.example:8080'],
    });
    for (const host of [
      'localhost:3000',
      '127.0.0.1:3000',
      '[::1]:3000',
      'beabro.app',
      'BEABRO.APP:443',
      'internal:9999',
      'bro.example:8080',
    ]) {
      expect(isAllowedHost(host, 'http', open), host).toBe(true);
    }
    for (const host of [
      'localhost:3001',
      'localhost',
      '0.0.0.0:3000',
      'bro.example',
      'bro.example:8081',
      'evil.example',
    ])
      expect(isAllowedHost(host, 'http', open), host).toBe(false);
    // A Host without a port is on the default port of the protocol.
    expect(isAllowedHost('bro.example', 'http', rules({ host: '0.0.0.0', allowedHosts: ['bro.example:80'] }))).toBe(
      true,
    );
    expect(isAllowedHost('bro.example', 'https', rules({ host: '0.0.0.0', allowedHosts: ['bro.example:80'] }))).toBe(
      false,
    );
    const named = rules({ host: '192.168.1.5' }, [3000, 4000]);
    expect(isAllowedHost('192.168.1.5:3000', 'http', named)).toBe(true);
    expect(isAllowedHost('192.168.1.5:4000', 'http', named)).toBe(true);
    expect(isAllowedHost('192.168.1.5:5000', 'http', named)).toBe(false);
    expect(isAllowedHost('[fd00::1]:3000', 'http', rules({ host: 'fd00::1' }))).toBe(true);
  });

  it('refuses a malformed Host', () => {
    const loopback = rules({ host: '127.0.0.1' });
    for (const host of [
      '',
      'localhost:99999',
      'localhost:0',
      'http://localhost',
      'localhost/x',
      'user@localhost',
      'local host',
      '[zz::1]:3000',
    ]) {
      expect(isAllowedHost(host, 'http', loopback), host).toBe(false);
    }
  });
});

describe('a request with a Host that is not this server’s', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ALLOWED_HOSTS: 'bro.example:8080' });
  });
  afterAll(() => t.close());

  it('is refused before any route runs: sign-up with Host: evil.example queues no email', async () => {
    const res = await signUp(t, 'poisoned@example.com', { host: 'evil.example' });
    expect(res.statusCode).toBe(421);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toMatch(
      /does not answer to the host "evil\.example"[\s\S]*PUBLIC_URL[\s\S]*ALLOWED_HOSTS/,
    );
    expect(await queuedEmails(t, 'poisoned@example.com')).toEqual([]);
    expect(res.cookies).toEqual([]);
  });

  it('gets a short HTML page outside /api, and never a page with OpenGraph or canonical URLs on that Host', async () => {
    const creator = await fakeCreator(t.database.db, { displayName: 'Pixel Pat' });
    const res = await t.app.inject({ url: `/${creator.username}`, headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(421);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>Wrong address</h1>');
    expect(res.body).not.toContain('og:url');
    expect(res.body).not.toContain('http://evil.example');
    // The Host is echoed escaped.
    const odd = await t.app.inject({ url: '/', headers: { host: 'evil.example:1' } });
    expect(odd.statusCode).toBe(421);
    for (const url of ['/api/docs/json', '/api/dev/mailbox', '/api/health', '/dev/mailbox', '/remotes.json']) {
      expect((await t.app.inject({ url, headers: { host: 'evil.example' } })).statusCode, url).toBe(421);
    }
  });

  it('is a 400 when the Host is not a host at all', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { host: 'evil.example/<script>' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This request has no valid Host header.' });
    const page = await t.app.inject({ url: '/', headers: { host: 'a b' } });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('<h1>Bad request</h1>');
  });

  it('with an allowed Host, builds the verification link and the page’s URLs on it', async () => {
    expect((await signUp(t, 'allowed@example.com', { host: 'bro.example:8080' })).statusCode).toBe(201);
    expect(await verificationLink(t, 'allowed@example.com')).toMatch(
      /^http:\/\/bro\.example:8080\/verify-email\?token=/,
    );
    const creator = await fakeCreator(t.database.db);
    const page = await t.app.inject({ url: `/${creator.username}`, headers: { host: 'bro.example:8080' } });
    expect(page.statusCode).toBe(200);
    expect(metaContent(page.body, 'og:url')).toBe(`http://bro.example:8080/${creator.username}`);
    expect(canonical(page.body)).toBe(`http://bro.example:8080/${creator.username}`);
  });

  it('believes no X-Forwarded-Host or X-Forwarded-Proto without TRUST_PROXY', async () => {
    const res = await signUp(t, 'forwarded@example.com', {
      host: 'localhost:3000',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(res.statusCode).toBe(201);
    expect(await verificationLink(t, 'forwarded@example.com')).toMatch(
      /^http:\/\/localhost:3000\/verify-email\?token=/,
    );
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://beabro.app/' });
  });
  afterAll(() => t.close());

  it('links in emails and the page’s URLs use PUBLIC_URL whatever allowed Host the request carried', async () => {
    for (const [email, host] of [
      ['public1@example.com', 'beabro.app'],
      ['public2@example.com', 'localhost:3000'],
    ]) {
      expect((await signUp(t, email as string, { host: host as string })).statusCode).toBe(201);
      expect(await verificationLink(t, email as string)).toMatch(/^https:\/\/beabro\.app\/verify-email\?token=/);
    }
    const creator = await fakeCreator(t.database.db);
    const page = await t.app.inject({ url: `/${creator.username}`, headers: { host: '127.0.0.1:3000' } });
    expect(metaContent(page.body, 'og:url')).toBe(`https://beabro.app/${creator.username}`);
    expect(canonical(page.body)).toBe(`https://beabro.app/${creator.username}`);
  });

  it('still refuses other Hosts', async () => {
    expect((await signUp(t, 'public3@example.com', { host: 'evil.example' })).statusCode).toBe(421);
    expect(await queuedEmails(t, 'public3@example.com')).toEqual([]);
    expect((await t.app.inject({ url: '/', headers: { host: 'www.beabro.app' } })).statusCode).toBe(421);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', ALLOWED_HOSTS: 'beabro.app' });
  });
  afterAll(() => t.close());

  it('checks and uses X-Forwarded-Host and X-Forwarded-Proto', async () => {
    const res = await signUp(t, 'proxied@example.com', {
      host: 'localhost:3000',
      'x-forwarded-host': 'beabro.app',
      'x-forwarded-proto': 'https',
    });
    expect(res.statusCode).toBe(201);
    expect(await verificationLink(t, 'proxied@example.com')).toMatch(/^https:\/\/beabro\.app\/verify-email\?token=/);
    const refused = await signUp(t, 'proxied-evil@example.com', {
      host: 'localhost:3000',
      'x-forwarded-host': 'evil.example',
    });
    expect(refused.statusCode).toBe(421);
    expect(await queuedEmails(t, 'proxied-evil@example.com')).toEqual([]);
  });
});

describe('on a server listening on every interface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ HOST: '0.0.0.0', PORT: '3000' });
  });
  afterAll(() => t.close());

  /** A real HTTP request (inject cannot show the port actually bound). */
  function get(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/health', headers: { host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers localhost only on its port, including the one it actually bound', async () => {
    expect((await t.app.inject({ url: '/api/health', headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health', headers: { host: 'localhost:4000' } })).statusCode).toBe(421);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    expect(await get(port, `127.0.0.1:${port}`)).toBe(200);
    expect(await get(port, `localhost:${port}`)).toBe(200);
    expect(await get(port, 'evil.example')).toBe(421);
  });
});
