import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSite, createTestApp, type TestApp } from '../../testing/test-app';
import { SECRET_PAGE_NOSCRIPT } from './page-sender';

const TOKEN = 'secret-link-token-5b1c7e0a9d34f2';

/**
 * A hostile stand-in for the code the renderer runs (the shell's server bundle, or a release that got hold of
 * the process): it records everything the renderer is given (its arguments, environment, every message of the
 * API's channel: render requests, API answers, container code) and reads the API on every render; a page
 * `/help?report` shows all of it.
 */
const RECORDING_BUNDLE = `
const seen = [JSON.stringify(process.argv), JSON.stringify(process.env), process.cwd()];
process.on('message', (message) => seen.push(JSON.stringify(message)));
exports.createPageRenderer = async function (options) {
  return {
    render: async function (request) {
      seen.push(JSON.stringify(request));
      const answer = await options.apiTransport('/api/site-config', { headers: { accept: 'application/json' } });
      seen.push(String(answer.status), JSON.stringify([...answer.headers]), await answer.text());
      const report = request.url.includes('report') ? seen.join('\\n') : 'rendered';
      return {
        html: '<pre id="report">' + JSON.stringify(report).replace(/</g, '\\\\u003c') + '</pre>',
        area: { remote: 'mf-help', module: './help', rendered: true },
        state: { remoteMap: request.remoteMap, render: { area: null, queries: { mutations: [], queries: [] } } },
      };
    },
  };
};
`;

/** Every page an email link opens, and any page whose address carries a secret. */
const SECRET_PAGES = [
  `/verify-email?token=${TOKEN}`,
  `/reset-password?token=${TOKEN}`,
  `/subscriptions/cancel?token=${TOKEN}`,
  `/subscriptions/cancel?token=${TOKEN}&done=pause`,
  `/subscriptions/confirm?token=${TOKEN}`,
  `/subscriptions/confirm-change?token=${TOKEN}`,
  `/Subscriptions/Confirm-Change/?token=${TOKEN}`,
  `/subscriptions/unsubscribe?token=${TOKEN}`,
  `/Verify-Email/?token=${TOKEN}`,
  `/subscriptions/cancel?done=cancel&%74oken=${TOKEN}`,
  `/help?x=1?token=${TOKEN}`,
  `/help?code=${TOKEN}`,
  `/?Token=${TOKEN}`,
];

let t: TestApp;

beforeAll(async () => {
  const site = fakeSite();
  mkdirSync(path.join(site, 'shell', 'dist', 'server'), { recursive: true });
  writeFileSync(path.join(site, 'shell', 'dist', 'server', 'server.cjs'), RECORDING_BUNDLE);
  t = await createTestApp({ SITE_DIR: site });
});

afterAll(async () => {
  await t?.close();
});

const renderedReport = async (url: string) => {
  let body = '';
  await expect
    .poll(
      async () => {
        body = (await t.app.inject({ url })).body;
        return body.includes('<pre id="report">');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return JSON.parse(/<pre id="report">(.*?)<\/pre>/.exec(body)?.[1] ?? 'null') as string;
};

describe('a page whose address carries a secret', () => {
  it('is never handed to the renderer: what it records holds no token, from any channel', async () => {
    // The renderer is running (it renders a page without a secret).
    expect(await renderedReport('/help?warm-up')).toBe('rendered');

    for (const url of SECRET_PAGES) {
      const res = await t.app.inject({
        url,
        // What a browser sends along: none of it reaches the renderer either.
        headers: { referer: `https://elsewhere.example/?token=${TOKEN}`, cookie: `other=${TOKEN}` },
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      // The shell's page, left to the browser, which reads the token from its own address.
      expect({ url, rendered: res.body.includes('<pre id="report">') }).toEqual({ url, rendered: false });
      expect({ url, cache: res.headers['cache-control'] }).toEqual({ url, cache: 'no-store' });
      expect(res.body).not.toContain(TOKEN);
      // With JavaScript off, it says what to do rather than showing nothing.
      expect(res.body).toContain(SECRET_PAGE_NOSCRIPT);
    }

    const report = await renderedReport('/help?report');
    // The recording works: it holds the pages it was asked for and the API's answers.
    expect(report).toContain('/help?warm-up');
    expect(report).toContain('/help?report');
    expect(report).not.toContain(TOKEN);
  });

  it('the same page without a secret is still rendered on the server', async () => {
    expect(await renderedReport('/help?page=2')).toBe('rendered');
    const res = await t.app.inject({ url: '/verify-email' });
    expect(res.body).toContain('<pre id="report">');
    expect(res.body).not.toContain(SECRET_PAGE_NOSCRIPT);
    expect(res.headers['cache-control']).toBe('no-store');
    // A token page's answer is never stored by a cache, even opened without its token.
    const confirmChange = await t.app.inject({ url: '/subscriptions/confirm-change' });
    expect(confirmChange.headers['cache-control']).toBe('no-store');
  });
});
