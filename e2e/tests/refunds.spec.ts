import { randomUUID } from 'node:crypto';
import { expect, signIn, test } from './support/test';
import { payThroughSandbox } from './support/sandbox-card';

/*
 * A creator refunds part of a support from the dashboard's support list: the dialog's summary, the
 * list's "Partially refunded" mark and the lower balance; the supporter sees the refund in their
 * history. Everyone here is made for the test.
 */

test.describe('refunds', () => {
  test('a creator refunds part of a support, sees it in the list and the balance; the supporter sees it too', async ({
    page,
    browser,
    accounts,
  }) => {
    const creator = await accounts.create({
      role: 'creator',
      name: 'Rory Refunds',
      emailPrefix: 'e2e-refund-creator',
      profile: { bio: 'Checking that money can go back.' },
    });
    const username = creator.username!;
    await signIn(page, creator);

    // A signed-in supporter gives $12 (platform fee 60c, processing 65c: the creator nets $10.75).
    const supporterContext = await browser.newContext();
    const supporterPage = await supporterContext.newPage();
    try {
      const supporter = await accounts.create({ name: 'Bea Backer', emailPrefix: 'e2e-refund-supporter' });
      await signIn(supporterPage, supporter);
      await payThroughSandbox(supporterPage.request, username, {
        amount: 12,
        email: supporter.email,
        name: 'Bea Backer',
        message: 'Keep it up',
        isAnonymous: false,
        isRecurring: false,
        tierPosition: null,
        idempotencyKey: randomUUID(),
      });

      await page.goto('/dashboard');
      const recent = page.getByRole('region', { name: 'Recent Support' });
      await expect(recent.getByRole('listitem').first()).toContainText('Bea Backer');
      const balance = page.getByText('Balance not yet paid out').locator('..');
      await expect(balance).toContainText('$10.75');

      await recent.getByRole('button', { name: 'Refund the $12.00 support from Bea Backer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Refund support' });
      const amount = dialog.getByLabel('Amount to refund (USD)');
      await expect(amount).toHaveValue('12.00');
      await expect(dialog).toContainText('The payment processing fee ($0.65) is kept by the card processor');

      // More than the support: refused next to the field, nothing sent.
      await amount.fill('13');
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      await expect(dialog.getByText('You can refund at most $12.00')).toBeVisible();
      await expect(dialog.getByText('Choose a reason for the refund')).toBeVisible();

      await amount.fill('5');
      await dialog.getByLabel('Reason').selectOption({ label: 'Requested by the supporter' });
      await dialog.getByLabel('Note to the supporter (optional)').fill('Half of it was a mistake, sorry!');
      await expect(dialog).toContainText('Back to the supporter$5.00');
      await expect(dialog).toContainText('Platform fee we return to you$0.25');
      await expect(dialog).toContainText('Comes off your balance$4.75');
      await dialog.getByRole('button', { name: 'Refund $5.00' }).click();

      await expect(page.getByText('Refunded $5.00 to Bea Backer.')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(recent.getByRole('listitem').first()).toContainText('Partially refunded $5.00');
      // $10.75 earned, $4.75 given back.
      await expect(balance).toContainText('$6.00');
      // $7.00 is left to refund.
      await recent.getByRole('button', { name: 'Refund the $12.00 support from Bea Backer' }).click();
      await expect(dialog.getByLabel('Amount to refund (USD)')).toHaveValue('7.00');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await supporterPage.goto('/supporter-dashboard?tab=history');
      const row = supporterPage.getByRole('button', {
        name: /^Rory Refunds, .*Refunded \$5\.00 of \$12\.00, \$12\.00: view receipt$/,
      });
      await expect(row).toBeVisible();
      await row.click();
      await expect(supporterPage.getByRole('dialog', { name: 'Receipt' })).toContainText('Refunded to your card$5.00');
    } finally {
      await supporterContext.close();
    }
  });
});
