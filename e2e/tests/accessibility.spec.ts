import { expectNoAxeViolations as expectNoViolations } from './support/axe';
import { expect, test } from './support/test';
import {
  cancelFromLinkPage,
  monthlySupportReceipt,
  openPage,
  pagesFor,
  settle,
  signInAs,
  type Role,
} from './support/site-pages';

/*
 * axe-core (WCAG 2.1 A and AA rules) on every page of the composed site, signed out, as the demo supporter and
 * as the demo creator, and on the open states people meet: menus, dialogs, form errors, the server-rendered pages.
 * A failing check lists each violation (rule, element, what is wrong) in its message.
 */

// Page walks that only read (the demo accounts, the public pages; a receipt of the test's own creator): half the
// desktop tests are in this file and narrow-screen.spec.ts, so their tests, not only files, share the workers.
test.describe.configure({ mode: 'parallel' });

const ROLES: readonly Role[] = ['visitor', 'supporter', 'creator'];

for (const role of ROLES) {
  test.describe(`accessibility, ${role === 'visitor' ? 'signed out' : `signed in as the demo ${role}`}`, () => {
    if (role !== 'visitor') test.beforeEach(({ page }) => signInAs(page, role));
    for (const sitePage of pagesFor(role)) {
      test(`${sitePage.name}: ${sitePage.path}`, async ({ page }) => {
        await openPage(page, sitePage);
        await expectNoViolations(page, `${sitePage.name} as ${role}`);
      });
    }
  });
}

test.describe('accessibility of open states', () => {
  test('the mobile menu, signed out and signed in', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/help');
    await expect(page.getByText(/\d+ articles? found/)).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expectNoViolations(page, 'the open mobile menu, signed out');

    await signInAs(page, 'creator');
    await page.reload();
    await expect(page.getByText(/\d+ articles? found/)).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Logout' }),
    ).toBeVisible();
    await settle(page);
    await expectNoViolations(page, 'the open mobile menu, signed in');
  });

  for (const role of ['supporter', 'creator'] as const) {
    test(`the account menu of the ${role}`, async ({ page }) => {
      await signInAs(page, role);
      await page.goto('/help');
      await expect(page.getByText(/\d+ articles? found/)).toBeVisible();
      await page
        .getByRole('banner')
        .getByRole('button', { name: /account/i })
        .click();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
      await settle(page);
      await expectNoViolations(page, `the open account menu of the ${role}`);
    });
  }

  test('sign-in and sign-up forms showing their errors', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'the sign-in form with errors');

    await page.goto('/auth?mode=signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Be a Bro' })).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    // Enter submits from the field (a click would land wherever the field's own message, shown on blur, moved the button).
    await page.getByLabel('Email').press('Enter');
    await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'the sign-up form with errors');
  });

  test('the support form showing its errors', async ({ page }) => {
    await page.goto('/pixelpat/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support Pixel Pat' })).toBeVisible();
    await settle(page);
    await page.getByRole('button', { name: /^Support with/ }).click();
    await expect(page.getByLabel('Email', { exact: false }).first()).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'the support form with errors');
  });

  test('the onboarding wizard: each step, and field errors', async ({ page }) => {
    // Four axe walks and a username check: the longest walk here, past 30 s on a busy 2-core machine.
    test.slow();
    // Never create a creator page for the shared demo supporter, whatever the form does.
    await page.route('**/api/creator-profile', (route) =>
      route.request().method() === 'POST' ? route.abort('failed') : route.fallback(),
    );
    await signInAs(page, 'supporter');
    await page.goto('/create');
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await settle(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Display Name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'onboarding step 1 with errors');

    await page.getByLabel('Display Name').fill('Axe Checker');
    await page.getByLabel('Username').fill(`a11y_${Date.now().toString(36)}`);
    await expect(page.getByText('Username is available!')).toBeVisible();
    await page.getByLabel('Bio').fill('Checking that every step reads well.');
    await page.getByLabel('Creator Type').selectOption('other');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await settle(page);
    await expectNoViolations(page, 'onboarding step 2');

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Step 3 of 3')).toBeVisible();
    await settle(page);
    await expectNoViolations(page, 'onboarding step 3');

    await page.getByLabel('Amount 1').fill('abc');
    await page.getByRole('button', { name: 'Launch Your Mission' }).click();
    await expect(page.getByLabel('Amount 1')).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'onboarding step 3 with errors');
  });

  test('the help centre: an open answer and the empty search', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByText(/\d+ articles? found/)).toBeVisible();
    const firstQuestion = page.getByRole('main').locator('details').first();
    await firstQuestion.locator('summary').click();
    await expect(firstQuestion).toHaveAttribute('open', '');
    await settle(page);
    await expectNoViolations(page, 'the help centre with an answer open');

    await page.getByRole('searchbox').first().fill('zzzz no such words qqqq');
    await expect(page.getByText('No results found')).toBeVisible();
    await settle(page);
    await expectNoViolations(page, 'the help centre with no results');
  });

  test('the supporter dashboard dialogs: cancel a monthly support, a receipt', async ({ page }) => {
    await signInAs(page, 'supporter');
    await page.goto('/supporter-dashboard?tab=creators');
    const cancel = page.getByRole('button', { name: 'Cancel monthly support' }).first();
    await expect(cancel).toBeVisible();
    await cancel.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await settle(page);
    await expectNoViolations(page, 'the cancel-monthly-support dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.goto('/supporter-dashboard?tab=history');
    const receipt = page.getByRole('button', { name: /view receipt$/ }).first();
    await expect(receipt).toBeVisible();
    await receipt.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
    await expectNoViolations(page, 'the receipt dialog');
  });

  test('creator settings: the delete-account confirm step and the password form with errors', async ({ page }) => {
    await signInAs(page, 'creator');
    await page.goto('/settings?tab=account');
    const passwordForm = page.getByRole('form', { name: 'Change password' });
    await passwordForm.getByRole('button', { name: 'Update Password' }).click();
    await expect(passwordForm.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'the password form with errors');

    await page.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('form', { name: 'Confirm account deletion' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(confirm.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await settle(page);
    await expectNoViolations(page, 'the delete-account confirm step with an error');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
  });
});

test.describe('accessibility of the server-rendered pages', () => {
  test('a monthly receipt in the development mailbox, and its cancel link: the page, its outcome and a broken link', async ({
    page,
    creator,
  }) => {
    test.slow();
    const { receiptId, cancelPath } = await monthlySupportReceipt(page, creator.username!);
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Development mailbox' })).toBeVisible();
    await expectNoViolations(page, 'the development mailbox');
    await page.goto(`/dev/mailbox/${receiptId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The email's own HTML sits in a script-less sandboxed iframe, which axe cannot enter: this checks the page around it.
    await expectNoViolations(page, 'a receipt in the development mailbox', { legacyMode: true });

    await page.goto(cancelPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Cancel monthly support' })).toBeVisible();
    await expectNoViolations(page, 'the cancel-link page');

    await page.getByRole('button', { name: 'Cancel my monthly support' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel monthly support?' })).toBeVisible();
    await expectNoViolations(page, 'the cancel-link page’s confirmation');
    await page.getByRole('button', { name: 'Keep supporting' }).click();
    await cancelFromLinkPage(page);
    await expectNoViolations(page, 'the cancel-link page after cancelling');

    await page.goto('/subscriptions/cancel?token=not-a-token');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoViolations(page, 'the cancel-link page with a broken link');
  });

  test('the email verification page: without a token, and an unknown token', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    await expectNoViolations(page, 'the verification page without a token');

    // An unknown link says so at once (the page reads what a link would do before anything is pressed).
    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByRole('main').getByText('This verification link is not valid.')).toBeVisible();
    await expectNoViolations(page, 'the verification page with a refused token');
  });
});
