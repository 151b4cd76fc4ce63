import { expect, signIn, test } from './support/test';
import { csrf } from './support/csrf';

test.describe('accounts against the real API, from the browser', () => {
  test('a new supporter is signed in across the site, and Logout revokes the session', async ({ page, accounts }) => {
    const account = await accounts.create({ name: 'Sam Supporter' });
    const { email } = account;
    // The browser context shares its cookie jar with page.request.
    await signIn(page, account);

    await page.goto('/help');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'My Missions' })).toHaveAttribute('href', '/supporter-dashboard');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    await header.getByRole('button', { name: /account/i }).click();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect((await (await page.request.get('/api/auth/me')).json()).user).toBeNull();

    // Signing in again brings the account back.
    const again = await page.request.post('/api/auth/sign-in', {
      headers: csrf,
      data: { email, password: account.password },
    });
    expect(again.status()).toBe(200);
    await page.reload();
    await expect(header.getByRole('link', { name: 'My Missions' })).toBeVisible();
  });

  test('a wrong password gets only the generic message', async ({ page }) => {
    const res = await page.request.post('/api/auth/sign-in', {
      headers: csrf,
      data: { email: 'nobody@example.com', password: 'not the password' },
    });
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual({ message: 'Authentication failed. Please try again.' });
  });
});
