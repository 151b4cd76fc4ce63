import { expect, test } from './support/test';

test.describe('composed site: every built route renders its area', () => {
  test('/ renders the landing page from mf-marketing', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Getting Supported' })).toHaveAttribute('href', '/create');
    await expect(page.getByRole('link', { name: 'Be a Bro - Support Someone' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&role=supporter',
    );
  });

  test('/help renders the help centre from mf-help', async ({ page }) => {
    await page.goto('/help');
    await expect(
      page
        .getByRole('searchbox')
        .or(page.getByRole('textbox', { name: /search/i }))
        .first(),
    ).toBeVisible();
    await expect(page.getByText(/\d+ articles? found/)).toBeVisible();
  });

  test('an unknown path gets a real "page not found" inside the site layout', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test("the operator console is never part of a visitor's pages, and /operator asks them to sign in", async ({
    page,
  }) => {
    const operatorFiles: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.includes('mf-operator')) operatorFiles.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start Getting Supported' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Operator console' })).toHaveCount(0);
    await page.goto('/pixelpat');
    await expect(page.getByRole('button', { name: 'Report this page' })).toBeVisible();
    await page.goto('/operator/people');
    await expect(page).toHaveURL(/\/auth\?next=\/operator\/people$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    expect(operatorFiles).toEqual([]);
  });

  test('client-side navigation between areas keeps the shell', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByText(/\d+ articles? found/)).toBeVisible();
    await page.getByRole('link', { name: 'Be a Bro home' }).click();
    await expect(page.getByRole('link', { name: 'Start Getting Supported' })).toBeVisible();
  });
});
