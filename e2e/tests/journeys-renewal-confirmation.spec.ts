import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { confirmationLink, renewalClock, runJob, supporterDashboard, unique } from './support/journeys';
import { expect, test } from './support/test';
import { csrf } from './support/csrf';

/*
 * A renewal the bank wants confirmed (issue 27): a monthly support paid with the 3-D Secure test card
 * renews off-session, the bank asks for authentication, My Missions says so, the email's link opens our
 * page with the provider's challenge, the supporter approves it, and the month is recorded once.
 * Named as a journey so it runs with the journeys, after every other spec: its renewal run's clock is a
 * month ahead and renews every due subscription on the server, the demo supporter's too.
 * It makes its own creator: the servers on PostgreSQL start with an empty database (no demo creators).
 */

const AUTHENTICATION_CARD = '4000 0027 6000 3184';
/** RENEWAL_CONFIRM_MESSAGES.failed of shared/src/api-schemas/subscriptions.ts (the e2e package does not import shared). */
const CONFIRM_FAILED =
  'Your bank did not confirm the payment, so nothing was charged. We will try the renewal again as the email said.';

/** A monthly support paid with the 3-D Secure card: checkout, the card frame's routes, the bank challenge approved. */
async function payMonthlyWithAuthentication(request: APIRequestContext, username: string, email: string) {
  const started = await request.post(`/api/creators/${username}/supports`, {
    headers: csrf,
    data: {
      amount: 8,
      email,
      name: 'Cora Confirm',
      message: '',
      isAnonymous: false,
      isRecurring: true,
      tierPosition: null,
      idempotencyKey: randomUUID(),
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { payment } = (await started.json()) as { payment: { intentId: string; clientSecret: string } };
  const tokenized = await request.post('/sandbox-pay/v1/payment-methods', {
    data: {
      card: { number: AUTHENTICATION_CARD, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
    },
  });
  expect(tokenized.status(), await tokenized.text()).toBe(200);
  const method = ((await tokenized.json()) as { paymentMethod: { id: string } }).paymentMethod.id;
  const intentPath = `/sandbox-pay/v1/intents/${payment.intentId}`;
  const confirmed = await request.post(`${intentPath}/confirm`, {
    data: { clientSecret: payment.clientSecret, paymentMethod: method },
  });
  expect(((await confirmed.json()) as { intent: { status: string } }).intent.status).toBe('requires_action');
  const approved = await request.post(`${intentPath}/authenticate`, {
    data: { clientSecret: payment.clientSecret, approve: true },
  });
  expect(((await approved.json()) as { intent: { status: string } }).intent.status).toBe('succeeded');
  const completed = await request.post(`/api/payments/intents/${payment.intentId}/complete`, {
    headers: csrf,
    data: { clientSecret: payment.clientSecret },
  });
  expect(completed.status(), await completed.text()).toBe(200);
}

/** A creator with a public profile, made through the API in a context of its own. */
async function makeCreator(request: APIRequestContext) {
  const stamp = unique();
  const username = `confirm_${stamp}`;
  const password = 'creator password 123';
  const signUp = await request.post('/api/auth/sign-up', {
    headers: csrf,
    data: {
      name: 'Carl Creator',
      email: `e2e-confirm-creator-${stamp}@example.com`,
      password,
      confirmPassword: password,
      role: 'creator',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const profile = await request.post('/api/creator-profile', {
    headers: csrf,
    data: { displayName: 'Confirm Collective', username, bio: 'Monthly support, confirmed.', creatorType: 'other' },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  return username;
}

test('a renewal that needs the bank’s confirmation is confirmed from the email and recorded once', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const creatorContext = await browser.newContext();
  const username = await makeCreator(creatorContext.request);
  await creatorContext.close();
  const email = `e2e-confirm-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up', {
    headers: csrf,
    data: {
      name: 'Cora Confirm',
      email,
      password: 'confirm me 12345',
      confirmPassword: 'confirm me 12345',
      role: 'supporter',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await payMonthlyWithAuthentication(page.request, username, email);

  const before = await supporterDashboard(page.request);
  const subscription = before.subscriptions.find((s) => s.creatorUsername === username);
  const renewedAt = renewalClock(subscription?.currentPeriodEnd);
  await runJob(page.request, 'renewals', renewedAt);

  await page.goto('/supporter-dashboard?tab=creators');
  const card = page
    .getByRole('region', { name: 'Missions you support' })
    .getByRole('article')
    .filter({ hasText: 'Confirm Collective' });
  await expect(card.getByText('Needs your confirmation')).toBeVisible();

  const confirmPath = await confirmationLink(page.request, email);

  await page.goto(confirmPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your monthly support' })).toBeVisible();
  await expect(page.getByText(/Your bank asks you to confirm the payment of \$8\.00 for/)).toBeVisible();
  const challenge = page.frameLocator('iframe[title^="Confirm the payment with your bank"]');

  // The bank's check failed: the reason, and ways on (no empty card form); nothing is charged.
  await challenge.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByRole('alert')).toContainText('You were not charged.');
  await expect(page.locator('iframe[title^="Confirm the payment with your bank"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again with my bank' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Use another card' })).toHaveAttribute(
    'href',
    /^\/subscriptions\/cancel\?token=.+#card$/,
  );

  // Opened again by a guest (no session): the same ways on, and the retry asks the bank again.
  await page.screenshot({ path: testInfo.outputPath('confirm-failed-1280.png'), fullPage: true });
  const guest = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const guestPage = await guest.newPage();
  await guestPage.goto(confirmPath);
  await expect(guestPage.getByRole('alert')).toHaveText(CONFIRM_FAILED);
  await guestPage.screenshot({ path: testInfo.outputPath('confirm-failed-375.png'), fullPage: true });
  expect(await guestPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await guestPage.getByRole('button', { name: 'Try again with my bank' }).click();
  const guestChallenge = guestPage.frameLocator('iframe[title^="Confirm the payment with your bank"]');
  await expect(guestChallenge.getByRole('button', { name: 'Approve payment' })).toBeVisible();
  await expect(guestPage.getByRole('alert')).toHaveCount(0);
  await guest.close();

  // Back on the first page, its retry shows the challenge now awaiting the supporter.
  await page.getByRole('button', { name: 'Try again with my bank' }).click();
  await challenge.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByText(/is confirmed, and your monthly support to Confirm Collective continues/)).toBeVisible();

  const after = await supporterDashboard(page.request);
  expect(after.subscriptions.find((s) => s.id === subscription?.id)).toMatchObject({ status: 'active' });
  expect(after.history.filter((h) => h.creatorUsername === username).map((h) => h.amountCents)).toEqual([800, 800]);

  // The same link again: the month is paid, nothing more to confirm.
  await page.goto(confirmPath);
  await expect(page.getByRole('alert')).toHaveText(/This payment is already confirmed/);
  await page.goto('/supporter-dashboard?tab=creators');
  await expect(card).toBeVisible();
  await expect(card.getByText('Needs your confirmation')).toHaveCount(0);
});
