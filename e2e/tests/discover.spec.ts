import { expect, test } from './support/test';

/** /discover over the composed site and the real API, with the seeded creators (README "Try it"). */

const card = (name: string) => `article:has(h3:text-is("${name}"))`;

test.describe('/discover', () => {
  test('every visitor reaches it from "For Supporters" and sees creator cards', async ({ page }) => {
    await page.goto('/help');
    await page.getByRole('banner').getByRole('link', { name: 'For Supporters' }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Discover creators' })).toBeVisible();
    const pat = page.getByRole('article', { name: 'Pixel Pat' });
    await expect(pat).toContainText('@pixelpat');
    await expect(pat).toContainText('Content Creator');
    await expect(pat).toContainText(/\d+ supporters?/);
    // Goal progress tells the earnings: Pat hides them (the default), Green Streets shows them.
    await expect(pat.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'Maya Okafor' })).toBeVisible();
    const green = page.getByRole('article', { name: 'Green Streets Collective' });
    await expect(green).toBeVisible();
    await expect(green.getByRole('progressbar')).toBeVisible();
  });

  test('search finds a creator by name or bio, with the search in the URL', async ({ page }) => {
    await page.goto('/discover');
    const search = page.getByLabel('Search creators');
    await search.fill('pixel');
    await expect(page).toHaveURL(/\/discover\?q=pixel$/);
    await expect(page.getByRole('article', { name: 'Pixel Pat' })).toBeVisible();
    await expect(page.locator(card('Maya Okafor'))).toHaveCount(0);

    // A word from Maya's bio only.
    await search.fill('murals');
    await expect(page).toHaveURL(/\/discover\?q=murals$/);
    await expect(page.getByRole('article', { name: 'Maya Okafor' })).toBeVisible();
    await expect(page.locator(card('Pixel Pat'))).toHaveCount(0);

    await search.fill('nobody-would-be-called-this');
    await expect(page.getByRole('heading', { name: 'No creators found' })).toBeVisible();
    await page.getByRole('link', { name: 'Clear filters' }).last().click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(page.getByRole('article', { name: 'Pixel Pat' })).toBeVisible();
  });

  test('the creator type filter and sort find a seeded creator, and the card opens the profile', async ({ page }) => {
    await page.goto('/discover');
    await page.getByLabel('Creator type').selectOption('Nonprofit/Social Impact');
    await expect(page).toHaveURL(/\/discover\?type=nonprofit$/);
    const green = page.getByRole('article', { name: 'Green Streets Collective' });
    await expect(green).toContainText('Nonprofit/Social Impact');
    await expect(page.locator(card('Pixel Pat'))).toHaveCount(0);
    await expect(page.locator(card('Maya Okafor'))).toHaveCount(0);

    await page.getByLabel('Sort by').selectOption('Newest');
    await expect(page).toHaveURL(/\/discover\?type=nonprofit&sort=newest$/);
    await expect(green).toBeVisible();

    // A link opened straight from the URL shows the same results.
    await page.goto('/discover?type=artist&q=maya');
    await expect(page.getByLabel('Search creators')).toHaveValue('maya');
    await expect(page.getByLabel('Creator type')).toHaveValue('artist');
    await page.getByRole('article', { name: 'Maya Okafor' }).getByRole('link', { name: 'Maya Okafor' }).click();
    await expect(page).toHaveURL(/\/mayamakesart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Maya Okafor' })).toBeVisible();
  });
});
