import { expectNoAxeViolations as expectNoViolations } from './support/axe';
import { expect, signIn, test, type Page } from './support/test';
import { Authenticator } from './support/authenticator';
import { csrf } from './support/csrf';

const PASSWORD = 'a good password';

/** Whole path and query, so "/auth?next=..." never passes for another page. */
const at = (pathAndQuery: string) => (url: URL) => `${url.pathname}${url.search}` === pathAndQuery;

async function signOut(page: Page) {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: /account/i }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // Not signed in yet: the password alone gives no session.
  expect((await (await page.request.get('/api/auth/me')).json()).user).toBeNull();
}

async function mailboxSubjects(page: Page, to: string): Promise<string[]> {
  const { messages } = (await (await page.request.get('/api/dev/mailbox')).json()) as {
    messages: Array<{ to: string; subject: string }>;
  };
  return messages.filter((m) => m.to === to).map((m) => m.subject);
}

test('two-factor sign-in: turn it on with the app, sign in with a code and with a recovery code, turn it off', async ({
  page,
  accounts,
}) => {
  test.setTimeout(150_000);
  const account = await accounts.create({ name: 'Tess Two-Factor', emailPrefix: 'e2e-2fa', password: PASSWORD });
  const email = account.email;
  await signIn(page, account);

  // Turn it on: scan (here: read the key), confirm with the password and a code.
  await page.goto('/settings?tab=account');
  const section = page.getByRole('group', { name: 'Two-Factor Authentication' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
  await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = ((await section.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const app = new Authenticator(secret);

  const enableForm = page.getByRole('form', { name: 'Turn on two-factor authentication' });
  await enableForm.getByLabel('Password to Confirm').fill(PASSWORD);
  await enableForm.getByLabel('Authentication code').fill('000000');
  await enableForm.getByRole('button', { name: 'Turn On' }).click();
  await expect(enableForm.getByLabel('Authentication code')).toHaveAccessibleDescription(
    /That code is not valid\. Check your authenticator app and try again\./,
  );
  await expectNoViolations(page, 'the two-factor set-up with a refused code');
  await enableForm.getByLabel('Authentication code').fill(await app.nextCode());
  await enableForm.getByRole('button', { name: 'Turn On' }).click();

  const codesList = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codesList.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await codesList.getByRole('listitem').allTextContents()).map((code) => code.trim());
  await expectNoViolations(page, 'the recovery codes');
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();
  await expect.poll(() => mailboxSubjects(page, email)).toContain('Two-factor sign-in is on');

  // Sign out, then sign in: password, then a code from the app.
  await signOut(page);
  await passwordStep(page, email);
  await page.getByLabel('Authentication code').fill(await app.nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(at('/supporter-dashboard'));
  expect((await (await page.request.get('/api/auth/me')).json()).user.email).toBe(email);

  // Sign out, then sign in with a recovery code (no phone at hand); it works once.
  await signOut(page);
  const [recovery = ''] = recoveryCodes;
  await passwordStep(page, email);
  await page.getByLabel('Authentication code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(at('/supporter-dashboard'));

  await signOut(page);
  await passwordStep(page, email);
  await page.getByLabel('Authentication code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Authentication code')).toHaveAccessibleDescription(
    /That code is not valid\. Check your authenticator app, or use an unused recovery code\./,
  );
  await expectNoViolations(page, 'the sign-in code step with a refused code');
  await page.getByLabel('Authentication code').fill(recoveryCodes[1] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(at('/supporter-dashboard'));

  // Turn it off with the password and a code; sign-in needs only the password again.
  await page.goto('/settings?tab=account');
  await expect(section.getByText('8 recovery codes left.')).toBeVisible();
  await section.getByRole('button', { name: 'Turn Off' }).click();
  const disableForm = page.getByRole('form', { name: 'Turn off two-factor authentication' });
  await disableForm.getByLabel('Password to Confirm').fill('not my password');
  await disableForm.getByLabel('Authentication or recovery code').fill(await app.nextCode());
  await disableForm.getByRole('button', { name: 'Turn Off' }).click();
  await expect(disableForm.getByLabel('Password to Confirm')).toHaveAccessibleDescription(
    /Current password is incorrect/,
  );
  await disableForm.getByLabel('Password to Confirm').fill(PASSWORD);
  await disableForm.getByRole('button', { name: 'Turn Off' }).click();
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await expect(section.getByText('Two-factor authentication is off.')).toBeVisible();
  await expect.poll(() => mailboxSubjects(page, email)).toContain('Two-factor sign-in is off');

  await signOut(page);
  const signedIn = await page.request.post('/api/auth/sign-in', { headers: csrf, data: { email, password: PASSWORD } });
  expect(signedIn.status()).toBe(200);
});
