import { expect, test } from '@playwright/test';

test.describe('failure isolation', () => {
  test('a remote whose server is down shows its fallback while the header works, and Retry renders it once it is back', async ({ page }) => {
    // The help remote's server is unreachable: every request for its files fails.
    await page.route('**/remotes/mf-help/**', (route) => route.abort('connectionrefused'));
    await page.goto('/help');
    const fallback = page.getByRole('alert');
    await expect(fallback).toContainText('The Help centre is unavailable right now');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'For Supporters' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // Other areas keep working.
    await page.getByRole('link', { name: 'Be a Bro home' }).click();
    await expect(page.getByRole('link', { name: 'Start Getting Supported' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
    await expect(page.getByRole('alert')).toContainText('The Help centre is unavailable right now');

    // The remote comes back: Retry loads it without a page reload.
    await page.unroute('**/remotes/mf-help/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText(/\d+ articles? found/)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
