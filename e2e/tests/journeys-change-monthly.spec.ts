import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { renewalClock, runJob, supporterDashboard, unique } from './support/journeys';
import { payThroughSandbox } from './support/sandbox-card';
import { expect, test } from './support/test';
import { csrf } from './support/csrf';

/*
 * Changing a monthly support (issue 31, item 4): a supporter raises their monthly amount from My Missions,
 * is told from when it applies, both sides get an email, and the next renewal charges the new amount.
 * A guest moves up to one of the creator's tiers from the link in their receipt, once confirmed from the email it
 * sends (issue 40), and down at once.
 * Named as a journey so it runs after every other spec: its renewal run's clock is a month ahead and renews
 * every due subscription on the server. It makes its own creator (the PostgreSQL servers start empty).
 */

/** A creator with a public profile (the four default tiers), made through the API in a context of its own. */
async function makeCreator(request: APIRequestContext) {
  const stamp = unique();
  const username = `change_${stamp}`;
  const email = `e2e-change-creator-${stamp}@example.com`;
  const password = 'creator password 123';
  const signUp = await request.post('/api/auth/sign-up', {
    headers: csrf,
    data: { name: 'Chen Creator', email, password, confirmPassword: password, role: 'creator' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const profile = await request.post('/api/creator-profile', {
    headers: csrf,
    data: { displayName: 'Change Collective', username, bio: 'Monthly support, changed.', creatorType: 'other' },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  return { username, email };
}

/** The text of the newest email to `to` whose subject starts with `subject`, once it is in the dev mailbox. */
async function mailText(page: Page, to: string, subject: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/api/dev/mailbox')).json()) as {
          messages: Array<{ id: string; to: string; subject: string }>;
        };
        const message = list.messages.find((m) => m.to === to && m.subject.startsWith(subject));
        if (!message) return '';
        text = ((await (await page.request.get(`/api/dev/mailbox/${message.id}`)).json()) as { text: string }).text;
        return text;
      },
      { message: `the email "${subject}" to ${to}` },
    )
    .not.toBe('');
  return text;
}

test('a supporter raises a monthly support from My Missions; the next renewal charges the new amount', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const creatorContext = await browser.newContext();
  const creator = await makeCreator(creatorContext.request);
  await creatorContext.close();
  const email = `e2e-change-${unique()}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up', {
    headers: csrf,
    data: {
      name: 'Cam Changer',
      email,
      password: 'change me 12345',
      confirmPassword: 'change me 12345',
      role: 'supporter',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await payThroughSandbox(page.request, creator.username, {
    amount: 8,
    email,
    name: 'Cam Changer',
    message: '',
    isAnonymous: false,
    isRecurring: true,
    tierPosition: null,
    idempotencyKey: randomUUID(),
  });

  await page.goto('/supporter-dashboard?tab=creators');
  const card = page
    .getByRole('region', { name: 'Missions you support' })
    .getByRole('article')
    .filter({ hasText: 'Change Collective' });
  await expect(card).toContainText('$8.00/month.');
  await card.getByRole('button', { name: 'Change amount' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change monthly support' });
  const options = dialog.getByRole('group', { name: 'New monthly amount' });
  await expect(options.getByRole('radio', { name: 'Another amount' })).toBeChecked();
  await expect(dialog).toContainText('The month you already paid for does not change.');
  await page.screenshot({ path: testInfo.outputPath('change-dialog-1280.png') });

  // A mistake first: the field says why, nothing is sent.
  const amount = dialog.getByLabel('Amount per month');
  await amount.fill('12.50');
  await dialog.getByRole('button', { name: 'Change monthly support' }).click();
  await expect(dialog.getByText('Amount must be a whole number of dollars')).toBeVisible();
  await amount.fill('12');
  await dialog.getByRole('button', { name: 'Change monthly support' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Your monthly support to Change Collective is now \$12\.00\/month\./)).toBeVisible();
  await expect(card).toContainText('$12.00/month.');

  const supporterMail = await mailText(page, email, 'Monthly support to Change Collective changed');
  expect(supporterMail).toContain('$12.00 a month, instead of $8.00 a month');
  const creatorMail = await mailText(page, creator.email, 'Cam Changer changed their monthly support');
  expect(creatorMail).toContain('raised their monthly support from $8.00 a month to $12.00 a month');

  // The renewal job, a month on: the new amount is charged.
  const subscription = (await supporterDashboard(page.request)).subscriptions.find(
    (s) => s.creatorUsername === creator.username,
  );
  await runJob(page.request, 'renewals', renewalClock(subscription?.currentPeriodEnd));
  const after = await supporterDashboard(page.request);
  expect(after.history.filter((h) => h.creatorUsername === creator.username).map((h) => h.amountCents)).toEqual([
    1200, 800,
  ]);

  // The narrow screen: the dialog fits.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/supporter-dashboard?tab=creators');
  await card.getByRole('button', { name: 'Change amount' }).click();
  await expect(options).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('change-dialog-375.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a guest moves up to one of the creator’s tiers from the link in their receipt, once confirmed by email', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const creatorContext = await browser.newContext();
  const creator = await makeCreator(creatorContext.request);
  await creatorContext.close();
  const email = `e2e-change-guest-${unique()}@example.com`;
  await payThroughSandbox(page.request, creator.username, {
    amount: 8,
    email,
    name: 'Gus Guest',
    message: '',
    isAnonymous: false,
    isRecurring: true,
    tierPosition: null,
    idempotencyKey: randomUUID(),
  });
  const receipt = await mailText(page, email, 'Receipt: ');
  const link = /https?:\/\/\S+\/subscriptions\/cancel\?token=\S+/.exec(receipt)?.[0] ?? '';
  expect(link).not.toBe('');
  const linkPath = `${new URL(link).pathname}${new URL(link).search}`;
  await page.goto(linkPath);
  const section = page.getByRole('region', { name: 'Change the amount' });
  await section.getByRole('radio', { name: 'True Believer: $25.00/month' }).check();
  await page.screenshot({ path: testInfo.outputPath('change-link-1280.png'), fullPage: true });
  await section.getByRole('button', { name: 'Change monthly support' }).click();
  // A raise through the link changes nothing until it is confirmed from the address on file.
  await expect(section.getByRole('status')).toHaveText(
    'We sent a confirmation link to e***@example.com. The new amount starts once you confirm.',
  );
  await expect(page.getByRole('main')).toContainText('$8.00/month');

  const confirmation = await mailText(page, email, 'Confirm your new monthly amount');
  expect(confirmation).toContain('from $8.00 a month to $25.00 a month (True Believer)');
  const confirmLink = /https?:\/\/\S+\/subscriptions\/confirm-change\?token=\S+/.exec(confirmation)?.[0] ?? '';
  expect(confirmLink).not.toBe('');
  const confirmPath = `${new URL(confirmLink).pathname}${new URL(confirmLink).search}`;
  await page.goto(confirmPath);
  await page.getByRole('button', { name: 'Confirm the new amount' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    /Your monthly support to Change Collective is now \$25\.00\/month\. The new amount is first charged at your next renewal, on /,
  );
  // Used once.
  await page.reload();
  await page.getByRole('button', { name: 'Confirm the new amount' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This confirmation link is not valid any more');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(linkPath);
  await expect(page.getByRole('main')).toContainText('$25.00/month');
  await expect(section.getByRole('radio', { name: 'True Believer: $25.00/month' })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('change-link-375.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Lowering through the link changes at once.
  await section.getByRole('radio', { name: 'Fuel the Journey: $15.00/month' }).check();
  await section.getByRole('button', { name: 'Change monthly support' }).click();
  await expect(page.getByRole('main').getByRole('status').first()).toContainText(
    /Your monthly support to Change Collective is now \$15\.00\/month\. The new amount is first charged/,
  );
});
