import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, test, type Accounts } from './support/test';
import { cancelFromLinkPage, monthlySupportReceipt } from './support/site-pages';

/*
 * The pages that links in emails open: /verify-email?token=... (verification email) and
 * /subscriptions/cancel?token=... (every monthly receipt). They are pages of the site, inside the shell's header and
 * footer. Opened with their token they are rendered in the browser only (the token never reaches the renderer, which
 * runs area teams' code), complete at once with no tap; with JavaScript off they say they need it.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const UNKNOWN_LINK = 'This verification link is not valid.';
const INVALID_CANCEL_LINK = 'This cancel link is not valid.';

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations.flatMap((v) =>
    v.nodes.map((node) => `${v.id}: ${v.help} at ${node.target.join(' ')}`),
  );
  expect(found, `axe-core violations on ${what} (${page.url()})`).toEqual([]);
}

/**
 * A new supporter of the test's own (signed up in a cookie jar of its own), and the path of the link in their
 * verification email, read from the mailbox with `request`.
 */
async function verificationLink(
  accounts: Accounts,
  request: APIRequestContext,
): Promise<{ email: string; path: string }> {
  const { email } = await accounts.create({ name: 'Vera Verify', emailPrefix: 'e2e-verify' });
  let path = '';
  await expect
    .poll(
      async () => {
        const list = (await (await request.get('/api/dev/mailbox')).json()) as {
          messages: Array<{ id: string; to: string; subject: string }>;
        };
        const message = list.messages.find((m) => m.to === email && m.subject === 'Verify your email for Be a Bro');
        if (!message) return '';
        const { text } = (await (await request.get(`/api/dev/mailbox/${message.id}`)).json()) as { text: string };
        const url = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(text)?.[0];
        path = url ? `${new URL(url).pathname}${new URL(url).search}` : '';
        return path;
      },
      { message: `the verification email of ${email}` },
    )
    .not.toBe('');
  return { email, path };
}

async function expectSiteLayout(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'For Supporters' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

/** The page state the server wrote: which area it rendered, and whether it did. */
async function renderedArea(page: Page) {
  return page.evaluate(() => {
    const text = document.getElementById('beabro-page-state')?.textContent;
    return text
      ? ((JSON.parse(text) as { render: { area: { remote: string; module: string; rendered: boolean } | null } | null })
          .render?.area ?? null)
      : null;
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 180_000 });

  test('a page opened from an email link says it needs JavaScript, and holds no token', async ({
    page,
    request,
    accounts,
  }) => {
    const { path } = await verificationLink(accounts, request);
    const token = new URL(path, 'http://x').searchParams.get('token') ?? '';
    for (const address of [
      path,
      '/subscriptions/cancel?token=not-a-token',
      '/subscriptions/confirm-change?token=not-a-token',
    ]) {
      const served = await request.get(address, { headers: { cookie: '' } });
      expect(served.headers()['cache-control']).toBe('no-store');
      expect(await served.text()).not.toContain(address === path ? token : 'not-a-token');
      await page.goto(address);
      await expect(page.getByRole('main')).toContainText('it needs JavaScript');
      await expect(page.getByRole('link', { name: 'Go to Be a Bro' })).toBeVisible();
    }
  });
});

test.describe('with JavaScript', () => {
  // axe-core, the sign-ups and the checkouts take their time on a busy machine.
  test.describe.configure({ timeout: 180_000 });
  test('a visitor verifies from the link; the page is rendered in the browser and says what a spent link is', async ({
    page,
    request,
    accounts,
  }) => {
    const { email, path } = await verificationLink(accounts, request);
    const changes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') changes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(path);
    // The token never reached the renderer: no area was rendered on the server.
    expect(await renderedArea(page)).toBeNull();
    await expectSiteLayout(page);
    await expect(page.getByRole('main')).toContainText(`Confirm that ${email} is your email address.`);
    // Opening the page spends nothing: only the button does.
    expect(changes).toEqual([]);
    await expectNoViolations(page, 'the verification page');

    await page.getByRole('button', { name: 'Verify my email' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your email is verified. Thanks!' })).toBeVisible();
    expect(changes).toEqual(['POST /api/auth/verify-email']);
    // The way on has the focus, and the spent token left the address bar.
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeFocused();
    await expect(page).toHaveURL(/\/verify-email$/);
    await expectNoViolations(page, 'the verification page, verified');

    await page.goto(path);
    await expect(page.getByText('Your email is already verified.')).toBeVisible();
    await page.goto('/verify-email');
    await expect(page.getByText(UNKNOWN_LINK)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to request a new link' })).toBeVisible();
    await expectNoViolations(page, 'the verification page with a refused link');
  });

  test('signed in as another account, the page says whose link it is, and still verifies it', async ({
    page,
    request,
    accounts,
    supporter,
  }) => {
    const { email, path } = await verificationLink(accounts, request);
    await signIn(page, supporter);
    await page.goto(path);
    await expect(page.getByRole('main')).toContainText(`Confirm that ${email} is your email address.`);
    await expect(page.getByRole('main')).toContainText('but this link is for another account');
    await page.getByRole('button', { name: 'Verify my email' }).click();
    await expect(page.getByText('Your email is verified. Thanks!')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to my dashboard' })).toBeFocused();
  });

  test.describe('as a visitor finds them: no tap, no start of the page’s code by the suite', () => {
    test.use({ asVisitorFinds: true });

    test('the unsubscribe and verification pages are styled and usable before their first use', async ({
      page,
      request,
      accounts,
    }) => {
      const { path } = await verificationLink(accounts, request);
      for (const [address, button] of [
        [path, 'Verify my email'],
        ['/subscriptions/unsubscribe?token=not-a-token', 'Stop these emails'],
      ] as const) {
        await page.goto(address);
        const control = page.getByRole('button', { name: button });
        await expect(control).toBeVisible();
        // The site's own button (emotion's styles arrive inline with the server's HTML), not the browser's default.
        expect(await control.evaluate((b) => getComputedStyle(b).borderRadius), address).not.toBe('0px');
        await expectSiteLayout(page);
      }
    });

    for (const width of [1280, 375]) {
      test(`${width} px: the failed-renewal link (#card) arrives complete, at the card section, with no tap and no shift`, async ({
        page,
        creator,
      }, testInfo) => {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        // Every layout shift from the first paint on, whatever caused it (none is caused by a tap: there is none).
        await page.addInitScript(() => {
          const shifts: string[] = [];
          (window as unknown as { __layoutShifts: string[] }).__layoutShifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              const shift = entry as unknown as {
                value: number;
                sources: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
              };
              const moved = shift.sources.map((source) => {
                const node = source.node instanceof Element ? source.node : source.node?.parentElement;
                const name = node ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}` : '?';
                return `${name} ${source.previousRect.y}->${source.currentRect.y}`;
              });
              shifts.push(`${shift.value.toFixed(4)}: ${moved.join(', ')}`);
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const { cancelPath } = await monthlySupportReceipt(page, creator.username!);
        await page.goto(`${cancelPath}#card`);

        const card = page.getByRole('region', { name: 'Replace your card' });
        await expect(card).toBeInViewport();
        await expect(page.getByRole('heading', { name: 'Replace your card' })).toBeFocused();
        await expect(card.getByRole('button').first()).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Change the amount' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Pause my monthly support' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Cancel my monthly support' })).toBeVisible();
        // The site's button style, not the browser's: a filled, rounded button.
        const pause = await page
          .getByRole('button', { name: 'Pause my monthly support' })
          .evaluate((b) => getComputedStyle(b).borderRadius);
        expect(pause).not.toBe('0px');
        const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: string[] }).__layoutShifts);
        // Nothing moves, the footer included: the amount form keeps its final shape while the creator's options
        // load, which on a busy machine is after the page moved to #card (CLS 0).
        expect(shifts, 'layout shifts while the page arrived').toEqual([]);
        await page.screenshot({ path: testInfo.outputPath(`cancel-link-card-${width}.png`), fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }
  });

  test('cancelling from the receipt link asks first, like My Missions; "Keep supporting" keeps it', async ({
    page,
    creator,
  }) => {
    const { cancelPath } = await monthlySupportReceipt(page, creator.username!);
    const changes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') changes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(cancelPath);
    await page.getByRole('button', { name: 'Cancel my monthly support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel monthly support?' });
    await expect(dialog).toContainText(/will not renew\. You will not be charged again/);
    await expectNoViolations(page, 'the cancel-link page’s confirmation');
    await dialog.getByRole('button', { name: 'Keep supporting' }).click();
    await expect(dialog).toHaveCount(0);
    expect(changes).toEqual([]);
    await expect(page.getByRole('main')).toContainText('You support $7.00/month');

    await cancelFromLinkPage(page);
    expect(changes).toEqual(['POST /api/subscriptions/cancel-by-link']);
  });

  test('a guest pauses, resumes and cancels from the receipt link, with the outcome announced and focused', async ({
    page,
    creator,
  }) => {
    const { cancelPath } = await monthlySupportReceipt(page, creator.username!);
    await page.goto(cancelPath);
    // Rendered in the browser at once (its token is read there, never given to the renderer): no part of it waits for
    // a first tap.
    expect(await renderedArea(page)).toBeNull();
    await expectSiteLayout(page);
    await expectNoViolations(page, 'the cancel-link page');

    await page.getByRole('group', { name: 'Pause for' }).getByRole('radio', { name: 'Until I resume it' }).check();
    await page.getByRole('button', { name: 'Pause my monthly support' }).click();
    const status = page.getByRole('main').getByRole('status');
    await expect(status).toContainText(
      'Your monthly support is paused until you resume it. Nothing is charged meanwhile.',
    );
    await expect(status).toBeFocused();
    await expect(page.getByRole('main')).toContainText('is paused until you resume it');
    await expectNoViolations(page, 'the cancel-link page, paused');

    await page.getByRole('button', { name: 'Resume my monthly support' }).click();
    await expect(status).toContainText(/Your monthly support is running again\. The next charge is on /);
    await expect(status).toBeFocused();

    await cancelFromLinkPage(page);
    await expect(status).toContainText(/Your monthly support is cancelled\. It ends on /);
    await expect(page.getByRole('button', { name: /my monthly support/ })).toHaveCount(0);
    await expectNoViolations(page, 'the cancel-link page, cancelled');

    // Still cancelled when the link is opened again.
    await page.goto(cancelPath);
    await expect(page.getByRole('main')).toContainText(/is cancelled\. It ends on .*, with no further charge\./);
  });

  test('375 px wide: both pages fit, and pass axe', async ({ page, request, accounts, creator }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const { path } = await verificationLink(accounts, request);
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Verify my email' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoViolations(page, 'the verification page at 375 px');

    const { cancelPath } = await monthlySupportReceipt(page, creator.username!);
    await page.goto(cancelPath);
    await expect(page.getByRole('button', { name: 'Pause my monthly support' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoViolations(page, 'the cancel-link page at 375 px');
    await cancelFromLinkPage(page);
    await expectNoViolations(page, 'the cancel-link page at 375 px, cancelled');

    await page.goto('/subscriptions/cancel?token=not-a-token');
    await expect(page.getByText(INVALID_CANCEL_LINK)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoViolations(page, 'the cancel-link page with a broken link at 375 px');
  });
});
