import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Account, type Accounts, type Page } from './support/test';
import { fillSandboxCard } from './support/sandbox-card';
import { Authenticator } from './support/authenticator';
import { csrf } from './support/csrf';

/*
 * The operator's story: a visitor reports a creator page, an operator (made one as `operator:add` does; here through
 * the development tools, since the e2e server holds its embedded database) signs in with two-factor, suspends the
 * creator from the report (page hidden, checkout refused), lifts it from the person's page, and the audit log shows
 * both. What a suspension does to renewals and payouts is proved in the API's tests (operator/suspension.test.ts).
 */

const PASSWORD = 'a good operator password';

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

/** An account that turns on two-factor sign-in (as in Settings) and is made an operator; its authenticator app. */
async function makeOperator(page: Page, accounts: Accounts) {
  const operator = await accounts.create({ name: 'Olga Operator', emailPrefix: 'e2e-operator', password: PASSWORD });
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
  return { operator, app };
}

/** The operator's sessions before the role were ended; this one (two-factor) deletes the account at the end. */
async function removeOperator(page: Page, operator: Account) {
  const removed = await page.request.delete('/api/account', { headers: csrf, data: { password: PASSWORD } });
  expect(removed.status(), await removed.text()).toBe(204);
  operator.deleted = true;
}

test('a report leads an operator (two-factor) to suspend the creator, then lift it; the audit log shows both', async ({
  page,
  browser,
  accounts,
}) => {
  test.setTimeout(180_000);
  const creator = await accounts.create({ role: 'creator' });
  const username = creator.username!;
  const { operator, app } = await makeOperator(page, accounts);

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

  await removeOperator(page, operator);
});

/** A valid card number no bank issued (the sandbox declines it), each one new, as a card tester's list. */
let testedCards = 0;
function testerCard(): string {
  const body = `4${String(Date.now() % 1e9).padStart(9, '0')}${String(++testedCards).padStart(5, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** One $1 support tried with a card the sandbox declines, through the same calls as the card field. */
async function declinedSupport(request: APIRequestContext, username: string) {
  const started = await request.post(`/api/creators/${username}/supports`, {
    headers: csrf,
    data: {
      amount: 1,
      email: `e2e-tester-${randomUUID()}@example.com`,
      name: '',
      message: '',
      isAnonymous: false,
      isRecurring: false,
      tierPosition: null,
      idempotencyKey: randomUUID(),
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { payment } = (await started.json()) as { payment: { intentId: string; clientSecret: string } };
  const tokenized = await request.post('/sandbox-pay/v1/payment-methods', {
    data: { card: { number: testerCard(), expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' } },
  });
  expect(tokenized.status(), await tokenized.text()).toBe(200);
  const method = ((await tokenized.json()) as { paymentMethod: { id: string } }).paymentMethod.id;
  await request.post(`/sandbox-pay/v1/intents/${payment.intentId}/confirm`, {
    data: { clientSecret: payment.clientSecret, paymentMethod: method },
  });
  const completed = await request.post(`/api/payments/intents/${payment.intentId}/complete`, {
    headers: csrf,
    data: { clientSecret: payment.clientSecret },
  });
  expect(completed.status(), await completed.text()).toBe(402);
}

test('a card-testing burst against a creator is blocked and shown to the operator, who unblocks it', async ({
  page,
  browser,
  accounts,
}) => {
  test.setTimeout(180_000);
  // A creator who takes supports from $1, as card testers look for.
  const creator = await accounts.create({ role: 'creator', profile: { minimumAmount: 1 } });
  const username = creator.username!;
  const { operator, app } = await makeOperator(page, accounts);

  // A card tester runs ten new card numbers at $1 against one creator: $1 declines count twice, so the tenth
  // reaches the creator's limit (20) and payments to the creator pause.
  const testerContext = await browser.newContext();
  try {
    for (let i = 0; i < 10; i++) await declinedSupport(testerContext.request, username);
  } finally {
    await testerContext.close();
  }

  // A real supporter is told so on the support page, and nothing is charged.
  const supporterContext = await browser.newContext();
  try {
    const supporter = await supporterContext.newPage();
    await supporter.goto(`/${username}/support`);
    await supporter.getByLabel('Email', { exact: true }).fill(`e2e-bro-${randomUUID()}@example.com`);
    await fillSandboxCard(supporter);
    await supporter.getByRole('button', { name: 'Support with $5' }).click();
    await expect(
      supporter.getByText(/^Too many declined payments\. For your security, payments are paused/),
    ).toBeVisible();

    // The operator sees the alert in Limits, with the creator's key blocked, and unblocks it.
    await signInWithCode(page, operator.email, app);
    await page.goto('/operator/limits');
    const alerts = page.getByRole('table', { name: 'Fraud alerts' });
    const alert = alerts.getByRole('row').filter({ hasText: 'Card testing' }).filter({ hasText: 'Blocked until' });
    await expect(alert.first()).toContainText('20 declined payments');
    const key = (await alert.first().locator('code').textContent())!;
    expect(key).toMatch(/^creator:/);
    await alert
      .first()
      .getByRole('button', { name: `Unblock ${key}` })
      .click();
    await expect(page.getByText(`${key} is unblocked.`)).toBeVisible();
    await expect(alerts.getByRole('row').filter({ hasText: key }).first()).toContainText('Open');

    // The supporter's next try goes through.
    await supporter.getByRole('button', { name: 'Support with $5' }).click();
    await expect(supporter.getByText(`Thank you for supporting ${creator.displayName}!`)).toBeVisible();
  } finally {
    await supporterContext.close();
  }

  await page.goto('/operator/audit');
  await expect(
    page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'limits.unblock' }).first(),
  ).toContainText(operator.email);
  await removeOperator(page, operator);
});
