import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { DAY_MS, runJob, unique } from './support/journeys';
import { fillSandboxCard, payThroughSandbox } from './support/sandbox-card';
import { expect, test } from './support/test';
import { csrf } from './support/csrf';

/*
 * A failed renewal recovered from its email (issue 31 item 4): a guest's monthly support paid with the sandbox's
 * card that declines renewals, the renewal job fails it (Retrying), the email's "Update card and retry" link opens
 * the receipt link page at its card section signed out, a new card typed in the provider's frame (setup mode) is
 * charged at once and the support is active again; the next renewal is charged to the new card.
 * Named as a journey so it runs with the journeys, after every other spec: its renewal runs' clocks are one and two
 * months ahead and renew every due subscription on the server. It makes its own creator (the servers on PostgreSQL
 * start with an empty database).
 */

const DECLINES_RENEWALS_CARD = '4000 0000 0000 0341';
const NEW_CARD = '5555 5555 5555 4444';

async function makeCreator(request: APIRequestContext) {
  const stamp = unique();
  const username = `newcard_${stamp}`;
  const password = 'creator password 123';
  const signUp = await request.post('/api/auth/sign-up', {
    headers: csrf,
    data: {
      name: 'Nina Newcard',
      email: `e2e-newcard-creator-${stamp}@example.com`,
      password,
      confirmPassword: password,
      role: 'creator',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const profile = await request.post('/api/creator-profile', {
    headers: csrf,
    data: { displayName: 'Card Collective', username, bio: 'Monthly support, new card.', creatorType: 'other' },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  return username;
}

/** The newest email to `to` whose subject starts with `subject`, as text (polled: the outbox sends it). */
async function mailText(request: APIRequestContext, to: string, subject: string, count = 1): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const list = (await (await request.get('/api/dev/mailbox')).json()) as {
          messages: Array<{ id: string; to: string; subject: string }>;
        };
        const found = list.messages.filter((m) => m.to === to && m.subject.startsWith(subject));
        if (found.length < count || !found[0]) return 0;
        text = ((await (await request.get(`/api/dev/mailbox/${found[0].id}`)).json()) as { text: string }).text;
        return found.length;
      },
      { message: `${count} email(s) "${subject}" to ${to}` },
    )
    .toBeGreaterThanOrEqual(count);
  return text;
}

test('a renewal that failed is recovered from the email link with a new card, and the next renewal charges it', async ({
  page,
  browser,
}) => {
  test.slow();
  const creatorContext = await browser.newContext();
  const username = await makeCreator(creatorContext.request);
  await creatorContext.close();
  const email = `e2e-newcard-${unique()}@example.com`;
  await payThroughSandbox(
    page.request,
    username,
    {
      amount: 6,
      email,
      name: 'Rita Renewal',
      message: '',
      isAnonymous: false,
      isRecurring: true,
      tierPosition: null,
      idempotencyKey: randomUUID(),
    },
    DECLINES_RENEWALS_CARD,
  );

  // A month later the renewal is declined: retried later, and the supporter is emailed a way out.
  const firstRenewal = new Date(Date.now() + 33 * DAY_MS);
  await runJob(page.request, 'renewals', firstRenewal);
  const failed = await mailText(page.request, email, 'Your monthly support to Card Collective could not be renewed');
  const link = /Update card and retry: (https?:\/\/\S+#card)/.exec(failed)?.[1];
  expect(link, failed).toBeTruthy();
  const url = new URL(link ?? '');

  // Signed out, the link opens the receipt page at its card section.
  await page.goto(`${url.pathname}${url.search}${url.hash}`);
  await expect(page.getByText(/Its last renewal could not be charged; we will try again on/)).toBeVisible();
  const section = page.getByRole('region', { name: 'Update your card' });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: 'Update card and retry' }).click();
  await fillSandboxCard(page, NEW_CARD);
  await section.getByRole('button', { name: 'Save card and retry the payment' }).click();
  await expect(
    page.getByText(
      'Card saved: your Mastercard ending in 4444 was charged and your monthly support to Card Collective is active again.',
    ),
  ).toBeVisible();
  // Active again: the page now offers to replace the card, pause or cancel, and the retry is gone.
  await expect(page.getByRole('heading', { name: 'Replace your card' })).toBeVisible();
  await expect(page.getByText(/Its last renewal could not be charged/)).toHaveCount(0);

  // The retried month's receipt names the new card; so does the next renewal's.
  const receipt = await mailText(page.request, email, 'Receipt: your monthly support of $6.00 to Card Collective');
  expect(receipt).toContain('Mastercard ending in 4444');
  await mailText(page.request, email, 'Card changed for your monthly support to Card Collective');

  await runJob(page.request, 'renewals', new Date(firstRenewal.getTime() + 33 * DAY_MS));
  const next = await mailText(page.request, email, 'Receipt: your monthly support of $6.00 to Card Collective', 2);
  expect(next).toContain('Mastercard ending in 4444');
});
