import { expect, test } from './support/test';
import { fillSandboxCard } from './support/sandbox-card';

/*
 * A creator's currency is their payout country's (docs/money.md#currencies): a British creator's page, checkout,
 * receipt and figures are in pounds, with the processing fee's fixed part in pence.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('a creator in pounds', () => {
  test('a visitor supports a British creator in pounds: the summary, the button, the thank-you and the page', async ({
    page,
    accounts,
  }) => {
    const creator = await accounts.create({ role: 'creator', profile: { country: 'GB', showEarnings: true } });
    const username = creator.username!;
    const profile = await (await page.request.get(`/api/creators/${username}`)).json();
    expect(profile.currency).toBe('gbp');

    await page.goto(`/${username}/support`);
    await page.getByLabel('Custom Amount').fill('10');
    const summary = page.getByRole('heading', { name: 'Payment summary' }).locator('..');
    // £10: platform fee £0.50, processing fee £0.49 (2.9% + 20p), the creator receives £9.01.
    await expect(summary).toContainText('Payment processing (2.9% + £0.20)');
    await expect(summary).toContainText('£0.49');
    await expect(summary).toContainText('£9.01');
    await page.getByLabel('Email', { exact: true }).fill(`${unique()}@example.com`);
    await fillSandboxCard(page);
    await page.getByRole('button', { name: 'Support with £10' }).click();

    await expect(page.getByText(`Thank you for supporting ${profile.displayName}!`)).toBeVisible();
    await expect(page.getByText('£10.00', { exact: true })).toBeVisible();
    const after = await (await page.request.get(`/api/creators/${username}`)).json();
    expect(after.recentSupports[0]).toMatchObject({ amountCents: 1000 });
    await expect(page.getByRole('region', { name: 'Stats' })).toContainText('£10');
    await expect(page.getByRole('region', { name: 'Stats' })).not.toContainText('$');
  });
});
