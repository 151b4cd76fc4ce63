import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { expect, test, type Page } from './support/test';
import { csrf } from './support/csrf';

/*
 * The operator's story: a visitor reports a creator page, an operator (made one as `operator:add` does; here through
 * the development tools, since the e2e server holds its embedded database) signs in with two-factor, suspends the
 * creator from the report (page hidden, checkout refused), lifts it from the person's page, and the audit log shows
 * both. What a suspension does to renewals and payouts is proved in the API's tests (operator/suspension.test.ts).
 */

const PASSWORD = 'a good operator password';
const STEP_SECONDS = 30;
const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/** Codes from the secret, each of a later time step than the last (the server refuses a step used before). */
class Authenticator {
  private lastStep = 0;
  constructor(private readonly secret: string) {}
  async nextCode(): Promise<string> {
    await expect
      .poll(() => currentStep() + 1, { timeout: 40_000, message: 'a fresh time step' })
      .toBeGreaterThan(this.lastStep);
    const step = Math.max(currentStep(), this.lastStep + 1);
    this.lastStep = step;
    return generate({ secret: this.secret, epoch: step * STEP_SECONDS });
  }
}

async function signInWithCode(page: Page, email: string, app: Authenticator) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await app.nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect
    .poll(async () => ((await (await page.request.get('/api/auth/me')).json()) as { user: unknown }).user)
    .toMatchObject({ email, isOperator: true });
}

test('a report leads an operator (two-factor) to suspend the creator, then lift it; the audit log shows both', async ({
  page,
  browser,
  accounts,
}) => {
  test.setTimeout(180_000);
  const creator = await accounts.create({ role: 'creator' });
  const username = creator.username!;
  const operator = await accounts.create({ name: 'Olga Operator', emailPrefix: 'e2e-operator', password: PASSWORD });

  // The operator turns on two-factor sign-in (as in Settings) and is made an operator.
  const setup = await operator.request.post('/api/account/two-factor/setup', { headers: csrf });
  expect(setup.status(), await setup.text()).toBe(200);
  const app = new Authenticator(((await setup.json()) as { secret: string }).secret);
  const enabled = await operator.request.post('/api/account/two-factor/enable', {
    headers: csrf,
    data: { password: PASSWORD, code: await app.nextCode() },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const made = await page.request.post('/api/dev/operators', { headers: csrf, data: { email: operator.email } });
  expect(made.status(), await made.text()).toBe(200);

  // A visitor reports the creator's page.
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/${username}`);
    await visitor.getByRole('button', { name: 'Report this page' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Report this page' });
    await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
    await dialog.getByLabel('What is wrong (optional)').fill('Asks for money for a mission that does not exist.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Thank you. Our team will look at it.')).toBeVisible();
  } finally {
    await visitorContext.close();
  }

  // The operator signs in with a code and opens the reports.
  await signInWithCode(page, operator.email, app);
  await page.goto('/operator/reports');
  await page.getByRole('button', { name: `Resolve the report about @${username}` }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve report' });
  await resolve.getByLabel('Action').selectOption('suspend');
  await resolve.getByLabel('Reason').fill('A fake mission asking for money.');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(resolve).toBeHidden();

  // Suspended: the page is gone and nobody can support them.
  const anonymous = await page.context().browser()!.newContext();
  try {
    expect((await anonymous.request.get(`/api/creators/${username}`)).status()).toBe(404);
    const checkout = await anonymous.request.post(`/api/creators/${username}/supports`, {
      headers: csrf,
      data: {
        amount: 5,
        email: 'e2e-operator-bro@example.com',
        name: '',
        message: '',
        isAnonymous: false,
        isRecurring: false,
        tierPosition: null,
        idempotencyKey: randomUUID(),
      },
    });
    expect(checkout.status(), await checkout.text()).toBe(404);
    expect(((await checkout.json()) as { message: string }).message).toBe(
      'This page is not available right now, so it cannot receive support.',
    );
  } finally {
    await anonymous.close();
  }

  // The operator finds the creator and lifts the suspension.
  await page.goto('/operator/people');
  await page.getByLabel('Email, username, name or support id').fill(username);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('table', { name: 'People found' }).getByRole('link').first().click();
  await page.getByRole('button', { name: 'Lift suspension' }).click();
  const lift = page.getByRole('dialog', { name: /suspension\?$/ });
  await lift.getByLabel('Reason').fill('The creator proved the mission is real.');
  await lift.getByRole('button', { name: 'Lift suspension' }).click();
  await expect(page.getByRole('button', { name: 'Suspend' })).toBeVisible();
  expect((await page.request.get(`/api/creators/${username}`)).status()).toBe(200);

  // The audit log shows the suspension and the lift, with who did them.
  await page.goto('/operator/audit');
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row').filter({ hasText: 'account.lift' }).first()).toContainText(operator.email);
  await expect(log.getByRole('row').filter({ hasText: 'account.suspend' }).first()).toContainText(operator.email);

  // The operator's sessions before the role were ended; this one (two-factor) deletes the account at the end.
  const removed = await page.request.delete('/api/account', { headers: csrf, data: { password: PASSWORD } });
  expect(removed.status(), await removed.text()).toBe(204);
  operator.deleted = true;
});
