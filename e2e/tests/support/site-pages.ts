import { randomUUID } from 'node:crypto';
import { payThroughSandbox } from './sandbox-card';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { csrf } from './csrf';

/**
 * Every page of the site, for the accessibility and narrow-screen checks: each route of
 * docs/product-rules.md#routes-and-who-may-see-them
 * (and /discover, the not-found pages, both modes of /auth and the tabs that change a page substantially),
 * for each role it differs for. `ready` is what only the rendered area shows (never its loading state).
 */

export type Role = 'visitor' | 'supporter' | 'creator';

/** The seeded demo accounts, only ever read: a test that changes an account makes its own (accounts.ts). */
export const ACCOUNTS = {
  supporter: { email: 'bro@demo.beabro.app', password: 'demo-password-123' },
  creator: { email: 'pixelpat@demo.beabro.app', password: 'demo-password-123' },
} as const;

export interface SitePage {
  /** Short name, used in test titles and screenshot file names. */
  name: string;
  path: string;
  roles: readonly Role[];
  ready: (page: Page) => Locator;
}

const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });
const ALL: readonly Role[] = ['visitor', 'supporter', 'creator'];
const SIGNED_IN: readonly Role[] = ['supporter', 'creator'];

export const SITE_PAGES: readonly SitePage[] = [
  {
    name: 'home',
    path: '/',
    roles: ALL,
    ready: (page) => page.getByRole('link', { name: 'Start Getting Supported' }).first(),
  },
  { name: 'auth-sign-in', path: '/auth', roles: ['visitor'], ready: h1('Welcome back') },
  { name: 'auth-sign-up', path: '/auth?mode=signup', roles: ['visitor'], ready: h1('Join Be a Bro') },
  // A visitor is sent to sign up as a mission builder; a supporter gets the wizard; a creator their dashboard.
  {
    name: 'create',
    path: '/create',
    roles: ['visitor'],
    ready: (page) => page.getByRole('radio', { name: /Mission Builder/ }),
  },
  { name: 'create-step-1', path: '/create', roles: ['supporter'], ready: (page) => page.getByText('Step 1 of 3') },
  { name: 'help', path: '/help', roles: ALL, ready: (page) => page.getByText(/\d+ articles? found/) },
  {
    name: 'discover',
    path: '/discover',
    roles: ALL,
    ready: (page) => page.getByRole('link', { name: /Pixel Pat/ }).first(),
  },
  { name: 'profile', path: '/pixelpat', roles: ALL, ready: h1('Pixel Pat') },
  { name: 'support', path: '/pixelpat/support', roles: ALL, ready: h1('Support Pixel Pat') },
  {
    name: 'posts-unsubscribe',
    path: '/subscriptions/unsubscribe?token=not-a-token',
    roles: ['visitor'],
    ready: (page) => page.getByRole('button', { name: 'Stop these emails' }),
  },
  { name: 'creator-not-found', path: '/nosuchcreator', roles: ['visitor'], ready: h1('Creator not found') },
  { name: 'not-found', path: '/no/such/page', roles: ALL, ready: h1('Page not found') },
  {
    name: 'supporter-dashboard',
    path: '/supporter-dashboard',
    roles: SIGNED_IN,
    ready: (page) => page.getByRole('tabpanel'),
  },
  {
    name: 'supporter-dashboard-missions',
    path: '/supporter-dashboard?tab=creators',
    roles: ['supporter'],
    ready: (page) => page.getByRole('tabpanel'),
  },
  {
    name: 'supporter-dashboard-posts',
    path: '/supporter-dashboard?tab=posts',
    roles: ['supporter'],
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Posts from creators you support' }),
  },
  {
    name: 'supporter-dashboard-history',
    path: '/supporter-dashboard?tab=history',
    roles: ['supporter'],
    ready: (page) => page.getByRole('tabpanel'),
  },
  {
    name: 'supporter-dashboard-discover',
    path: '/supporter-dashboard?tab=discover',
    roles: ['supporter'],
    ready: (page) => page.getByRole('tabpanel'),
  },
  {
    name: 'settings-notifications',
    path: '/settings?tab=notifications',
    roles: SIGNED_IN,
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Notifications' }),
  },
  // The demo accounts are not operators: the console says so, without loading it.
  { name: 'operator-not-allowed', path: '/operator', roles: SIGNED_IN, ready: h1('Not allowed') },
  {
    name: 'settings-account',
    path: '/settings?tab=account',
    roles: SIGNED_IN,
    ready: (page) => page.getByRole('button', { name: 'Delete Account' }),
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    roles: ['creator'],
    ready: (page) => page.getByRole('region', { name: 'Current Goal' }),
  },
  {
    name: 'dashboard-posts',
    path: '/dashboard/posts',
    roles: ['creator'],
    ready: (page) => page.getByRole('link', { name: 'New post' }),
  },
  {
    name: 'dashboard-posts-new',
    path: '/dashboard/posts/new',
    roles: ['creator'],
    ready: (page) => page.getByRole('button', { name: 'Save draft' }),
  },
  {
    name: 'settings-profile',
    path: '/settings',
    roles: ['creator'],
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Profile' }),
  },
  {
    name: 'settings-support',
    path: '/settings?tab=support',
    roles: ['creator'],
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Support Settings' }),
  },
  {
    name: 'settings-privacy',
    path: '/settings?tab=privacy',
    roles: ['creator'],
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Privacy' }),
  },
  {
    name: 'analytics',
    path: '/analytics',
    roles: ['creator'],
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Top Supporters' }),
  },
  {
    name: 'analytics-1y',
    path: '/analytics?period=1y',
    roles: ['creator'],
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Top Supporters' }),
  },
];

export function pagesFor(role: Role): SitePage[] {
  return SITE_PAGES.filter((sitePage) => sitePage.roles.includes(role));
}

/** Signs in through the API; the page's browser context shares the cookie jar with page.request. */
export async function signInAs(page: Page, role: Exclude<Role, 'visitor'>) {
  const res = await page.request.post('/api/auth/sign-in', { headers: csrf, data: ACCOUNTS[role] });
  expect(res.status(), `sign in as ${role}`).toBe(200);
}

/**
 * Waits until no loading state is left on the page: no "Loading..." status, the document and every frame's document
 * loaded, fonts ready, finite transitions done. Not Playwright's networkidle: with the sandbox card field in a
 * sandboxed frame (an opaque origin, so a process of its own), it twice never came in CI though every request of the
 * page had finished.
 */
export async function settle(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /loading|checking whether/i })).toHaveCount(0);
  await page.waitForLoadState('load');
  const frames = await page.locator('iframe').count();
  for (let i = 0; i < frames; i++) await expect(page.frameLocator('iframe').nth(i).locator('body')).toBeAttached();
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Let finite transitions started by the last render finish (cards fading in, menus sliding).
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Opens a page and waits for its area (not the shell's or the area's loading state). */
export async function openPage(page: Page, sitePage: SitePage) {
  await page.goto(sitePage.path);
  await expect(sitePage.ready(page).first()).toBeVisible({ timeout: 15_000 });
  await settle(page);
}

/** A guest's monthly support through the real checkout API (sandbox card that succeeds). */
export async function monthlyGuestSupport(
  request: APIRequestContext,
  username: string,
  { amount, email, name }: { amount: number; email: string; name: string },
) {
  await payThroughSandbox(request, username, {
    amount,
    email,
    name,
    message: '',
    isAnonymous: false,
    isRecurring: true,
    tierPosition: null,
    idempotencyKey: randomUUID(),
  });
}

/**
 * A guest's monthly support of a creator (the test's own: no demo creator's figures change) through the real
 * checkout (sandbox card), and its receipt in the development mailbox: the receipt's id and the path of its cancel
 * link (/subscriptions/cancel?token=...).
 */
export async function monthlySupportReceipt(
  page: Page,
  username: string,
): Promise<{ receiptId: string; cancelPath: string }> {
  const email = `a11y-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
  await monthlyGuestSupport(page.request, username, { amount: 7, email, name: 'Axe Checker' });

  let found = { receiptId: '', cancelPath: '' };
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/api/dev/mailbox')).json()) as {
          messages: Array<{ id: string; to: string }>;
        };
        const receipt = list.messages.find((message) => message.to === email);
        if (!receipt) return '';
        const message = (await (await page.request.get(`/api/dev/mailbox/${receipt.id}`)).json()) as { text: string };
        const url = /https?:\/\/\S+\/subscriptions\/cancel\?token=\S+/.exec(message.text)?.[0];
        if (url) found = { receiptId: receipt.id, cancelPath: `${new URL(url).pathname}${new URL(url).search}` };
        return found.cancelPath;
      },
      { message: `the receipt of ${email} with its cancel link` },
    )
    .not.toBe('');
  return found;
}

/**
 * Cancels the monthly support on the receipt link's page (/subscriptions/cancel) as a visitor does: the button, then
 * the same confirmation My Missions asks for. Resolves once the page says it is cancelled.
 */
export async function cancelFromLinkPage(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cancel my monthly support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel monthly support?' });
  await expect(dialog).toContainText('You will not be charged again');
  await dialog.getByRole('button', { name: 'Cancel monthly support' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page
      .getByRole('main')
      .getByText(/Your monthly support is cancelled/)
      .first(),
  ).toBeVisible();
}
