import { expect, signIn, test, type Page } from './support/test';
import { copyRemoteSource, deployRemote, readFixture, removeFolder } from './support/releases';

/**
 * Visitors' public pages arrive as HTML rendered by the server through the federated areas, and the
 * browser hydrates them: no request interception anywhere, the real server and builds.
 */

const PUBLIC_PAGES = ['/', '/pixelpat', '/pixelpat/support', '/help', '/discover'];

/**
 * Remembers the first element the HTML parser puts in #root (before any script runs), so a test can
 * tell hydration (React adopts the server's nodes) from a fresh browser render (it replaces them).
 */
async function rememberServerNodes(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const first = document.querySelector('#root main');
      if (!first) return;
      (window as unknown as { __serverMain?: Element }).__serverMain = first;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/** True once the page has hydrated the server's markup (the same <main> element, now owned by React). */
async function hydratedServerMarkup(page: Page): Promise<boolean> {
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );
  return page.evaluate(() => {
    const main = document.querySelector('#root main');
    const server = (window as unknown as { __serverMain?: Element }).__serverMain;
    return Boolean(main && main === server && Object.keys(main).some((key) => key.startsWith('__reactFiber')));
  });
}

/** The page state the server wrote (which area it rendered). */
async function renderedArea(page: Page): Promise<{ remote: string; module: string; rendered: boolean } | null> {
  return page.evaluate(() => {
    const text = document.getElementById('beabro-page-state')?.textContent;
    return text
      ? ((JSON.parse(text) as { render: { area: { remote: string; module: string; rendered: boolean } | null } | null })
          .render?.area ?? null)
      : null;
  });
}

test.describe('without JavaScript, a visitor sees the whole page', () => {
  test.use({ javaScriptEnabled: false });

  test('the creator page shows the name, bio, goal, tiers and recent support', async ({ page }) => {
    const response = await page.goto('/pixelpat');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Pixel Pat' })).toBeVisible();
    await expect(
      page.getByText('Variety streamer building a cozy, welcoming gaming community.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText('New streaming setup').first()).toBeVisible();
    // No percentage: Pat hides earnings (the default), and goal progress would give them away.
    await expect(page.getByText(/^\d+ people are supporting this mission!$/)).toBeVisible();
    for (const tier of ['Support the Mission', 'Fuel the Journey', 'True Believer', 'Mission Champion']) {
      await expect(page.getByText(tier, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Recent Support' })).toBeVisible();
    // Header and footer come from the shell's server render too.
    await expect(page.getByRole('banner').getByRole('link', { name: 'For Supporters' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page).toHaveTitle('Pixel Pat on Be a Bro');
  });

  test('the support page shows the tiers and the default payment summary from the fee rules', async ({ page }) => {
    await page.goto('/pixelpat/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support Pixel Pat' })).toBeVisible();
    const tiers = page.getByRole('group', { name: 'Support tiers' });
    for (const tier of [
      'Support the Mission $5',
      'Fuel the Journey $15',
      'True Believer $25/month',
      'Mission Champion $50',
    ]) {
      await expect(tiers.getByRole('button', { name: tier })).toBeVisible();
    }
    // $5 by default: platform 5% = $0.25, processing 2.9% + $0.30 = $0.45 (rounded up), creator gets $4.30.
    const summary = page.getByRole('region', { name: 'Payment summary' });
    await expect(summary).toContainText('Support amount$5.00');
    await expect(summary).toContainText('Platform fee (5%)-$0.25');
    await expect(summary).toContainText('Payment processing (2.9% + $0.30)-$0.45');
    await expect(summary).toContainText('Pixel Pat receives$4.30');
    await expect(page.getByRole('button', { name: 'Support with $5' })).toBeVisible();
  });

  test('the home page, the help centre and discover are rendered too; an unknown page is a 404', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start Getting Supported' }).first()).toBeVisible();
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
    await expect(page.getByText(/\d+ articles? found/)).toBeVisible();
    await page.goto('/discover');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover creators' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Pixel Pat/ }).first()).toBeVisible();
    const missing = await page.goto('/no/such/page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

test.describe('hydration', () => {
  test('every public page hydrates without a console error or a refetch of what the server rendered', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && request.method() === 'GET') apiCalls.push(pathname);
    });

    await rememberServerNodes(page);
    for (const path of PUBLIC_PAGES) {
      apiCalls.length = 0;
      await page.goto(path);
      expect(await renderedArea(page)).toMatchObject({ rendered: true });
      // Hydrated: React adopted the server's markup instead of rendering the page again.
      expect(await hydratedServerMarkup(page), `${path} was hydrated`).toBe(true);
      // The data the server rendered with came along: no second fetch of the profile or of the session.
      expect(apiCalls.filter((call) => call === '/api/auth/me' || call === '/api/creators/pixelpat')).toEqual([]);
    }

    // Interactive after hydration: choosing a tier on the profile selects it.
    await page.goto('/pixelpat');
    expect(await hydratedServerMarkup(page)).toBe(true);
    const tier = page.getByRole('link', { name: /^Fuel the Journey/ });
    await tier.click();
    await expect(tier).toHaveAttribute('aria-current', 'true');
    expect(problems).toEqual([]);
  });

  test('a signed-in page renders in the browser through the same shell', async ({ page, supporter }) => {
    await signIn(page, supporter);
    const html = await (await page.request.get('/pixelpat')).text();
    expect(html).toContain('<div id="root"></div>');
    await page.goto('/pixelpat');
    await expect(page.getByRole('heading', { level: 1, name: 'Pixel Pat' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: /account/i })).toBeVisible();
  });

  test('a page whose address carries a token arrives as the shell’s loading state; the browser reads the token', async ({
    page,
  }) => {
    const token = 'not-a-real-token-kept-from-the-renderer';
    for (const path of ['/verify-email', '/subscriptions/cancel', '/reset-password']) {
      const response = await page.request.get(`${path}?token=${token}`);
      expect(response.headers()['cache-control']).toBe('no-store');
      const html = await response.text();
      // Not rendered on the server: the renderer never saw the address. Only the API's note for JavaScript off.
      expect(html).toContain('<div id="root"><noscript>');
      expect(html).toContain('it needs JavaScript');
      expect(html).not.toContain(token);
    }
    await page.goto(`/verify-email?token=${token}`);
    // The browser renders the page with the token of its own address (an unknown one here).
    await expect(page.getByText('This verification link is not valid.')).toBeVisible();
  });
});

// Deploys a broken mf-help on the server: runs in the server-wide project, with no other spec running.
test.describe('failure stays local', { tag: '@server-wide' }, () => {
  test.afterEach(async () => {
    await deployRemote('mf-help', '--reset');
  });

  test('an area whose server bundle throws is rendered in the browser, and the rest of the page still arrives rendered', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const version = `e2e-ssr-throws-${Date.now().toString(36)}`;
    const source = await copyRemoteSource('mf-help', {
      'src/exposes/help.tsx': await readFixture('throws-on-server.tsx'),
    });
    try {
      await deployRemote('mf-help', '--version', version, '--source', source);
      const response = await page.request.get('/help');
      expect(response.status()).toBe(200);
      const html = await response.text();
      // The shell's part is server-rendered, the help area is its loading state.
      expect(html).toContain('For Supporters');
      expect(html.replace(/<!-- -->/g, '')).toContain('Loading Help centre…');
      expect(html).not.toContain('How can we help?');

      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto('/help');
      expect(await renderedArea(page)).toEqual({ remote: 'mf-help', module: './help', rendered: false });
      await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
      await expect(page.getByText(/\d+ articles? found/)).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await removeFolder(source);
    }
  });
});
