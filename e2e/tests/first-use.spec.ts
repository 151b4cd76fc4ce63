import type { Page } from '@playwright/test';
import { cardFrame } from './support/sandbox-card';
import { expect, FIRST_USE_FAILED, test } from './support/test';

/*
 * Public pages run no application code until the visitor first uses them (docs/architecture.md, "Public pages
 * run code on first use"): this spec opens them as a visitor finds them, without the suite's start of the loader.
 */
test.use({ asVisitorFinds: true });

/** The script files the page fetches from now on (their paths). */
function scriptsFetched(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const interactive = (page: Page) => page.locator('#root[data-interactive]');

test.describe('a public page before its first use', () => {
  for (const path of ['/', '/pixelpat', '/help', '/discover']) {
    test(`${path} fetches only its small loader and runs no application code`, async ({ page }) => {
      const scripts = scriptsFetched(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(scripts).toEqual([expect.stringMatching(/^\/first-use\.[0-9a-f]{10}\.js$/)]);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(interactive(page)).toHaveCount(0);
    });
  }

  test('carries its own title, which no script has set', async ({ page }) => {
    for (const [path, title] of [
      ['/help', 'Help Centre - Be a Bro'],
      ['/discover', 'Discover creators - Be a Bro'],
      ['/no/such/page', 'Page not found - Be a Bro'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(interactive(page)).toHaveCount(0);
    }
  });

  test('a creator’s page counts its view as it opens, once, used or not', async ({ page }) => {
    const views: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/creators\/[^/]+\/views$/.test(request.url()))
        views.push(request.url());
    });
    await page.goto('/pixelpat');
    await expect.poll(() => views).toEqual([expect.stringMatching(/\/api\/creators\/pixelpat\/views$/)]);
    await expect(interactive(page)).toHaveCount(0);
    // Used: the page's own code does not count it again.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(interactive(page)).toBeAttached();
    await page.waitForLoadState('networkidle');
    expect(views).toHaveLength(1);
  });

  test('the checkout fetches only the loader and its card field’s own frame', async ({ page }) => {
    const scripts = scriptsFetched(page);
    await page.goto('/pixelpat/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support Pixel Pat' })).toBeVisible();
    // The sandbox's card field is a frame of its own with its own script, loaded with the page.
    await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
    await expect
      .poll(() => scripts.filter((path) => !path.startsWith('/sandbox-pay/')))
      .toEqual([expect.stringMatching(/^\/first-use\.[0-9a-f]{10}\.js$/)]);
    await expect(interactive(page)).toHaveCount(0);
  });

  test('a page whose area renders in the browser loads and hydrates at once', async ({ page }) => {
    await page.goto('/auth');
    await expect(interactive(page)).toBeAttached();
    await expect(page.getByRole('textbox', { name: 'Email' }).first()).toBeVisible();
  });
});

test.describe('the first use', () => {
  test('a first tap on a button that needs code is not lost: it acts once the page has hydrated', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const scripts = scriptsFetched(page);
    await page.goto('/pixelpat');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(interactive(page)).toBeAttached();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Help' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(1);
    // Once, not twice: the replayed tap opened the menu, the next one closes it.
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test('the checkout’s button pressed before its code waits for it: no plain submission, the form checks itself', async ({
    page,
  }) => {
    await page.goto('/pixelpat/support');
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toBeVisible();
    await page.getByRole('button', { name: 'Support with $5' }).click();
    await expect(interactive(page)).toBeAttached();
    // Replayed once hydrated: the form's own check, not a plain HTML submission of its fields into the address.
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/pixelpat\/support$/);
  });

  test('keystrokes typed while the page loads its code reach the search', async ({ page }) => {
    await page.goto('/help');
    const search = page
      .getByRole('searchbox', { name: 'Search help articles' })
      .or(page.getByRole('textbox', { name: 'Search help articles' }));
    await search.pressSequentially('refund');
    await expect(interactive(page)).toBeAttached();
    await expect(search).toHaveValue('refund');
    await expect(page).toHaveURL(/[?&]q=refund/);
    await expect(page.getByText(/^\d+ articles? found$/)).toBeVisible();
  });

  for (const [what, files] of [
    ['the shell', /\/main\.[0-9a-f]{10}\.js$/],
    ['the page’s area', /\/remotes\/mf-public-profile\//],
  ] as const) {
    test(`when ${what} cannot be fetched the page stays readable, says so on first use, and Retry recovers`, async ({
      page,
    }) => {
      let failing = true;
      await page.route(files, (route) => (failing ? route.abort() : route.fallback()));
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/pixelpat');
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      await expect(page.getByRole('alert')).toHaveText(FIRST_USE_FAILED);
      await expect(page.getByRole('heading', { level: 1, name: 'Pixel Pat' })).toBeVisible();
      await expect(interactive(page)).toHaveCount(0);

      // The files are back: Retry loads them and the page becomes interactive, the same markup hydrated.
      failing = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(interactive(page)).toBeAttached();
      await expect(page.getByRole('alert')).toHaveCount(0);
      // The tap that met the failure was kept: it acts now.
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('heading', { level: 1, name: 'Pixel Pat' })).toBeVisible();
    });
  }
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a phone gets the menu’s links under the header, and they navigate', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/pixelpat');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Help' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('search and filters are answered by a server-rendered page', async ({ page }) => {
    await page.goto('/help?q=refund');
    const found = Number((await page.getByText(/^\d+ articles? found$/).textContent())?.split(' ')[0]);
    await page.goto('/help');
    const all = Number((await page.getByText(/^\d+ articles? found$/).textContent())?.split(' ')[0]);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(all);

    await page.goto('/discover?q=maya');
    await expect(page.getByRole('main').getByText('mayamakesart', { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('main').getByText('@pixelpat')).toHaveCount(0);
  });
});
