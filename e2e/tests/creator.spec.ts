import { readFile } from 'node:fs/promises';
import { expect, signIn, test, type APIRequestContext } from './support/test';
import { csrf } from './support/csrf';

// The seeded demo creator (README "Try it"), whose figures the dashboard and analytics tests only read.
const PIXELPAT = { email: 'pixelpat@demo.beabro.app', password: 'demo-password-123' };

const usd = (cents: number) =>
  `$${Math.trunc(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

test.describe('creator tools: settings, dashboard and analytics on real data', () => {
  test('a goal changed in settings shows on the dashboard and the public profile', async ({ page, creator }) => {
    await signIn(page, creator);
    await page.goto('/settings?tab=support');
    await expect(page.getByRole('heading', { level: 2, name: 'Support Settings' })).toBeVisible();
    await page.getByLabel('Goal Title').fill('Cozy stream studio');
    await page.getByLabel('Goal Amount').fill('3000');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Support settings saved.')).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const goal = page.getByRole('region', { name: 'Current Goal' });
    await expect(goal).toContainText('Cozy stream studio');
    await expect(goal).toContainText('of $3,000');
    const dashboard = await json<{ goal: { percent: number; raisedCents: number } }>(
      page.request,
      '/api/creator/dashboard',
    );
    await expect(goal.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(dashboard.goal.percent));
    await expect(goal.getByRole('link', { name: 'Update Goal' })).toHaveAttribute('href', '/settings?tab=support');

    const publicProfile = await json<{ goal: { title: string; amountCents: number } }>(
      page.request,
      `/api/creators/${creator.username}`,
    );
    expect(publicProfile.goal).toMatchObject({ title: 'Cozy stream studio', amountCents: 300_000 });
    await page.goto(`/${creator.username}`);
    await expect(page.getByText('Cozy stream studio')).toBeVisible();
  });

  test('privacy switches hide and show figures on the public profile', async ({ page, creator }) => {
    await signIn(page, creator);
    await page.goto('/settings?tab=privacy');
    const earnings = page.getByRole('switch', { name: /Show earnings/ });
    const supporters = page.getByRole('switch', { name: /Show supporter count/ });
    await earnings.setChecked(true);
    await supporters.setChecked(false);
    const preview = page.getByRole('heading', { name: 'Preview: what visitors see' }).locator('..');
    await expect(preview).toContainText('Total Earned');
    await expect(preview.getByText('Hidden')).toHaveCount(1);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Privacy settings saved.')).toBeVisible();

    let shown = await json<{ totalEarnedCents: number | null; supporterCount: number | null }>(
      page.request,
      `/api/creators/${creator.username}`,
    );
    expect(shown.totalEarnedCents).not.toBeNull();
    expect(shown.supporterCount).toBeNull();
    await page.goto(`/${creator.username}`);
    await expect(page.getByText('Total Earned', { exact: true })).toBeVisible();

    await page.goto('/settings?tab=privacy');
    await page.getByRole('switch', { name: /Show earnings/ }).setChecked(false);
    await page.getByRole('switch', { name: /Show supporter count/ }).setChecked(true);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Privacy settings saved.')).toBeVisible();
    shown = await json(page.request, `/api/creators/${creator.username}`);
    expect(shown.totalEarnedCents).toBeNull();
    expect(shown.supporterCount).toEqual(expect.any(Number));
    await page.goto(`/${creator.username}`);
    await expect(page.getByRole('heading', { level: 1, name: creator.displayName! })).toBeVisible();
    await expect(page.getByText('Total Earned', { exact: true })).toHaveCount(0);
  });

  test('the dashboard shows the figures the API computes from the database', async ({ page }) => {
    await signIn(page, PIXELPAT);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Pixel Pat!' })).toBeVisible();
    const dashboard = await json<{
      totalEarnings: { grossCents: number; netCents: number };
      thisMonth: { grossCents: number };
      totalSupporters: number;
      recentSupports: unknown[];
    }>(page.request, '/api/creator/dashboard');
    const stats = page.getByRole('region', { name: 'Your figures' });
    await expect(stats).toContainText(usd(dashboard.totalEarnings.grossCents));
    await expect(stats).toContainText(`You keep ${usd(dashboard.totalEarnings.netCents)} after fees`);
    await expect(stats).toContainText(usd(dashboard.thisMonth.grossCents));
    await expect(stats.getByText('Total Supporters').locator('..')).toContainText(String(dashboard.totalSupporters));
    await expect(page.getByRole('region', { name: 'Recent Support' }).getByRole('listitem')).toHaveCount(
      dashboard.recentSupports.length,
    );

    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expect(page.getByText(/Link copied to your clipboard\.|Copy this link yourself/)).toBeVisible();
  });

  test('switching the analytics period changes the figures, and the CSV matches the period', async ({ page }) => {
    await signIn(page, PIXELPAT);
    type Analytics = { summary: { grossCents: number; supports: number } };
    const month = await json<Analytics>(page.request, '/api/creator/analytics?period=30d');
    const week = await json<Analytics>(page.request, '/api/creator/analytics?period=7d');
    expect(month.summary.supports).toBeGreaterThan(week.summary.supports);

    await page.goto('/analytics');
    const earnings = page.getByRole('region', { name: 'Summary' }).getByText('Earnings', { exact: true }).locator('..');
    await expect(earnings).toContainText(usd(month.summary.grossCents));
    await page.getByRole('button', { name: '7 days' }).click();
    await expect(page).toHaveURL(/\/analytics\?period=7d$/);
    await expect(page.getByText('Showing the last 7 days.')).toBeVisible();
    await expect(earnings).toContainText(usd(week.summary.grossCents));

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: /Export CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^beabro-supports-pixelpat-7d-\d{4}-\d\d-\d\d\.csv$/);
    const csv = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    // No message of the seed has a line break, so records are lines here.
    const records = csv.trimEnd().split('\r\n');
    expect(records[0]).toBe(
      'Date (UTC),Supporter,Amount (USD),Platform fee (USD),Processing fee (USD),You receive (USD),Type,Message',
    );
    expect(records).toHaveLength(week.summary.supports + 1);
    const amounts = records
      .slice(1)
      .map((record) => Number(/^[^,]*,(?:"(?:[^"]|"")*"|[^,]*),([\d.]+),/.exec(record)?.[1]));
    expect(Math.round(amounts.reduce((sum, dollars) => sum + dollars, 0) * 100)).toBe(week.summary.grossCents);

    const monthCsv = await page.request.get('/api/creator/analytics/export.csv?period=30d');
    expect(monthCsv.headers()['content-disposition']).toMatch(/^attachment; filename="beabro-supports-pixelpat-30d-/);
    expect((await monthCsv.text()).trimEnd().split('\r\n')).toHaveLength(month.summary.supports + 1);
  });

  test('a password changed in settings is the one that works at the next sign-in', async ({
    page,
    creator: account,
  }) => {
    await signIn(page, account);
    await page.goto('/settings?tab=account');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current Password').fill(account.password);
    await form.getByLabel('New Password', { exact: true }).fill('second password 456');
    await form.getByLabel('Confirm New Password').fill('second password 456');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText(/Password updated/)).toBeVisible();

    expect((await page.request.post('/api/auth/sign-out', { headers: csrf })).status()).toBeLessThan(300);
    const old = await page.request.post('/api/auth/sign-in', {
      headers: csrf,
      data: { email: account.email, password: account.password },
    });
    expect(old.status()).toBe(401);
    await signIn(page, { email: account.email, password: 'second password 456' });
    account.password = 'second password 456';
  });

  test('deleting the account signs out, goes home, and the profile is gone', async ({ page, creator: account }) => {
    await signIn(page, account);
    expect((await page.request.get(`/api/creators/${account.username}`)).status()).toBe(200);
    await page.goto('/settings?tab=account');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Yes, delete my account' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    account.deleted = true;

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect((await json<{ user: unknown }>(page.request, '/api/auth/me')).user).toBeNull();
    expect((await page.request.get(`/api/creators/${account.username}`)).status()).toBe(404);
    const again = await page.request.post('/api/auth/sign-in', {
      headers: csrf,
      data: { email: account.email, password: account.password },
    });
    expect(again.status()).toBe(401);
  });
});
