import { randomUUID } from 'node:crypto';
import { expect, signIn, test, type APIRequestContext, type Page } from './support/test';
import { payThroughSandbox } from './support/sandbox-card';
import { csrf } from './support/csrf';

/*
 * The supporter dashboard over the composed site and the real API. The seeded demo supporter is only
 * read (other specs read the same seed); the cancellation runs on a supporter and creators made for the test.
 */

// Seeded by the API on first start (README "Try it"): Sam Kim, who gave $25/month and $10 to Pixel Pat,
// $50 to Maya Okafor and $50 to Green Streets Collective, all signed in.
const DEMO_SUPPORTER = { email: 'bro@demo.beabro.app', password: 'demo-password-123' };

interface SupporterDashboard {
  /** One per currency given in; the demo supporter's are all in US dollars. */
  totals: Array<{ currency: string; totalSupportedCents: number; thisMonthCents: number }>;
  creatorsSupported: number;
  recurringSupports: number;
  subscriptions: Array<{
    id: string;
    creatorUsername: string;
    cancelAtPeriodEnd: boolean;
    currentPeriodEnd: string;
    endsAt: string | null;
  }>;
  history: Array<{ creatorUsername: string; amountCents: number; isRecurring: boolean }>;
}

/** The same "$1,234.56" the page prints (formatUsd). */
const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** The same "Dec 20, 2026" the page prints, in the browser's time zone (the test runner's). */
const day = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

async function dashboardFromApi(request: APIRequestContext): Promise<SupporterDashboard> {
  const res = await request.get('/api/supporter/dashboard');
  expect(res.status()).toBe(200);
  return res.json();
}

/** A stat's value: the paragraph right after its label inside the stat card. */
function statValue(page: Page, label: string) {
  return page
    .getByRole('article')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('p')
    .nth(1);
}

function support(
  username: string,
  { amount, email, isRecurring }: { amount: number; email: string; isRecurring: boolean },
) {
  return {
    path: `/api/creators/${username}/supports`,
    data: {
      amount,
      email,
      name: 'E2E Bro',
      message: '',
      isAnonymous: false,
      isRecurring,
      tierPosition: null,
      idempotencyKey: randomUUID(),
    },
  };
}

test.describe('/supporter-dashboard', () => {
  test('the demo supporter sees exactly their own supports: stats, missions and history with receipts', async ({
    page,
  }) => {
    const signIn = await page.request.post('/api/auth/sign-in', { headers: csrf, data: DEMO_SUPPORTER });
    expect(signIn.status()).toBe(200);
    const api = await dashboardFromApi(page.request);
    // The seed: four supports to three creators, one of them monthly.
    expect(
      api.history.map((s) => `${s.creatorUsername} ${s.amountCents}${s.isRecurring ? '/month' : ''}`).sort(),
    ).toEqual(['greenstreets 5000', 'mayamakesart 5000', 'pixelpat 1000', 'pixelpat 2500/month']);

    await page.goto('/supporter-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Sam!' })).toBeVisible();
    await expect(statValue(page, 'Total Supported')).toHaveText('$135.00');
    await expect(statValue(page, 'Missions Supported')).toHaveText('3');
    // The seed's dates are relative to the server start, so the calendar month may split them: take the API's figure.
    expect(api.totals.map((t) => [t.currency, t.totalSupportedCents])).toEqual([['usd', 13_500]]);
    await expect(statValue(page, 'This Month')).toHaveText(usd(api.totals[0]?.thisMonthCents ?? 0));
    await expect(statValue(page, 'Recurring Supports')).toHaveText('1');
    await expect(page.getByText('$25.00/month', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings?tab=account');
    await expect(page.getByRole('link', { name: 'Discover creators' })).toHaveAttribute('href', '/discover');
    await expect(page.getByText('Verify your email to see supports you made as a guest with it')).toHaveCount(0);

    // Overview: the last three activities, newest first, and the impact message.
    const activity = page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem');
    await expect(activity).toHaveCount(3);
    await expect(activity.first()).toContainText('$25.00 to Pixel Pat');
    await expect(page.getByRole('region', { name: 'Your impact' })).toContainText(
      'went straight to 3 mission builders',
    );

    // My Missions: one card per creator; the monthly support has its badge and a Cancel.
    await page.getByRole('tab', { name: 'My Missions' }).click();
    await expect(page).toHaveURL(/\/supporter-dashboard\?tab=creators$/);
    const missions = page.getByRole('region', { name: 'Missions you support' }).getByRole('article');
    await expect(missions).toHaveCount(3);
    const pat = missions.filter({ hasText: 'Pixel Pat' });
    await expect(pat).toContainText('Monthly Support Active');
    await expect(pat).toContainText('Total supported$35.00');
    await expect(pat.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/pixelpat');
    await expect(pat.getByRole('link', { name: 'Support Again' })).toHaveAttribute('href', '/pixelpat/support');
    await expect(pat.getByRole('button', { name: 'Cancel monthly support' })).toBeVisible();
    const maya = missions.filter({ hasText: 'Maya Okafor' });
    await expect(maya).not.toContainText('Monthly Support Active');
    await expect(maya.getByRole('button', { name: 'Cancel monthly support' })).toHaveCount(0);

    // Support History: every support; the filter works; a row opens its receipt.
    await page.getByRole('tab', { name: 'Support History' }).click();
    const rows = page.getByRole('list', { name: 'Supports' }).getByRole('button');
    await expect(rows).toHaveCount(4);
    await page.getByLabel('Type', { exact: true }).selectOption('Monthly');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Pixel Pat');
    await expect(rows.first()).toContainText('$25.00');
    await page.getByLabel('Type', { exact: true }).selectOption('All supports');
    await page.getByLabel('Creator', { exact: true }).selectOption('Maya Okafor');
    await expect(page).toHaveURL(/tab=history&creator=mayamakesart$/);
    await expect(rows).toHaveCount(1);
    await rows.first().click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    // $50: platform 5% = $2.50, processing 2.9% + $0.30 = $1.75, the creator keeps $45.75.
    await expect(receipt).toContainText('Platform fee (5%)$2.50');
    await expect(receipt).toContainText('Payment processing (2.9% + $0.30)$1.75');
    await expect(receipt).toContainText('Creator receives$45.75');
    await expect(receipt.getByRole('link', { name: 'Maya Okafor' })).toHaveAttribute('href', '/mayamakesart');
    await page.keyboard.press('Escape');
    await expect(receipt).toBeHidden();

    await page.getByRole('tab', { name: 'Discover' }).click();
    await page.getByRole('link', { name: 'Browse all creators' }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Discover creators' })).toBeVisible();
  });

  test('a supporter who backed two creators (one monthly) sees them, and cancelling the monthly support stops it', async ({
    page,
    accounts,
  }) => {
    const supporter = await accounts.create({ name: 'Robin Bro', emailPrefix: 'e2e-bro' });
    const email = supporter.email;
    await signIn(page, supporter);
    const oneOff = await accounts.create({ role: 'creator', name: 'Oscar Oneoff' });
    const monthly = await accounts.create({ role: 'creator', name: 'Mina Monthly' });

    // The creator's own count of monthly supporters, read as the creator.
    const creator = monthly.request;
    const creatorRecurring = async () => {
      const res = await creator.get('/api/creator/dashboard');
      expect(res.status()).toBe(200);
      return ((await res.json()) as { recurringSupports: number }).recurringSupports;
    };
    const before = await creatorRecurring();

    for (const { path, data } of [
      support(oneOff.username!, { amount: 7, email, isRecurring: false }),
      support(monthly.username!, { amount: 12, email, isRecurring: true }),
    ]) {
      await payThroughSandbox(page.request, path.split('/')[3] ?? '', data);
    }
    expect(await creatorRecurring()).toBe(before + 1);

    await page.goto('/supporter-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Robin!' })).toBeVisible();
    await expect(statValue(page, 'Total Supported')).toHaveText('$19.00');
    await expect(statValue(page, 'Missions Supported')).toHaveText('2');
    await expect(statValue(page, 'This Month')).toHaveText('$19.00');
    await expect(statValue(page, 'Recurring Supports')).toHaveText('1');

    // A new account's email is not verified yet: the banner sends a real verification email.
    const banner = page.getByRole('region', { name: 'Email verification' });
    await expect(banner).toContainText('Verify your email to see supports you made as a guest with it');
    await banner.getByRole('button', { name: 'Send a new link' }).click();
    await expect(banner).toContainText(
      `We sent you a new verification link. It expires in 48 hours. It went to ${email}.`,
    );

    await page.getByRole('tab', { name: 'My Missions' }).click();
    const mina = page
      .getByRole('region', { name: 'Missions you support' })
      .getByRole('article')
      .filter({ hasText: 'Mina Monthly' });
    await expect(mina).toContainText('Monthly Support Active');
    await expect(mina).toContainText('$12.00/month. Next charge on');
    await mina.getByRole('button', { name: 'Cancel monthly support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel monthly support?' });
    await expect(dialog).toContainText(
      'You will not be charged again: it stays active until the end of the month you have paid for',
    );
    await dialog.getByRole('button', { name: 'Cancel monthly support' }).click();
    await expect(dialog).toBeHidden();

    const subscription = (await dashboardFromApi(page.request)).subscriptions.find(
      (s) => s.creatorUsername === monthly.username,
    );
    expect(subscription).toMatchObject({ cancelAtPeriodEnd: true });
    const endsOn = day(subscription?.endsAt ?? subscription?.currentPeriodEnd ?? '');
    await expect(mina).toContainText(`Ends on ${endsOn}, with no further charge.`);
    await expect(mina).not.toContainText('Monthly Support Active');
    await expect(mina.getByRole('button', { name: 'Cancel monthly support' })).toHaveCount(0);
    await expect(statValue(page, 'Recurring Supports')).toHaveText('0');
    // It stopped for the creator too (soft: the rest of the journey still runs and reports).
    expect
      .soft(await creatorRecurring(), "the creator's count of recurring supports after the cancellation")
      .toBe(before);

    // After a reload the page shows the server's state, not only what it remembered.
    await page.reload();
    await expect(mina).toContainText(`Ends on ${endsOn}`);
    await expect(mina.getByText(`Monthly support ends ${endsOn}`)).toBeVisible();

    await page.getByRole('tab', { name: 'Support History' }).click();
    await page.getByLabel('Type', { exact: true }).selectOption('One-off');
    const rows = page.getByRole('list', { name: 'Supports' }).getByRole('button');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Oscar Oneoff');
    await expect(rows.first()).toContainText('$7.00');
  });

  test('a visitor is sent to sign in first, with the way back in the link', async ({ page }) => {
    await page.goto('/supporter-dashboard?tab=history');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/auth' && url.searchParams.get('next') === '/supporter-dashboard?tab=history',
    );
  });
});
