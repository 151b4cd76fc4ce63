import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, FIRST_USE_FAILED, test, type Page } from './support/test';
import { copyBuild, copyRemoteSource, deployRemote, readFixture, removeFolder, RemoteServer } from './support/releases';

/**
 * Failure isolation with real broken remotes (see e2e/fixtures/broken-remotes): each is deployed
 * with `pnpm deploy:remote` like any release, and only the help centre may show the fallback.
 */

/** Only the help area shows its fallback; the header, footer, navigation and other areas work. */
async function expectOnlyHelpBroken(page: Page, detail: RegExp | string) {
  const fallback = page.getByRole('alert');
  await expect(fallback).toContainText('The Help centre is unavailable right now');
  await expect(fallback).toContainText(detail);
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'For Supporters' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await page.getByRole('link', { name: 'Be a Bro home' }).click();
  await expect(page.getByRole('link', { name: 'Start Getting Supported' })).toBeVisible();
  await page.goto('/discover');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover creators' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('alert')).toContainText('The Help centre is unavailable right now');
}

const helpRenders = (page: Page) => expect(page.getByText(/\d+ articles? found/)).toBeVisible();

test.describe('failure isolation', { tag: '@server-wide' }, () => {
  test.describe.configure({ mode: 'serial' });
  test.afterEach(async () => {
    await deployRemote('mf-help', '--reset');
  });

  test('a remote whose server is down: its server-rendered page stays readable, and Retry brings the area back', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // The help team serves its build from its own server (another origin, as a CDN would).
    const build = await copyBuild('mf-help');
    const server = new RemoteServer(build);
    await server.start();
    try {
      await deployRemote('mf-help', '--url', server.manifestUrl);
      await page.goto('/help');
      await helpRenders(page);

      await server.stop();
      // A deep link: the server renders the page with the help container it holds; the browser cannot fetch the
      // help team's files, so the page stays as rendered, readable, and says so.
      await page.goto('/help');
      await expect(page.getByRole('alert')).toHaveText(FIRST_USE_FAILED);
      await helpRenders(page);
      await expect(page.locator('#root[data-interactive]')).toHaveCount(0);

      await server.start(); // same port
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.locator('#root[data-interactive]')).toBeAttached();
      await expect(page.getByRole('alert')).toHaveCount(0);
      // The area works in the browser: its search filters as the visitor types.
      const before = await page.getByText(/\d+ articles? found/).textContent();
      await page.getByRole('searchbox', { name: 'Search help articles' }).fill('refund');
      await expect(page.getByText(/\d+ articles? found/)).not.toHaveText(before ?? '');
    } finally {
      await server.stop();
      await removeFolder(build);
    }
  });

  test('a deep link while its remote is down: Retry renders the area once the server is back', async ({ page }) => {
    test.setTimeout(90_000);
    const build = await copyBuild('mf-help');
    const server = new RemoteServer(build);
    await server.start();
    try {
      await deployRemote('mf-help', '--url', server.manifestUrl);
      await server.stop();
      // Opened on /help itself: the page arrives from the server, the browser cannot fetch the help files.
      await page.goto('/help');
      await expect(page.getByRole('alert')).toContainText('The Help centre is unavailable right now');
      await expect(page.getByRole('banner').getByRole('link', { name: 'For Supporters' })).toBeVisible();

      await server.start(); // same port
      await page.getByRole('button', { name: 'Retry' }).click();
      await helpRenders(page);
      await expect(page.getByRole('alert')).toHaveCount(0);
    } finally {
      await server.stop();
      await removeFolder(build);
    }
  });

  test('a server-rendered deep link whose browser files fail: Retry renders the area once they load', async ({
    page,
  }) => {
    // The checkout in a website's overlay hydrates at once: the server renders it, but the browser cannot fetch
    // mf-public-profile's files (a public page that waits for its first use is first-use.spec.ts's).
    let failing = true;
    await page.route(/\/(remotes|releases)\/mf-public-profile\//, (route) =>
      failing ? route.abort() : route.fallback(),
    );
    await page.goto('/pixelpat/support?embed=1');
    await expect(page.getByRole('alert')).toContainText('is unavailable right now');

    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('button', { name: /^Support with \$/ })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a remote whose manifest is missing: only its area falls back', async ({ page }) => {
    test.setTimeout(90_000);
    const build = await copyBuild('mf-help');
    await rm(path.join(build, 'mf-manifest.json'));
    const server = new RemoteServer(build);
    await server.start();
    try {
      await deployRemote('mf-help', '--url', server.manifestUrl);
      // The server renders the page from the server bundle beside where the manifest should be; the browser cannot
      // load the area: the page stays readable and says so.
      await page.goto('/help');
      await expect(page.getByRole('alert')).toHaveText(FIRST_USE_FAILED);
      await helpRenders(page);
      // Reached in the browser, only the area falls back.
      await page.goto('/discover');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
      await expectOnlyHelpBroken(page, 'We could not reach this part of the site');
    } finally {
      await server.stop();
      await removeFolder(build);
    }
  });

  test('a remote that throws while rendering: only its area falls back, and a fixed release brings it back', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const version = `e2e-throws-${Date.now().toString(36)}`;
    const source = await copyRemoteSource('mf-help', {
      'src/exposes/help.tsx': await readFixture('throws-while-rendering.tsx'),
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await deployRemote('mf-help', '--version', version, '--source', source);
      await page.goto('/help');
      await expectOnlyHelpBroken(page, 'Something went wrong while showing this page');
      expect(errors).toEqual([]); // caught by the area's boundary, not an uncaught page error

      // Rolling the area back repairs it without touching anything else.
      await deployRemote('mf-help', '--reset');
      await page.reload();
      await helpRenders(page);
    } finally {
      await removeFolder(source);
    }
  });
});
