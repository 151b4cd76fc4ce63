import { expect, signIn, test } from './support/test';

test.describe('what users notice', () => {
  test('a username written with capitals reaches the creator page (301 from the server, and in the browser)', async ({
    page,
  }) => {
    const res = await page.request.get('/PixelPat?ref=e2e', { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers().location).toBe('/pixelpat?ref=e2e');

    await page.goto('/PixelPat/support');
    await expect(page).toHaveURL(/\/pixelpat\/support$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    await expect(page.getByLabel('Custom Amount')).toBeVisible();

    // Whole dollars: cents are refused with a reason, not dropped.
    await page.getByLabel('Custom Amount').fill('12.5');
    await expect(page.getByText('Amount must be a whole number of dollars').first()).toBeVisible();
  });

  test('a creator without a payout country is told at the top of the dashboard, with a link to the setting', async ({
    page,
    accounts,
  }) => {
    // Onboarded without a payout country (the country is optional in the wizard).
    await signIn(
      page,
      await accounts.create({
        role: 'creator',
        name: 'Nora Nocountry',
        emailPrefix: 'e2e-held',
        profile: { bio: 'Checking what a new creator is told.' },
      }),
    );
    await page.goto('/dashboard');
    const held = page.getByRole('region', { name: 'Your payouts are held' });
    await expect(held).toContainText('Payouts are held until you set your country in Settings.');
    await expect(held.getByRole('link', { name: 'How payouts work' })).toHaveAttribute(
      'href',
      '/help?category=payments',
    );
    await held.getByRole('link', { name: 'Set your payout country' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=support$/);
    await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Canada (payouts available)' });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(/Support settings saved\./)).toBeVisible();

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nora Nocountry!' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Payouts', exact: true }).getByText('Next payout (estimate)'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your payouts are held' })).toHaveCount(0);
  });

  test('deleting an account is confirmed on the home page', async ({ page, accounts }) => {
    const account = await accounts.create({ name: 'Sid Supporter', emailPrefix: 'e2e-bye' });
    await signIn(page, account);
    await page.goto('/settings?tab=account');
    // A supporter is not told about a creator page they do not have.
    await expect(page.getByText(/ends your monthly supports/)).toBeVisible();
    await expect(page.getByText(/creator page offline/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('form', { name: 'Confirm account deletion' }).getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    account.deleted = true;
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByText('Your account has been deleted and you have been signed out everywhere.', { exact: false }),
    ).toBeVisible();
  });
});
