import { mkdirSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_USE_ELEMENT_ID, PAGE_STATE_ELEMENT_ID, type FirstUsePlan } from '@beabro/shared/contract/page-state';
import { SESSION_COOKIE } from '../sessions/session-service';
import { fakeSite, createTestApp, type TestApp } from '../../testing/test-app';
import { fakeCreator } from '../public-profile/public-profile-test-factories';

/**
 * A stand-in for the shell's server bundle (shell/dist/server/server.cjs): it records what the server
 * asked, answers API calls through the transport it was given, and fails on demand.
 */
const FAKE_SHELL_BUNDLE = `
let renders = 0;
exports.createPageRenderer = async function (options) {
  return {
    render: async function (request) {
      if (request.url.startsWith('/help?fail')) throw new Error('render exploded');
      if (request.url === '/dashboard') return null;
      const siteConfig = await options.apiTransport('/api/site-config', { headers: { accept: 'application/json' } });
      const body = await siteConfig.json();
      if (request.url === '/help?styled') {
        return {
          html:
            '<style data-emotion="css-global 1x">body{margin:0}</style><header><style data-emotion="css a1">.css-a1{display:flex}</style>' +
            '<a class="css-a1">Sign In</a><style data-emotion="css b2">.css-b2{color:red}</style><a class="css-b2">Join</a></header>' +
            '<p>style text: &lt;style data-emotion="css c3"></p>',
          area: { remote: 'mf-help', module: './help', rendered: true },
          state: { remoteMap: request.remoteMap, render: { area: null, queries: { mutations: [], queries: [] } } },
        };
      }
      return {
        html: '<p>rendered ' + request.url + ' with ' + JSON.stringify(request.serverEntries) + ' api ' + body.supportEmail + ' $& $1</p>',
        area:
          request.url === '/nothing/here/x'
            ? null
            : { remote: 'mf-help', module: './help', rendered: !request.url.startsWith('/auth') },
        title: request.url.startsWith('/help') ? 'Help <Centre> & more - Be a Bro' : undefined,
        incomplete: request.url === '/discover?slow' ? true : undefined,
        state: { remoteMap: request.remoteMap, render: { area: null, queries: { mutations: [], queries: [] }, renders: ++renders } },
      };
    },
  };
};
`;

/** The shell's script tag as its build writes it into the page template. */
const SHELL_SCRIPT = '<script defer src="/main.0123456789.js"></script>';

let t: TestApp;
beforeAll(async () => {
  const site = fakeSite();
  mkdirSync(path.join(site, 'shell', 'dist', 'server'), { recursive: true });
  writeFileSync(path.join(site, 'shell', 'dist', 'server', 'server.cjs'), FAKE_SHELL_BUNDLE);
  // A shell page the size of a real one's head (styles, preloads), so pages are worth compressing.
  const style = `<style>${'.bab-x{color:#123456;margin:0 auto;padding:4px}'.repeat(60)}</style>`;
  writeFileSync(
    path.join(site, 'shell', 'dist', 'index.html'),
    `<!doctype html><html><head><title>Be a Bro</title>${style}${SHELL_SCRIPT}</head><body><div id="root"></div></body></html>`,
  );
  // The longest page cache allowed, so a render is still kept when a busy machine runs this file slowly.
  t = await createTestApp({ SITE_DIR: site, SERVER_RENDER_CACHE_MS: '60000' });
});
afterAll(() => t.close());

const pageState = (html: string) =>
  JSON.parse(
    new RegExp(`<script id="${PAGE_STATE_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html)?.[1] ??
      'null',
  ) as {
    remoteMap: Record<string, string>;
    render: unknown;
  };

describe('a visitor’s page is rendered by the shell’s server bundle', () => {
  it('puts the markup in #root, names the live remote map and where each server bundle is', async () => {
    const res = await t.app.inject({ url: '/help' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Cookie');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<div id="root"><p>rendered /help with {');
    expect(res.body).toContain('"mf-help":"http://site.local/remotes/mf-help/server/remoteEntry.js"');
    // Only remotes that render on the server get a server bundle URL.
    expect(res.body).not.toContain('mf-creator/server');
    // Areas' data comes from the API in-process; "$&" in rendered text stays as it is.
    expect(res.body).toContain('api help@beabro.test $& $1</p></div>');
    expect(pageState(res.body).remoteMap['mf-help']).toBe('/remotes/mf-help/mf-manifest.json');
  });

  it('puts the styles the markup was rendered with in the head, in their order, and nothing else', async () => {
    const res = await t.app.inject({ url: '/help?styled' });
    expect(res.statusCode).toBe(200);
    const [head, body] = res.body.split('</head>');
    expect(head).toContain(
      '<style data-emotion="css-global 1x">body{margin:0}</style><style data-emotion="css a1">.css-a1{display:flex}</style>' +
        '<style data-emotion="css b2">.css-b2{color:red}</style>',
    );
    expect(body).toContain(
      '<div id="root"><header><a class="css-a1">Sign In</a><a class="css-b2">Join</a></header>' +
        '<p>style text: &lt;style data-emotion="css c3"></p></div>',
    );
    expect(body).not.toContain('<style');
  });

  it('gives the page the title its area set while rendering, escaped', async () => {
    const res = await t.app.inject({ url: '/help' });
    expect(res.body).toContain('<title>Help &lt;Centre> &amp; more - Be a Bro</title>');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    // A page whose area set none keeps the site's.
    const other = await t.app.inject({ url: '/discover' });
    expect(other.body).toContain('<title>Be a Bro</title>');
  });

  it('renders a creator’s page with the creator’s link preview', async () => {
    const creator = await fakeCreator(t.database.db, { displayName: 'Server Sam' });
    const res = await t.app.inject({ url: `/${creator.username}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<p>rendered /${creator.username} with`);
    expect(res.body).toContain('<title>Server Sam on Be a Bro</title>');
  });

  it('answers "page not found" rendered by the server with 404', async () => {
    const res = await t.app.inject({ url: '/nothing/here/x' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<p>rendered /nothing/here/x');
  });

  it('leaves signed-in pages, pages the server does not render and a failing render to the browser, never a 500', async () => {
    const signedIn = await t.app.inject({ url: '/help', headers: { cookie: 'bro_session=abc' } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(pageState(signedIn.body)).toEqual({
      remoteMap: expect.objectContaining({ 'mf-help': '/remotes/mf-help/mf-manifest.json' }),
      render: null,
    });
    expect(signedIn.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    const guarded = await t.app.inject({ url: '/dashboard' });
    expect(guarded.statusCode).toBe(200);
    expect(guarded.body).toContain('<div id="root"></div>');

    const failing = await t.app.inject({ url: '/help?fail=1' });
    expect(failing.statusCode).toBe(200);
    expect(failing.body).toContain('<div id="root"></div>');
    expect(pageState(failing.body).render).toBeNull();
  });
});

describe('on a server that serves other machines (HOST=0.0.0.0)', () => {
  it('still answers the areas’ API calls made while rendering', async () => {
    const site = fakeSite();
    mkdirSync(path.join(site, 'shell', 'dist', 'server'), { recursive: true });
    writeFileSync(path.join(site, 'shell', 'dist', 'server', 'server.cjs'), FAKE_SHELL_BUNDLE);
    const exposed = await createTestApp({
      SITE_DIR: site,
      HOST: '0.0.0.0',
      PORT: '3000',
      ALLOWED_HOSTS: 'beabro.example',
    });
    try {
      const res = await exposed.app.inject({ url: '/help', headers: { host: 'beabro.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('api help@beabro.test');
    } finally {
      await exposed.close();
    }
  });
});

const firstUsePlan = (html: string) =>
  JSON.parse(
    new RegExp(`<script id="${FIRST_USE_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html)?.[1] ?? 'null',
  ) as FirstUsePlan | null;

describe('a public page runs no code until the visitor first uses it', () => {
  it('names the shell’s scripts in a first-use block for its loader instead of loading them', async () => {
    const res = await t.app.inject({ url: '/help' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SHELL_SCRIPT);
    // The area's files are fetched with the shell's, when the visitor first uses the page: not hinted before.
    expect(firstUsePlan(res.body)).toEqual({
      scripts: ['/main.0123456789.js'],
      preloads: [{ as: 'fetch', href: '/remotes/mf-help/mf-manifest.json' }],
    });
    expect(res.body).not.toContain('rel="preload"');
    const loader = /<script defer src="(\/first-use\.[0-9a-f]{10}\.js)"><\/script><\/head>/.exec(res.body)?.[1];
    expect(loader).toBeDefined();

    const script = await t.app.inject({ url: loader! });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toContain(FIRST_USE_ELEMENT_ID);
    // Served from this site: the page's policy allows no inline script.
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('has a creator’s page and checkout count their views as they open', async () => {
    const creator = await fakeCreator(t.database.db, { displayName: 'Viewed Vi' });
    const profile = await t.app.inject({ url: `/${creator.username}` });
    expect(firstUsePlan(profile.body)?.view).toEqual({ username: creator.username, page: 'profile' });
    // The checkout too runs no code until first used (its form waits for the code: `data-needs-code`).
    const checkout = await t.app.inject({ url: `/${creator.username}/support` });
    expect(checkout.body).not.toContain(SHELL_SCRIPT);
    expect(firstUsePlan(checkout.body)?.view).toEqual({ username: creator.username, page: 'support' });
    const help = await t.app.inject({ url: '/help' });
    expect(firstUsePlan(help.body)).not.toHaveProperty('view');
  });

  it('leaves signed-in pages, the embedded checkout and pages not rendered here to load the shell at once', async () => {
    const creator = await fakeCreator(t.database.db, { displayName: 'Checkout Chloe' });
    for (const request of [
      // Opened in a creator's website's overlay to be used.
      { url: `/${creator.username}/support?embed=1` },
      { url: '/help', cookies: { [SESSION_COOKIE]: 'any' } },
      { url: '/dashboard' },
      // Server-rendered around an area left to the browser, or with data that did not load: its loading state needs
      // the code at once.
      { url: '/auth' },
      { url: '/discover?slow' },
    ]) {
      const res = await t.app.inject(request);
      expect(res.body, request.url).toContain(SHELL_SCRIPT);
      expect(firstUsePlan(res.body), request.url).toBeNull();
      expect(res.body, request.url).not.toContain('/first-use.');
    }
  });

  it('loads the shell at once everywhere with HYDRATE_ON_FIRST_USE=false', async () => {
    const site = fakeSite();
    mkdirSync(path.join(site, 'shell', 'dist', 'server'), { recursive: true });
    writeFileSync(path.join(site, 'shell', 'dist', 'server', 'server.cjs'), FAKE_SHELL_BUNDLE);
    writeFileSync(path.join(site, 'shell', 'dist', 'index.html'), `<head>${SHELL_SCRIPT}</head><div id="root"></div>`);
    const atOnce = await createTestApp({ SITE_DIR: site, HYDRATE_ON_FIRST_USE: 'false' });
    try {
      const res = await atOnce.app.inject({ url: '/help' });
      expect(res.body).toContain('<p>rendered /help');
      expect(res.body).toContain(SHELL_SCRIPT);
      expect(firstUsePlan(res.body)).toBeNull();
    } finally {
      await atOnce.close();
    }
  });
});

describe('pages rendered in the last moment (SERVER_RENDER_CACHE_MS)', () => {
  const rendersOf = (html: string) => (pageState(html).render as { renders: number }).renders;

  it('are sent again to the next visitors, and forgotten after a successful write', async () => {
    const creator = await fakeCreator(t.database.db, { displayName: 'Busy Bea' });
    const first = await t.app.inject({ url: `/${creator.username}` });
    const again = await t.app.inject({ url: `/${creator.username}` });
    expect(rendersOf(again.body)).toBe(rendersOf(first.body));

    // A page view (sent by every visit) changes nothing a page shows; a refused write neither.
    const view = await t.app.inject({
      method: 'POST',
      url: `/api/creators/${creator.username}/views`,
      headers: { 'x-requested-with': 'beabro' },
      payload: { page: 'profile' },
    });
    expect(view.statusCode).toBe(204);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'x-requested-with': 'beabro' },
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(rendersOf((await t.app.inject({ url: `/${creator.username}` })).body)).toBe(rendersOf(first.body));

    // A write that succeeds may change the page: the next visitor gets a new render.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'x-requested-with': 'beabro' },
      payload: {
        name: 'Bea Fan',
        email: 'bea-fan@example.com',
        password: 'a good password',
        confirmPassword: 'a good password',
        role: 'supporter',
      },
    });
    expect(signUp.statusCode).toBe(201);
    expect(rendersOf((await t.app.inject({ url: `/${creator.username}` })).body)).toBeGreaterThan(
      rendersOf(first.body),
    );
  });
});

describe('with SERVER_RENDER=false', () => {
  it('sends every page to be rendered in the browser', async () => {
    const site = fakeSite();
    mkdirSync(path.join(site, 'shell', 'dist', 'server'), { recursive: true });
    writeFileSync(path.join(site, 'shell', 'dist', 'server', 'server.cjs'), FAKE_SHELL_BUNDLE);
    const off = await createTestApp({ SITE_DIR: site, SERVER_RENDER: 'false' });
    try {
      const res = await off.app.inject({ url: '/help' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    } finally {
      await off.close();
    }
  });
});

describe('framing', () => {
  it('lets no site frame a page, except the checkout in its embed layout', async () => {
    const creator = await fakeCreator(t.database.db, { displayName: 'Framed Fran' });
    for (const url of [
      '/help',
      `/${creator.username}`,
      `/${creator.username}/support`,
      `/${creator.username}/support?embed=0`,
      '/settings?embed=1',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    for (const url of [
      `/${creator.username}/support?embed=1`,
      `/${creator.username}/support?embed=1&origin=https%3A%2F%2Fmy.site`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toContain(
        "frame-ancestors 'self' https: http://localhost:* http://127.0.0.1:*",
      );
      expect(res.headers['content-security-policy'], url).not.toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    // Signed in or not, rendered on the server or not: the same rule.
    const signedIn = await t.app.inject({
      url: `/${creator.username}/support?embed=1`,
      headers: { cookie: 'bro_session=abc' },
    });
    expect(signedIn.headers['x-frame-options']).toBeUndefined();
    expect(signedIn.headers['content-security-policy']).toContain("frame-ancestors 'self' https:");
  });
});

describe('compression of pages', () => {
  it('sends every page in brotli or gzip when the browser takes it, and as it is otherwise', async () => {
    const creator = await fakeCreator(t.database.db, { displayName: 'Squeezed Sam' });
    for (const url of ['/', '/help', `/${creator.username}`, '/nothing/here/x']) {
      const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
      const brotli = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(brotli.statusCode).toBe(plain.statusCode);
      expect(brotli.headers['content-encoding']).toBe('br');
      const varies = String(brotli.headers.vary).toLowerCase().split(/,\s*/);
      expect(varies.filter((name) => name === 'accept-encoding')).toHaveLength(1);
      expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
      const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
      expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    }
  });

  it('never sends a coding the browser refused', async () => {
    const res = await t.app.inject({ url: '/help', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('<div id="root">');
  });
});
