import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoAxeViolations } from './support/axe';
import { settle, signInAs } from './support/site-pages';
import { expect, test, type Page } from './support/test';
import { fillSandboxCard } from './support/sandbox-card';

/*
 * The support button of /embed.js on a creator's own website: a plain page on another origin
 * (http://localhost:4345, not this site's http://127.0.0.1:<E2E_PORT>), with a strict Content-Security-
 * Policy plus the two documented additions (script-src and frame-src of this site). A visitor supports
 * the creator through the overlay as a guest (no cookies of this site reach the frame), and the host
 * page hears about it.
 */

const HOST_PORT = Number(process.env.E2E_EMBED_HOST_PORT ?? 4345);
const HOST = `http://localhost:${HOST_PORT}`;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** What the host page records (its own script: inline scripts are refused by its policy). */
const HOST_SCRIPT = `
const log = document.getElementById('events');
const add = (text) => { const item = document.createElement('li'); item.textContent = text; log.append(item); };
document.addEventListener('beabro:support', (event) => add('support ' + JSON.stringify(event.detail)));
document.addEventListener('securitypolicyviolation', (event) => add('csp ' + event.violatedDirective + ' ' + event.blockedURI));
`;

/** The host page of `username`'s website (`/?username=`; pixelpat, the demo creator, by default). */
function hostPage(site: string, username: string) {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Pat’s blog</title></head>
  <body>
    <h1>Pat’s blog</h1>
    <p>If you like my posts:
      <script src="${site}/embed.js" async data-username="${username}" data-text="Buy me a coffee" data-color="#facc15" data-position="inline"></script>
    </p>
    <h2>Events</h2>
    <ol id="events"></ol>
    <script src="/host.js"></script>
  </body>
</html>`;
}

let server: Server;

test.beforeAll(async ({ baseURL }) => {
  const site = new URL(baseURL ?? '').origin;
  // Strict: nothing but this page's own script, this site's script and this site's frame.
  const policy = [
    "default-src 'none'",
    `script-src 'self' ${site}`,
    `frame-src ${site}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  server = createServer((req, res) => {
    if (req.url === '/host.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(HOST_SCRIPT);
      return;
    }
    const url = new URL(req.url ?? '/', HOST);
    const username = url.searchParams.get('username') ?? 'pixelpat';
    if (url.pathname === '/' && /^[a-z0-9_]+$/.test(username)) {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy })
        .end(hostPage(site, username));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(HOST_PORT, 'localhost', resolve);
  });
  expect((server.address() as AddressInfo).port).toBe(HOST_PORT);
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const events = (page: Page) => page.locator('#events li');

/**
 * Escape with the focus inside the overlay's frame: the frame asks the host to close on keydown, so the frame is gone
 * before the key comes up, and the key is released on the host page. (A press sends both to the frame and waits for
 * the removed frame to acknowledge the key's release: on a busy machine it then waits until the test times out.)
 */
async function escapeInFrame(page: Page) {
  await page.keyboard.down('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.keyboard.up('Escape');
}

test.describe('embedded support button /embed.js', () => {
  test('a visitor of a creator’s website supports through the overlay, the site hears of it, Escape closes and focus returns', async ({
    page,
    creator,
  }) => {
    // A creator of the test's own: the support changes no demo creator's figures.
    const username = creator.username!;
    const profile = (await (await page.request.get(`/api/creators/${username}`)).json()) as { displayName: string };
    await page.goto(`${HOST}/?username=${username}`);
    const button = page.getByRole('button', { name: 'Buy me a coffee' });
    await expect(button).toBeVisible();
    // Inline, right where the tag is, in the snippet's colour.
    await expect(page.locator('p').filter({ has: button })).toContainText('If you like my posts:');
    await expect(button).toHaveCSS('background-color', 'rgb(250, 204, 21)');

    await button.click();
    const dialog = page.getByRole('dialog', { name: `Support @${username} on Be a Bro` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    const frame = page.frameLocator(`iframe[title="Checkout: support @${username}"]`);
    await expect(frame.getByRole('heading', { level: 1, name: `Support ${profile.displayName}` })).toBeVisible();
    await expect(frame.locator('#root[data-interactive]')).toBeAttached();
    // The compact layout: no site header, navigation or footer.
    await expect(frame.getByRole('banner')).toHaveCount(0);
    await expect(frame.getByRole('contentinfo')).toHaveCount(0);

    // A declined card first: the error shows inside the overlay.
    const name = `Embed Bro ${unique()}`;
    await frame.getByLabel('Custom Amount').fill('6');
    await frame.getByLabel('Name (optional)').fill(name);
    await frame.getByLabel('Email', { exact: true }).fill(`${unique()}@example.com`);
    await fillSandboxCard(frame, '4000 0000 0000 0002');
    await frame.getByRole('button', { name: 'Support with $6' }).click();
    await expect(frame.getByText('Your payment didn’t go through')).toBeVisible();
    await expect(events(page)).toHaveCount(0);

    await fillSandboxCard(frame, '4242 4242 4242 4242');
    await frame.getByRole('button', { name: 'Support with $6' }).click();
    await expect(frame.getByText(`Thank you for supporting ${profile.displayName}!`)).toBeVisible();
    await expect(frame.getByRole('definition').filter({ hasText: 'Visa ending in 4242' })).toBeVisible();

    // The host page's listener got the CustomEvent, and its strict policy refused nothing.
    await expect(events(page)).toHaveCount(1);
    const detail = JSON.parse(((await events(page).first().textContent()) ?? '').replace(/^support /, '')) as Record<
      string,
      unknown
    >;
    expect(detail).toMatchObject({ username, amountCents: 600, currency: 'USD', type: 'one-time' });
    const recent = (await (await page.request.get(`/api/creators/${username}`)).json()) as {
      recentSupports: Array<{ id: string; name: string | null }>;
    };
    expect(recent.recentSupports.find((support) => support.name === name)?.id).toBe(detail.supportId);

    // Escape inside the frame (focus is on the thank-you) closes the overlay; focus is back on the button.
    await expect(frame.getByRole('status').filter({ hasText: 'Thank you for supporting' })).toBeFocused();
    await escapeInFrame(page);
    await expect(button).toBeFocused();

    // Opened again from the keyboard: Shift+Tab from Close wraps into the checkout, not out to the page.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(frame.locator('#root[data-interactive]')).toBeAttached();
    await page.keyboard.press('Shift+Tab');
    await expect(page.locator(`iframe[title="Checkout: support @${username}"]`)).toBeFocused();
    await page.keyboard.press('Tab');
    await escapeInFrame(page);
    await expect(button).toBeFocused();

    // Escape on the host side (focus on Close) closes it too.
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(events(page)).toHaveCount(1);
  });

  test('only the embed layout of the checkout may be framed by another site', async ({ request }) => {
    const embedded = await request.get(`/pixelpat/support?embed=1&origin=${encodeURIComponent(HOST)}`);
    expect(embedded.headers()['content-security-policy']).toContain("frame-ancestors 'self' https: http://localhost:*");
    expect(embedded.headers()['x-frame-options']).toBeUndefined();
    const checkout = await request.get('/pixelpat/support');
    expect(checkout.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    const script = await request.get('/embed.js');
    expect(script.status()).toBe(200);
    expect(script.headers()['cache-control']).toBe('public, max-age=300');
    expect(script.headers()['etag']).toBeTruthy();
  });

  for (const width of [1280, 375]) {
    test(`the creator builds the snippet on the dashboard at ${width} px`, async ({ page }) => {
      await signInAs(page, 'creator');
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Add to your website' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a support button to your website' });
      await expect(dialog.getByRole('img', { name: 'Preview of the button: Support me on Be a Bro' })).toBeVisible();
      await dialog.getByLabel('Button text').fill('Tip jar');
      await dialog.getByLabel('Position').selectOption('inline');
      const code = dialog.getByRole('textbox', { name: 'Button snippet' });
      await expect(code).toHaveValue(
        /data-username="pixelpat" data-text="Tip jar" data-color="#4f46e5" data-position="inline"/,
      );
      // Nothing in the dialog is wider than the screen.
      expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await settle(page);
      await expectNoAxeViolations(page, `the embed dialog at ${width} px`);
      await dialog.getByLabel('Button text').fill('');
      await expect(dialog.getByLabel('Button text')).toHaveAttribute('aria-invalid', 'true');
      await expect(code).toHaveCount(0);
      await expectNoAxeViolations(page, `the embed dialog with an error at ${width} px`);
    });
  }

  test('the open overlay with the checkout is accessible', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${HOST}/`);
    await page.getByRole('button', { name: 'Buy me a coffee' }).click();
    const frame = page.frameLocator('iframe[title="Checkout: support @pixelpat"]');
    await expect(frame.locator('#root[data-interactive]')).toBeAttached();
    await expectNoAxeViolations(page, 'the open overlay with the checkout');
  });
});
