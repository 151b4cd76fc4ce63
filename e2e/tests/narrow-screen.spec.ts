import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import {
  cancelFromLinkPage,
  monthlySupportReceipt,
  openPage,
  pagesFor,
  settle,
  signInAs,
  type Role,
} from './support/site-pages';

/*
 * At 360 px wide (a small phone) no page of the site scrolls sideways: every route for every role it differs for,
 * the open mobile menu and the server-rendered pages. With A11Y_SHOTS_DIR set, a full-page screenshot of each is
 * kept there for a person to look at (none is taken otherwise: nobody would see it, and each costs a full render).
 */

const SHOTS_DIR = process.env.A11Y_SHOTS_DIR;
// Made in beforeAll, not at import: Playwright also imports spec files in its main process to list the tests.
test.beforeAll(() => {
  if (SHOTS_DIR) mkdirSync(SHOTS_DIR, { recursive: true });
});

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
// Page walks that only read (the demo accounts, the public pages; a receipt of the test's own creator): half the
// desktop tests are in this file and accessibility.spec.ts, so their tests, not only files, share the workers.
test.describe.configure({ mode: 'parallel' });

/** The widest element's right edge when the document is wider than the window, so a failure names the culprit. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return null;
    const culprits = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')} (right edge ${Math.round(element.getBoundingClientRect().right)}px)`,
      );
    return { scrollWidth: root.scrollWidth, clientWidth: width, culprits };
  });
}

async function expectNoSidewaysScroll(page: Page, shot: string) {
  if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, `${shot}.png`), fullPage: true });
  expect(await sidewaysOverflow(page), `${page.url()} scrolls sideways at 360 px`).toBeNull();
}

const ROLES: readonly Role[] = ['visitor', 'supporter', 'creator'];

for (const role of ROLES) {
  test.describe(`360 px wide, ${role === 'visitor' ? 'signed out' : `signed in as the demo ${role}`}`, () => {
    if (role !== 'visitor') test.beforeEach(({ page }) => signInAs(page, role));
    for (const sitePage of pagesFor(role)) {
      test(`${sitePage.name}: ${sitePage.path}`, async ({ page }) => {
        await openPage(page, sitePage);
        await expectNoSidewaysScroll(page, `${role}-${sitePage.name}`);
      });
    }

    test('the open mobile menu', async ({ page }) => {
      await page.goto('/help');
      await expect(page.getByText(/\d+ articles? found/)).toBeVisible();
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      await settle(page);
      await expectNoSidewaysScroll(page, `${role}-mobile-menu`);
    });
  });
}

test.describe('360 px wide, open dialogs', () => {
  test('the supporter dashboard: cancel a monthly support, a receipt', async ({ page }) => {
    await signInAs(page, 'supporter');
    await page.goto('/supporter-dashboard?tab=creators');
    await page.getByRole('button', { name: 'Cancel monthly support' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
    await expectNoSidewaysScroll(page, 'supporter-dialog-cancel-monthly');
    await page.keyboard.press('Escape');

    await page.goto('/supporter-dashboard?tab=history');
    await page
      .getByRole('button', { name: /view receipt$/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
    await expectNoSidewaysScroll(page, 'supporter-dialog-receipt');
  });
});

test.describe('360 px wide, the server-rendered pages', () => {
  test('email verification and a broken cancel link', async ({ page }) => {
    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByRole('main').getByText('This verification link is not valid.')).toBeVisible();
    await expectNoSidewaysScroll(page, 'server-verify-email');

    await page.goto('/subscriptions/cancel?token=not-a-token');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSidewaysScroll(page, 'server-cancel-link');
  });

  test('a monthly receipt in the development mailbox, and its cancel link', async ({ page, creator }) => {
    test.slow();
    const { receiptId, cancelPath } = await monthlySupportReceipt(page, creator.username!);
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Development mailbox' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'server-dev-mailbox');
    await page.goto(`/dev/mailbox/${receiptId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, 'server-dev-mailbox-receipt');
    await page.goto(cancelPath);
    await page.getByRole('button', { name: 'Cancel my monthly support' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel monthly support?' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'server-cancel-link-confirm');
    await page.getByRole('button', { name: 'Keep supporting' }).click();
    await cancelFromLinkPage(page);
    await expectNoSidewaysScroll(page, 'server-cancel-link-done');
  });
});
