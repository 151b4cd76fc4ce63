import { expect, test } from './support/test';

test.describe('header and footer (visitor)', () => {
  test('header links go where the product rules say', async ({ page }) => {
    await page.goto('/help');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Be a Bro home' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'For Supporters' })).toHaveAttribute('href', '/discover');
    await expect(header.getByRole('link', { name: 'Help', exact: true })).toHaveAttribute('href', '/help');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(header.getByRole('link', { name: 'Join as Supporter' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&role=supporter',
    );
    await expect(header.getByRole('link', { name: 'Be a Bro', exact: true })).toHaveAttribute('href', '/create');
  });

  test('footer links lead into the help centre and show the current year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const label of ['Pricing', 'Payouts', 'Privacy', 'Terms', 'Cookie Policy', 'Contact']) {
      await expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', /^\/help([?#]|$)/);
    }
    // The year decided once in shared/src/data/defaults.ts (COPYRIGHT_YEAR), not the visitor's clock.
    await expect(footer).toContainText('© 2026 Be a Bro');
    await footer.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/help\?category=pricing$/);
    await expect(page.getByText(/\d+ articles? found/)).toBeVisible();
  });

  test('on a phone the menu button reveals the same links', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    for (const label of ['For Supporters', 'Help', 'Sign In', 'Join as Supporter', 'Be a Bro']) {
      await expect(mobile.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await mobile.getByRole('link', { name: 'Help', exact: true }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(mobile).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
