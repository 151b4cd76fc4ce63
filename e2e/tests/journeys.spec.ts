import { killInstanceMidJourney } from './support/cluster';
import { expect, test } from './support/test';
import {
  at,
  creatorDashboard,
  expectPaidOnceByTwoPayoutRuns,
  otherPair,
  renewalClock,
  runJob,
  startJourney,
  startWebhookReceiver,
  supporterDashboard,
  usd,
  verifyWebhookSignature,
  webhookEvent,
  type ReceivedWebhook,
  type WebhookReceiver,
} from './support/journeys';
import { fillSandboxCard } from './support/sandbox-card';
import { csrf } from './support/csrf';

/*
 * One story across every area, with the mouse, over the composed production build and the real API
 * (run on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set): a creator signs up, onboards,
 * adds a webhook endpoint pointing at a receiver this spec runs, and copies the profile link; a visitor
 * opens it and supports one-off and monthly, and the receiver gets both signed support.created events;
 * the creator's dashboard and analytics show both; the visitor signs up with the same email, verifies it
 * from the development mailbox, sees both supports, pauses the monthly one (the creator sees it paused, a
 * signed subscription.paused arrives), resumes it and then cancels it; the creator refunds part of the
 * one-off support (the balance goes down by the refund less the platform fee returned, the supporter sees
 * it, a signed support.refunded arrives); the renewal job a month later charges only the active
 * subscription (another pair's); the payout job, run twice, pays the creator their net once.
 *
 * The figures, from shared/src/money/fees.ts (platform 5% rounded up; processing 2.9% rounded up + 30c):
 * $12 nets 1200 - 60 - 65 = 1075c, $8 nets 800 - 40 - 54 = 706c, 1781c in all. Refunding $5 of the $12
 * returns round(60 * 500 / 1200) = 25c of platform fee, so 500 - 25 = 475c comes off the creator:
 * 1306c left to pay out, and 1500c gross.
 */
const NET_BEFORE_REFUND_CENTS = 1_075 + 706;
const REFUND_CENTS = 500;
const REFUND_CREATOR_DEBIT_CENTS = REFUND_CENTS - 25;
const NET_AFTER_REFUND_CENTS = NET_BEFORE_REFUND_CENTS - REFUND_CREATOR_DEBIT_CENTS;

// A long story: one step that cannot act fails within this, not at the end of the whole test's time.
test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

// Where the creator's webhook endpoint points (http://127.0.0.1:<port>/hooks): started before the story, closed after it.
let receiver: WebhookReceiver | undefined;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});

/** Deliveries are asynchronous (the server's webhook job): the poll waits for them, up to this long. */
const DELIVERY_TIMEOUT = 30_000;

test('a creator gets supported one-off and monthly, the supporter pauses, resumes and cancels, the creator refunds, renewals and payouts do the rest', async ({
  browser,
  baseURL,
}) => {
  // Five minutes were the bound before issue 18's steps; the webhook endpoint, the pause and resume and
  // the refund add a third more steps, and four delivery polls of up to DELIVERY_TIMEOUT each on a busy
  // machine (the whole journey took 32-36 s on this 2-core machine; the bound is for a loaded one).
  test.setTimeout(420_000);
  const {
    username,
    creatorEmail,
    supporterEmail,
    password,
    creatorContext,
    creator,
    visitorContext,
    visitor,
    operator,
  } = await startJourney(browser, baseURL, 'journey');
  let profileLink = '';
  // The clock of the renewal run, "a month later"; the payout run comes on the Tuesday after it.
  let renewedAt = new Date(Number.NaN);
  // The endpoint's signing secret, shown once when it is added.
  let secret = '';
  const hooks = () => {
    if (!receiver) throw new Error('the webhook receiver did not start');
    return receiver;
  };
  /** What the receiver got at /hooks of one event type. */
  const delivered = (type: string) =>
    hooks().received.filter((hook) => hook.path === '/hooks' && hook.headers['beabro-event-type'] === type);
  /** Each one is signed with the endpoint's secret (and not with any other), and its id header names the event. */
  const expectSigned = (events: ReceivedWebhook[]) => {
    for (const hook of events) {
      expect(
        verifyWebhookSignature(secret, hook.headers['beabro-signature'], hook.body),
        `signature of ${hook.body}`,
      ).toBe(true);
      expect(verifyWebhookSignature(`${secret}x`, hook.headers['beabro-signature'], hook.body)).toBe(false);
      expect(hook.headers['beabro-event-id']).toBe(webhookEvent(hook).id);
    }
  };

  await test.step('the creator signs up and onboards', async () => {
    await creator.goto('/');
    await creator.getByRole('banner').getByRole('link', { name: 'Be a Bro', exact: true }).click();
    await expect(creator).toHaveURL(at('/auth?mode=signup&role=creator&next=/create'));
    await expect(creator.getByRole('radio', { name: /Mission Builder/ })).toBeChecked();
    await creator.getByLabel('Full Name').fill('Jordan Journey');
    await creator.getByLabel('Email').fill(creatorEmail);
    await creator.getByLabel('Password', { exact: true }).fill(password);
    await creator.getByLabel('Confirm Password').fill(password);
    await creator.getByRole('button', { name: 'Create Account' }).click();

    await expect(creator).toHaveURL(at('/create'));
    await expect(creator.getByText('Step 1 of 3')).toBeVisible();
    await creator.getByLabel('Display Name').fill('Jordan Journey');
    await creator.getByLabel('Username').fill(username);
    await expect(creator.getByText('Username is available!')).toBeVisible();
    await creator.getByLabel('Bio').fill('Walking every trail in the country and filming it.');
    await creator.getByLabel('Creator Type').selectOption({ label: 'Artist/Creative' });
    await creator.getByRole('button', { name: 'Continue' }).click();
    await expect(creator.getByText('Step 2 of 3')).toBeVisible();
    await creator.getByLabel('YouTube').fill('jordanjourney');
    await creator.getByRole('button', { name: 'Continue' }).click();
    await expect(creator.getByText('Step 3 of 3')).toBeVisible();
    await creator.getByLabel('Goal Title').fill('New hiking boots');
    await creator.getByLabel('Goal Amount').fill('300');
    // Somewhere payouts do not reach yet: the dashboard says they are held, and links to the setting.
    await creator.getByLabel('Payout country').selectOption('NZ');
    await creator.getByRole('button', { name: 'Launch Your Mission' }).click();
    await expect(creator).toHaveURL(at(`/${username}`));
    await expect(creator.getByRole('heading', { level: 1, name: 'Jordan Journey' })).toBeVisible();
  });

  await test.step('the creator sets a payout country in settings', async () => {
    await creator.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(creator).toHaveURL(at('/dashboard'));
    const held = creator.getByRole('region', { name: 'Your payouts are held' });
    await expect(held).toContainText('New Zealand is not a supported payout country yet');
    await held.getByRole('link', { name: 'Change your payout country' }).click();
    await expect(creator).toHaveURL(at('/settings?tab=support'));
    await creator.getByLabel('Country', { exact: true }).selectOption({ label: 'United States (payouts available)' });
    await creator.getByRole('button', { name: 'Save Changes' }).click();
    await expect(creator.getByText(/Support settings saved\./)).toBeVisible();
  });

  await test.step('the creator adds a webhook endpoint and keeps its secret', async () => {
    await creator.getByRole('tab', { name: 'Integrations' }).click();
    await expect(creator).toHaveURL(at('/settings?tab=integrations'));
    await expect(creator.getByRole('heading', { level: 2, name: 'Integrations' })).toBeVisible();
    const hookUrl = `${hooks().origin}/hooks`;
    await creator.getByLabel('Endpoint URL').fill(hookUrl);
    await creator.getByLabel('Description (optional)').fill('My journey log');
    const form = creator.getByRole('form', { name: 'Add a webhook endpoint' });
    await expect(form.getByRole('checkbox', { name: /^support\.created\b/ })).toBeChecked();
    for (const type of ['support.refunded', 'subscription.paused', 'subscription.canceled'])
      await form.getByRole('checkbox', { name: new RegExp(`^${type.replace('.', '\\.')}\\b`) }).check();
    await creator.getByRole('button', { name: 'Add endpoint' }).click();
    secret = (await creator.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await creator.getByRole('button', { name: 'I saved it' }).click();
    await expect(creator.getByTestId('webhook-secret')).toHaveCount(0);
    const card = creator.getByRole('region', { name: `Webhook endpoint ${hookUrl}` });
    await expect(card).toContainText('No deliveries yet');
    const endpoints = (await (await creator.request.get('/api/creator/webhooks/endpoints')).json()) as {
      endpoints: Array<{ url: string; events: string[] }>;
    };
    expect(endpoints.endpoints).toEqual([
      expect.objectContaining({
        url: hookUrl,
        events: ['support.created', 'support.refunded', 'subscription.paused', 'subscription.canceled'],
      }),
    ]);
  });

  await test.step('the creator copies the profile link from the dashboard', async () => {
    await creator.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(creator.getByRole('heading', { level: 1, name: 'Welcome, Jordan Journey!' })).toBeVisible();
    await creator.getByRole('button', { name: 'Copy Link' }).click();
    await expect(creator.getByRole('status').filter({ hasText: 'Link copied to your clipboard.' })).toBeVisible();
    profileLink = await creator.evaluate(() => navigator.clipboard.readText());
    expect(profileLink).toBe(`${baseURL}/${username}`);
  });

  await test.step('a visitor opens the link and supports one-off, then monthly', async () => {
    await visitor.goto(profileLink);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Jordan Journey' })).toBeVisible();
    for (const { amount, monthly, message } of [
      { amount: 12, monthly: false, message: 'For the boots!' },
      { amount: 8, monthly: true, message: 'Every month, keep walking.' },
    ]) {
      await visitor.getByRole('link', { name: 'Support Jordan Journey' }).first().click();
      await expect(visitor).toHaveURL(at(`/${username}/support`));
      await visitor.getByLabel('Custom Amount').fill(String(amount));
      if (monthly) await visitor.getByRole('checkbox', { name: 'Make this a monthly support' }).check();
      await visitor.getByLabel('Name (optional)').fill('Riley Roamer');
      await visitor.getByLabel('Email', { exact: true }).fill(supporterEmail);
      await visitor.getByLabel('Message (optional)').fill(message);
      await fillSandboxCard(visitor, '4242 4242 4242 4242');
      await visitor.getByRole('button', { name: `Support with $${amount}${monthly ? '/month' : ''}` }).click();
      await expect(visitor.getByText('Thank you for supporting Jordan Journey!')).toBeVisible();
      await expect(visitor).toHaveURL(new RegExp(`/${username}(\\?supported=true)?$`));
      await expect(visitor.getByRole('region', { name: 'Recent Support' }).getByRole('listitem').first()).toContainText(
        message,
      );
    }
  });

  await test.step('the receiver gets a signed support.created event for each support', async () => {
    await expect.poll(() => delivered('support.created').length, { timeout: DELIVERY_TIMEOUT }).toBe(2);
    const events = delivered('support.created');
    expectSigned(events);
    const supports = events.map(
      (hook) =>
        (
          webhookEvent(hook).data as {
            support: { id: string; amountCents: number; isRecurring: boolean; supporterName: string | null };
          }
        ).support,
    );
    expect(
      supports.map((s) => `${s.amountCents} ${s.isRecurring ? 'monthly' : 'one-off'} ${s.supporterName}`).sort(),
    ).toEqual(['1200 one-off Riley Roamer', '800 monthly Riley Roamer']);
    // The same supports the creator's dashboard lists.
    const ids = (await creatorDashboard(creator.request)).recentSupports.map((s) => s.id).sort();
    expect(supports.map((s) => s.id).sort()).toEqual(ids);
  });

  // Run through the cluster (the cluster-journey project), one API instance is SIGKILLed here: the rest of
  // the story goes through the other, and cluster.spec.ts then checks that nothing was lost.
  await killInstanceMidJourney(test.info());

  await test.step("the creator's dashboard and analytics show both supports", async () => {
    await creator.reload();
    const recent = creator.getByRole('region', { name: 'Recent Support' }).getByRole('listitem');
    await expect(recent).toHaveCount(2);
    await expect(recent.filter({ hasText: '$12.00' })).toContainText('For the boots!');
    await expect(recent.filter({ hasText: '$8.00' })).toContainText('Monthly');
    const figures = creator.getByRole('region', { name: 'Your figures' });
    await expect(figures).toContainText('$20.00');
    const api = await creatorDashboard(creator.request);
    expect(api).toMatchObject({
      totalEarnings: { grossCents: 2_000, netCents: NET_BEFORE_REFUND_CENTS },
      totalSupporters: 1,
      recurringSupports: 1,
    });
    await expect(figures).toContainText(`You keep ${usd(api.totalEarnings.netCents)} after fees`);

    await creator.getByRole('link', { name: 'View All' }).click();
    await expect(creator).toHaveURL(/\/analytics/);
    const summary = creator.getByRole('region', { name: 'Summary' });
    const stat = (label: string) =>
      summary.getByRole('article').filter({ has: creator.getByText(label, { exact: true }) });
    await expect(stat('Earnings')).toContainText('$20.00');
    await expect(stat('Supports')).toContainText(/^Supports2\W*Average \$10\.00; 1 monthly$/);
    await expect(stat('Supporters')).toContainText(/^Supporters11 new; none the period before$/);
    await expect(creator.getByText('Riley Roamer supported you with $12.00', { exact: true })).toBeVisible();
    await expect(creator.getByText('Riley Roamer supported you with $8.00 a month', { exact: true })).toBeVisible();
  });

  await test.step('the visitor signs up with the same email: the guest supports wait for verification', async () => {
    await visitor.goto('/');
    await visitor.getByRole('banner').getByRole('link', { name: 'Join as Supporter' }).click();
    await expect(visitor.getByRole('radio', { name: /Supporter/ })).toBeChecked();
    await visitor.getByLabel('Full Name').fill('Riley Roamer');
    await visitor.getByLabel('Email').fill(supporterEmail);
    await visitor.getByLabel('Password', { exact: true }).fill(password);
    await visitor.getByLabel('Confirm Password').fill(password);
    await visitor.getByRole('button', { name: 'Create Account' }).click();
    await expect(visitor).toHaveURL(at('/supporter-dashboard'));
    await expect(visitor.getByRole('heading', { level: 1, name: 'Welcome, Riley!' })).toBeVisible();
    await expect(visitor.getByRole('region', { name: 'Email verification' })).toContainText(
      'Verify your email to see supports you made as a guest with it',
    );
    expect((await supporterDashboard(visitor.request)).history).toEqual([]);
  });

  await test.step('the supporter verifies the email from the development mailbox', async () => {
    await visitor.goto('/dev/mailbox');
    await visitor
      .getByRole('row')
      .filter({ hasText: supporterEmail })
      .getByRole('link', { name: 'Verify your email for Be a Bro' })
      .click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Verify your email for Be a Bro' })).toBeVisible();
    await visitor
      .locator('pre')
      .getByRole('link', { name: /\/verify-email\?token=/ })
      .click();
    await expect(visitor).toHaveURL(/\/verify-email\?token=/);
    await visitor.getByRole('button', { name: 'Verify my email' }).click();
    await expect(visitor.getByText('Your email is verified. Thanks!')).toBeVisible();
    await visitor.getByRole('link', { name: 'Go to my dashboard' }).click();
    await expect(visitor).toHaveURL(at('/supporter-dashboard'));
  });

  await test.step('the supporter sees both supports, pauses the monthly one and resumes it; the creator sees it paused in between', async () => {
    await expect(visitor.getByRole('region', { name: 'Email verification' })).toHaveCount(0);
    await visitor.getByRole('tab', { name: 'Support History' }).click();
    const rows = visitor.getByRole('list', { name: 'Supports' }).getByRole('button');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: '$12.00' })).toContainText('Jordan Journey');
    await expect(rows.filter({ hasText: '$8.00' })).toContainText('Jordan Journey');

    await visitor.getByRole('tab', { name: 'My Missions' }).click();
    const mission = visitor
      .getByRole('region', { name: 'Missions you support' })
      .getByRole('article')
      .filter({ hasText: 'Jordan Journey' });
    await expect(mission).toContainText('Monthly Support Active');
    await mission.getByRole('button', { name: 'Pause', exact: true }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Pause monthly support?' });
    await expect(dialog).toContainText(
      'Nothing is charged for your $8.00/month support to Jordan Journey while it is paused.',
    );
    await dialog.getByRole('radio', { name: 'Until I resume it' }).check();
    await dialog.getByRole('button', { name: 'Pause monthly support' }).click();
    await expect(dialog).toBeHidden();
    await expect(mission).toContainText('Nothing is charged until you resume it.');
    await expect(mission).not.toContainText('Monthly Support Active');
    const paused = (await supporterDashboard(visitor.request)).subscriptions.find(
      (s) => s.creatorUsername === username,
    );
    expect(paused).toMatchObject({ status: 'paused', cancelAtPeriodEnd: false });

    // The creator's dashboard counts it as paused, not as running.
    await creator.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(creator).toHaveURL(at('/dashboard'));
    // Opening the dashboard again fetches its figures (no reload): the pause made elsewhere shows.
    let month = creator.getByRole('region', { name: 'This Month' });
    await expect(month).toContainText('Paused monthly supports1');
    await expect(month).toContainText('Recurring supports0');
    expect(await creatorDashboard(creator.request)).toMatchObject({ pausedSupports: 1, recurringSupports: 0 });

    // A signed subscription.paused reaches the receiver.
    await expect.poll(() => delivered('subscription.paused').length, { timeout: DELIVERY_TIMEOUT }).toBe(1);
    expectSigned(delivered('subscription.paused'));
    const [pausedEvent] = delivered('subscription.paused').map(
      (hook) =>
        webhookEvent(hook).data as {
          subscription: { id: string; status: string; amountCents: number };
          resumesAt: string | null;
        },
    );
    expect(pausedEvent).toMatchObject({
      subscription: { id: paused?.id, status: 'paused', amountCents: 800 },
      resumesAt: null,
    });

    // The supporter resumes it: running again, for the creator too.
    await mission.getByRole('button', { name: 'Resume' }).click();
    await expect(visitor.getByText(/Monthly support to Jordan Journey resumed\. Next charge on /)).toBeVisible();
    await expect(mission).toContainText('Monthly Support Active');
    await creator.reload();
    month = creator.getByRole('region', { name: 'This Month' });
    await expect(month).toContainText('Paused monthly supports0');
    await expect(month).toContainText('Recurring supports1');
    expect(await creatorDashboard(creator.request)).toMatchObject({ pausedSupports: 0, recurringSupports: 1 });
  });

  await test.step('the supporter cancels the monthly support', async () => {
    const mission = visitor
      .getByRole('region', { name: 'Missions you support' })
      .getByRole('article')
      .filter({ hasText: 'Jordan Journey' });
    await expect(mission).toContainText('Monthly Support Active');
    await expect(mission).toContainText('$8.00/month. Next charge on');
    await mission.getByRole('button', { name: 'Cancel monthly support' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Cancel monthly support?' });
    await dialog.getByRole('button', { name: 'Cancel monthly support' }).click();
    await expect(dialog).toBeHidden();
    await expect(mission).toContainText('Ends on');
    await expect(mission).not.toContainText('Monthly Support Active');
    const subscription = (await supporterDashboard(visitor.request)).subscriptions.find(
      (s) => s.creatorUsername === username,
    );
    expect(subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    // A signed subscription.canceled reaches the receiver: the supporter canceled it, it ends with its paid month.
    await expect.poll(() => delivered('subscription.canceled').length, { timeout: DELIVERY_TIMEOUT }).toBe(1);
    expectSigned(delivered('subscription.canceled'));
    const [canceledEvent] = delivered('subscription.canceled').map(
      (hook) => webhookEvent(hook).data as { subscription: { id: string }; reason: string; endsAt: string },
    );
    expect(canceledEvent).toMatchObject({ subscription: { id: subscription?.id }, reason: 'canceled_by_supporter' });
    expect(Date.parse(canceledEvent?.endsAt ?? '')).toBe(Date.parse(subscription?.currentPeriodEnd ?? ''));
  });

  await test.step('the creator refunds part of the one-off support; the balance and the supporter show it', async () => {
    const recent = creator.getByRole('region', { name: 'Recent Support' });
    const balance = creator
      .getByRole('region', { name: 'Payouts' })
      .getByText('Balance not yet paid out')
      .locator('..');
    const before = await creatorDashboard(creator.request);
    expect(before.balanceCents).toBe(NET_BEFORE_REFUND_CENTS);
    await expect(balance).toContainText(usd(NET_BEFORE_REFUND_CENTS));
    const oneOff = before.recentSupports.find((s) => s.amountCents === 1_200);

    await recent.getByRole('button', { name: 'Refund the $12.00 support from Riley Roamer' }).click();
    const dialog = creator.getByRole('dialog', { name: 'Refund support' });
    const amount = dialog.getByLabel('Amount to refund (USD)');
    await expect(amount).toHaveValue('12.00');
    await amount.fill(String(REFUND_CENTS / 100));
    await dialog.getByLabel('Reason').selectOption({ label: 'Requested by the supporter' });
    await dialog.getByLabel('Note to the supporter (optional)').fill('Part of it was meant for someone else.');
    await expect(dialog).toContainText(`Back to the supporter${usd(REFUND_CENTS)}`);
    await expect(dialog).toContainText(
      `Platform fee we return to you${usd(REFUND_CENTS - REFUND_CREATOR_DEBIT_CENTS)}`,
    );
    await expect(dialog).toContainText(`Comes off your balance${usd(REFUND_CREATOR_DEBIT_CENTS)}`);
    await dialog.getByRole('button', { name: `Refund ${usd(REFUND_CENTS)}` }).click();
    await expect(creator.getByText(`Refunded ${usd(REFUND_CENTS)} to Riley Roamer.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(recent.getByRole('listitem').filter({ hasText: 'For the boots!' })).toContainText(
      `Partially refunded ${usd(REFUND_CENTS)}`,
    );
    await expect(balance).toContainText(usd(NET_AFTER_REFUND_CENTS));
    const after = await creatorDashboard(creator.request);
    expect(after).toMatchObject({
      balanceCents: NET_AFTER_REFUND_CENTS,
      totalEarnings: { grossCents: 2_000 - REFUND_CENTS, netCents: NET_AFTER_REFUND_CENTS },
    });
    expect(before.balanceCents - after.balanceCents).toBe(REFUND_CREATOR_DEBIT_CENTS);
    expect(after.recentSupports.find((s) => s.id === oneOff?.id)).toMatchObject({
      amountCents: 1_200,
      refundedCents: REFUND_CENTS,
    });

    // A signed support.refunded reaches the receiver.
    await expect.poll(() => delivered('support.refunded').length, { timeout: DELIVERY_TIMEOUT }).toBe(1);
    expectSigned(delivered('support.refunded'));
    const [refundedEvent] = delivered('support.refunded').map(
      (hook) => webhookEvent(hook).data as { support: { id: string }; refund: { amountCents: number } },
    );
    expect(refundedEvent).toMatchObject({ support: { id: oneOff?.id }, refund: { amountCents: REFUND_CENTS } });

    // The supporter, coming back to their dashboard, sees it in their history.
    await visitor.reload();
    await visitor.getByRole('tab', { name: 'Support History' }).click();
    await expect(
      visitor
        .getByRole('list', { name: 'Supports' })
        .getByRole('button', { name: /^Jordan Journey, .*Refunded \$5\.00 of \$12\.00, \$12\.00: view receipt$/ }),
    ).toBeVisible();
    expect((await supporterDashboard(visitor.request)).history.find((h) => h.amountCents === 1_200)).toMatchObject({
      refundedCents: REFUND_CENTS,
    });
    await visitor.getByRole('tab', { name: 'My Missions' }).click();
  });

  // Another creator with a guest's active monthly support: the renewal must charge it, and only it.
  const otherCreatorContext = await browser.newContext();
  await otherPair(otherCreatorContext.request, (await browser.newContext()).request, { amount: 9 });

  await test.step('a month later the renewal job charges the active subscription, not the canceled one', async () => {
    const subscription = (await supporterDashboard(visitor.request)).subscriptions.find(
      (s) => s.creatorUsername === username,
    );
    renewedAt = renewalClock(subscription?.currentPeriodEnd);
    const run = await runJob(operator, 'renewals', renewedAt);
    expect(run.result).toMatchObject({ errors: 0 });
    expect(Number(run.result.renewed)).toBeGreaterThanOrEqual(1);
    expect(Number(run.result.ended)).toBeGreaterThanOrEqual(1);

    // The other creator was charged again: $9 twice, the second a renewal.
    const otherDashboard = await creatorDashboard(otherCreatorContext.request);
    expect(otherDashboard.totalEarnings.grossCents).toBe(1_800);
    expect(otherDashboard.recentSupports.map((s) => `${s.amountCents}${s.isRenewal ? ' renewal' : ''}`).sort()).toEqual(
      ['900', '900 renewal'],
    );

    // Our creator was not: still the two supports of the visitor (less the refund).
    const ours = await creatorDashboard(creator.request);
    expect(ours.totalEarnings).toEqual({ grossCents: 2_000 - REFUND_CENTS, netCents: NET_AFTER_REFUND_CENTS });
    expect(ours.recentSupports).toHaveLength(2);
    await creator.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(creator.getByRole('region', { name: 'Recent Support' }).getByRole('listitem')).toHaveCount(2);

    // The supporter's monthly support has ended (it leaves the running ones), with no new charge.
    await visitor.reload();
    const mission = visitor
      .getByRole('region', { name: 'Missions you support' })
      .getByRole('article')
      .filter({ hasText: 'Jordan Journey' });
    await expect(mission).toContainText('Total supported$20.00');
    await expect(mission).not.toContainText('/month');
    await expect(mission.getByRole('button', { name: 'Cancel monthly support' })).toHaveCount(0);
    const after = await supporterDashboard(visitor.request);
    expect(after.history).toHaveLength(2);
    expect(after.subscriptions.filter((s) => s.creatorUsername === username)).toEqual([]);
    await visitor.getByRole('tab', { name: 'Support History' }).click();
    await expect(visitor.getByRole('list', { name: 'Supports' }).getByRole('button')).toHaveCount(2);
  });

  await test.step('the payout job, run twice on a Tuesday, pays the creator once', async () => {
    const netCents = await expectPaidOnceByTwoPayoutRuns(operator, creator.request, renewedAt);
    // The full net: both supports' net less what the refund took off.
    expect(netCents).toBe(NET_AFTER_REFUND_CENTS);
    await creator.reload();
    const card = creator.getByRole('region', { name: 'Payouts', exact: true });
    const history = card.getByRole('table').getByRole('row');
    await expect(history).toHaveCount(2);
    await expect(history.nth(1)).toContainText(usd(netCents));
    await expect(history.nth(1)).toContainText('Paid');
    await expect(card.getByText('Balance not yet paid out').locator('..')).toContainText('$0.00');
  });

  // The session ends cleanly for both people.
  expect((await creator.request.post('/api/auth/sign-out', { headers: csrf })).status()).toBeLessThan(300);
  await otherCreatorContext.close();
  await visitorContext.close();
  await creatorContext.close();
});
