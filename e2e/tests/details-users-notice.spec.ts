import { expect, test, type Page } from './support/test';

const csrf = { 'X-Requested-With': 'beabro' };

/** A brand-new creator made through the API (sign-up, then onboarding without a payout country), signed in on `page`. */
async function creatorWithoutCountry(page: Page) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = 'first password 123';
  const signUp = await page.request.post('/api/auth/sign-up', {
    headers: csrf,
    data: {
      name: 'Nora Nocountry',
      email: `e2e-held-${stamp}@example.com`,
      password,
      confirmPassword: password,
      role: 'creator',
    },
  });
  expect(signUp.status()).toBe(201);
  const profile = await page.request.post('/api/creator-profile', {
    headers: csrf,
    data: {
      displayName: 'Nora Nocountry',
      username: `e2e_held_${stamp}`,
      bio: 'Checking what a new creator is told.',
      creatorType: 'educator',
    },
  });
  expect(profile.status()).toBe(201);
}

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
  }) => {
    await creatorWithoutCountry(page);
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

  test('deleting an account is confirmed on the home page', async ({ page }) => {
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const password = 'first password 123';
    const signUp = await page.request.post('/api/auth/sign-up', {
      headers: csrf,
      data: {
        name: 'Sid Supporter',
        email: `e2e-bye-${stamp}@example.com`,
        password,
        confirmPassword: password,
        role: 'supporter',
      },
    });
    expect(signUp.status()).toBe(201);
    await page.goto('/settings?tab=account');
    // A supporter is not told about a creator page they do not have.
    await expect(page.getByText(/ends your monthly supports/)).toBeVisible();
    await expect(page.getByText(/creator page offline/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('form', { name: 'Confirm account deletion' }).getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByText('Your account has been deleted and you have been signed out everywhere.', { exact: false }),
    ).toBeVisible();
  });
});
