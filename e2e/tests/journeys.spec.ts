import { expect, test } from './support/test';
import {
  at,
  creatorDashboard,
  expectPaidOnceByTwoPayoutRuns,
  csrf,
  otherPair,
  renewalClock,
  runJob,
  startJourney,
  supporterDashboard,
  usd,
} from '../journey-support';

/*
 * One story across every area, with the mouse, over the composed production build and the real API
 * (run on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set): a creator signs up, onboards
 * and copies the profile link; a visitor opens it and supports one-off and monthly; the creator's
 * dashboard and analytics show both; the visitor signs up with the same email, verifies it from the
 * development mailbox, sees both supports and cancels the monthly one; the renewal job a month later
 * charges only the active subscription (another pair's); the payout job, run twice, pays the creator once.
 */

// A long story: one step that cannot act fails within this, not at the end of the whole test's time.
test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

test('a creator gets supported one-off and monthly, the supporter cancels, renewals and payouts do the rest', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const { username, creatorEmail, supporterEmail, password, creatorContext, creator, visitorContext, visitor, operator } = await startJourney(browser, baseURL, 'journey');
  let profileLink = '';
  // The clock of the renewal run, "a month later"; the payout run comes on the Tuesday after it.
  let renewedAt = new Date(Number.NaN);

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

  await test.step('the creator copies the profile link from the dashboard', async () => {
    await creator.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(creator.getByRole('heading', { level: 1, name: 'Welcome back, Jordan Journey!' })).toBeVisible();
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
      await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
      await visitor.getByLabel('Expiry date').fill('12/34');
      await visitor.getByLabel('CVC').fill('123');
      await visitor.getByRole('button', { name: `Support with $${amount}${monthly ? '/month' : ''}` }).click();
      await expect(visitor.getByText('Thank you for supporting Jordan Journey!')).toBeVisible();
      await expect(visitor).toHaveURL(new RegExp(`/${username}(\\?supported=true)?$`));
      await expect(visitor.getByRole('region', { name: 'Recent Support' }).getByRole('listitem').first()).toContainText(message);
    }
  });

  await test.step("the creator's dashboard and analytics show both supports", async () => {
    await creator.reload();
    const recent = creator.getByRole('region', { name: 'Recent Support' }).getByRole('listitem');
    await expect(recent).toHaveCount(2);
    await expect(recent.filter({ hasText: '$12.00' })).toContainText('For the boots!');
    await expect(recent.filter({ hasText: '$8.00' })).toContainText('Monthly');
    const figures = creator.getByRole('region', { name: 'Your figures' });
    await expect(figures).toContainText('$20.00');
    const api = await creatorDashboard(creator.request);
    expect(api).toMatchObject({ totalEarnings: { grossCents: 2_000 }, totalSupporters: 1, recurringSupports: 1 });
    await expect(figures).toContainText(`You keep ${usd(api.totalEarnings.netCents)} after fees`);

    await creator.getByRole('link', { name: 'View All' }).click();
    await expect(creator).toHaveURL(/\/analytics/);
    const summary = creator.getByRole('region', { name: 'Summary' });
    const stat = (label: string) => summary.getByRole('article').filter({ has: creator.getByText(label, { exact: true }) });
    await expect(stat('Earnings')).toContainText('$20.00');
    await expect(stat('Supports')).toContainText(/^Supports2\W*Average \$10\.00; 1 monthly$/);
    await expect(stat('Supporters')).toContainText(/^Supporters1\W/);
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
    await expect(visitor.getByRole('heading', { level: 1, name: 'Welcome back, Riley!' })).toBeVisible();
    await expect(visitor.getByRole('region', { name: 'Email verification' })).toContainText('Verify your email to see supports you made as a guest with it');
    expect((await supporterDashboard(visitor.request)).history).toEqual([]);
  });

  await test.step('the supporter verifies the email from the development mailbox', async () => {
    await visitor.goto('/dev/mailbox');
    await visitor.getByRole('row').filter({ hasText: supporterEmail }).getByRole('link', { name: 'Verify your email for Be a Bro' }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Verify your email for Be a Bro' })).toBeVisible();
    await visitor.locator('pre').getByRole('link', { name: /\/verify-email\?token=/ }).click();
    await expect(visitor).toHaveURL(/\/verify-email\?token=/);
    await visitor.getByRole('button', { name: 'Verify my email' }).click();
    await expect(visitor.getByText('Your email is verified. Thanks!')).toBeVisible();
    await visitor.getByRole('link', { name: 'Go to my dashboard' }).click();
    await expect(visitor).toHaveURL(at('/supporter-dashboard'));
  });

  await test.step('the supporter sees both supports and cancels the monthly one', async () => {
    await expect(visitor.getByRole('region', { name: 'Email verification' })).toHaveCount(0);
    await visitor.getByRole('tab', { name: 'Support History' }).click();
    const rows = visitor.getByRole('list', { name: 'Supports' }).getByRole('button');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: '$12.00' })).toContainText('Jordan Journey');
    await expect(rows.filter({ hasText: '$8.00' })).toContainText('Jordan Journey');

    await visitor.getByRole('tab', { name: 'My Missions' }).click();
    const mission = visitor.getByRole('region', { name: 'Missions you support' }).getByRole('article').filter({ hasText: 'Jordan Journey' });
    await expect(mission).toContainText('Monthly Support Active');
    await expect(mission).toContainText('$8.00/month. Next charge on');
    await mission.getByRole('button', { name: 'Cancel monthly support' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Cancel monthly support?' });
    await dialog.getByRole('button', { name: 'Cancel monthly support' }).click();
    await expect(dialog).toBeHidden();
    await expect(mission).toContainText('Ends on');
    await expect(mission).not.toContainText('Monthly Support Active');
    const subscription = (await supporterDashboard(visitor.request)).subscriptions.find((s) => s.creatorUsername === username);
    expect(subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });

  // Another creator with a guest's active monthly support: the renewal must charge it, and only it.
  const otherCreatorContext = await browser.newContext();
  await otherPair(otherCreatorContext.request, (await browser.newContext()).request, { amount: 9 });

  await test.step('a month later the renewal job charges the active subscription, not the canceled one', async () => {
    const subscription = (await supporterDashboard(visitor.request)).subscriptions.find((s) => s.creatorUsername === username);
    renewedAt = renewalClock(subscription?.currentPeriodEnd);
    const run = await runJob(operator, 'renewals', renewedAt);
    expect(run.result).toMatchObject({ errors: 0 });
    expect(Number(run.result.renewed)).toBeGreaterThanOrEqual(1);
    expect(Number(run.result.ended)).toBeGreaterThanOrEqual(1);

    // The other creator was charged again: $9 twice, the second a renewal.
    const otherDashboard = await creatorDashboard(otherCreatorContext.request);
    expect(otherDashboard.totalEarnings.grossCents).toBe(1_800);
    expect(otherDashboard.recentSupports.map((s) => `${s.amountCents}${s.isRenewal ? ' renewal' : ''}`).sort()).toEqual(['900', '900 renewal']);

    // Our creator was not: still the two supports of the visitor.
    const ours = await creatorDashboard(creator.request);
    expect(ours.totalEarnings.grossCents).toBe(2_000);
    expect(ours.recentSupports).toHaveLength(2);
    await creator.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(creator.getByRole('region', { name: 'Recent Support' }).getByRole('listitem')).toHaveCount(2);

    // The supporter's monthly support has ended (it leaves the running ones), with no new charge.
    await visitor.reload();
    const mission = visitor.getByRole('region', { name: 'Missions you support' }).getByRole('article').filter({ hasText: 'Jordan Journey' });
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
