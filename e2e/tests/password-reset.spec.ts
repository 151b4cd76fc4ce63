import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';

/*
 * A person who forgot the password gets back in by email: "Forgot password?" on the sign-in form, the
 * link from the development mailbox, a new password, and sign-in with it. Every earlier session ends.
 */

/** The text of the newest email to `to` with `subject`, once it is in the development mailbox. */
async function mailText(request: APIRequestContext, to: string, subject: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const list = (await (await request.get('/api/dev/mailbox')).json()) as {
          messages: Array<{ id: string; to: string; subject: string }>;
        };
        const message = list.messages.find((m) => m.to === to && m.subject === subject);
        if (!message) return '';
        text = ((await (await request.get(`/api/dev/mailbox/${message.id}`)).json()) as { text: string }).text;
        return text;
      },
      { message: `"${subject}" to ${to}` },
    )
    .not.toBe('');
  return text;
}

test('a forgotten password is replaced through the emailed link, and the old sessions end', async ({
  page,
  request,
  accounts,
}) => {
  test.setTimeout(120_000);
  const oldPassword = 'the one I forgot 1';
  const newPassword = 'remembered this time 2';
  // Signed in on its own API client: the session a reset must end.
  const account = await accounts.create({ name: 'Rita Reset', emailPrefix: 'e2e-reset', password: oldPassword });
  const { email } = account;
  expect(((await (await account.request.get('/api/auth/me')).json()) as { user: unknown }).user).not.toBeNull();

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account uses this address, we sent it a link')).toBeVisible();

  const text = await mailText(request, email, 'Reset your Be a Bro password');
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password is changed and every device was signed out.')).toBeVisible();
  expect(page.url()).not.toContain('token=');

  // The session made at sign-up is over, and the owner was told.
  account.password = newPassword;
  expect(((await (await account.request.get('/api/auth/me')).json()) as { user: unknown }).user).toBeNull();
  expect(await mailText(request, email, 'Your Be a Bro password was changed')).toContain('Every device was signed out');

  // The same link a second time changes nothing.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New Password', { exact: true }).fill('a third password 3');
  await page.getByLabel('Confirm New Password').fill('a third password 3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This password reset link is invalid, used or expired.')).toBeVisible();

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/supporter-dashboard$/);
});
