import { expect, test } from './support/test';
import {
  at,
  creatorDashboard,
  expectPaidOnceByTwoPayoutRuns,
  expectFocusVisible,
  isFocused,
  otherPair,
  renewalClock,
  runJob,
  startJourney,
  supporterDashboard,
  tabTo,
  typeInto,
  usd,
} from './support/journeys';
import { cardFrame } from './support/sandbox-card';

/*
 * The journey of tests/journeys.spec.ts once more with the keyboard alone: every person moves with
 * Tab, Shift+Tab, Enter, Space, the arrow keys and typing; nothing is clicked and nothing is focused
 * by script. Addresses are typed into the address bar (page.goto) only where a person would: the
 * site's home page, the link the creator shared, and the development mailbox. Focus must be visible
 * on every control the journey acts on.
 */

// A long story: one step that cannot act fails within this, not at the end of the whole test's time.
test.use({ actionTimeout: 15_000, navigationTimeout: 20_000 });

test('the whole journey with the keyboard alone', async ({ browser, baseURL }) => {
  test.setTimeout(360_000);
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
  } = await startJourney(browser, baseURL, 'keys');
  let profileLink = '';
  // The clock of the renewal run, "a month later"; the payout run comes on the Tuesday after it.
  let renewedAt = new Date(Number.NaN);

  await test.step('the creator signs up from the header and onboards', async () => {
    await creator.goto('/');
    await tabTo(
      creator,
      creator.getByRole('banner').getByRole('link', { name: 'Be a Bro', exact: true }),
      'the header link to start a mission',
    );
    await creator.keyboard.press('Enter');
    await expect(creator).toHaveURL(at('/auth?mode=signup&role=creator&next=/create'));
    await expect(creator.getByRole('radio', { name: /Mission Builder/ })).toBeChecked();
    await typeInto(creator, creator.getByLabel('Full Name'), 'Full Name', 'Kai Keys');
    await typeInto(creator, creator.getByLabel('Email'), 'Email', creatorEmail);
    await typeInto(creator, creator.getByLabel('Password', { exact: true }), 'Password', password);
    await typeInto(creator, creator.getByLabel('Confirm Password'), 'Confirm Password', password);
    await tabTo(creator, creator.getByRole('button', { name: 'Create Account' }), 'Create Account');
    await creator.keyboard.press('Enter');

    await expect(creator).toHaveURL(at('/create'));
    await expect(creator.getByText('Step 1 of 3')).toBeVisible();
    await typeInto(creator, creator.getByLabel('Display Name'), 'Display Name', 'Kai Keys');
    await typeInto(creator, creator.getByLabel('Username'), 'Username', username);
    await expect(creator.getByText('Username is available!')).toBeVisible();
    await typeInto(creator, creator.getByLabel('Bio'), 'Bio', 'Mapping the city one keyboard shortcut at a time.');
    await tabTo(creator, creator.getByLabel('Creator Type'), 'Creator Type');
    // The native select moves through its options with the arrow keys: Content Creator, Entrepreneur, Educator/Teacher...
    for (let i = 0; i < 6; i += 1) await creator.keyboard.press('ArrowDown');
    await expect(creator.getByLabel('Creator Type')).toHaveValue('educator');
    await tabTo(creator, creator.getByRole('button', { name: 'Continue' }), 'Continue');
    await creator.keyboard.press('Enter');

    await expect(creator.getByRole('heading', { level: 2, name: 'Connect your platforms' })).toBeFocused();
    await typeInto(creator, creator.getByLabel('GitHub'), 'GitHub', 'kaikeys');
    // Enter in a field continues.
    await creator.keyboard.press('Enter');
    await expect(creator.getByRole('heading', { level: 2, name: 'Support settings' })).toBeFocused();
    await typeInto(creator, creator.getByLabel('Goal Title'), 'Goal Title', 'A split keyboard');
    await typeInto(creator, creator.getByLabel('Goal Amount'), 'Goal Amount', '250');
    await tabTo(creator, creator.getByLabel('Payout country'), 'Payout country');
    // Past the four payout countries to the first of the others (Afghanistan): payouts will be held.
    for (let i = 0; i < 5; i += 1) await creator.keyboard.press('ArrowDown');
    await expect(creator.getByLabel('Payout country')).toHaveValue('AF');
    await tabTo(creator, creator.getByRole('button', { name: 'Launch Your Mission' }), 'Launch Your Mission');
    await creator.keyboard.press('Enter');
    await expect(creator).toHaveURL(at(`/${username}`));
    await expect(creator.getByRole('heading', { level: 1, name: 'Kai Keys' })).toBeVisible();
  });

  await test.step('the creator sets a payout country and copies the profile link', async () => {
    await tabTo(
      creator,
      creator.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }),
      'the header link to the dashboard',
    );
    await creator.keyboard.press('Enter');
    await expect(creator.getByRole('heading', { level: 1, name: 'Welcome, Kai Keys!' })).toBeVisible();

    await tabTo(
      creator,
      creator
        .getByRole('region', { name: 'Your payouts are held' })
        .getByRole('link', { name: 'Change your payout country' }),
      'Change your payout country',
    );
    await creator.keyboard.press('Enter');
    await expect(creator).toHaveURL(at('/settings?tab=support'));
    await tabTo(creator, creator.getByLabel('Country', { exact: true }), 'Country');
    // From Afghanistan back up past Australia, the United Kingdom and Canada to the United States (the first payout country).
    for (let i = 0; i < 4; i += 1) await creator.keyboard.press('ArrowUp');
    await expect(creator.getByLabel('Country', { exact: true })).toHaveValue('US');
    await tabTo(creator, creator.getByRole('button', { name: 'Save Changes' }), 'Save Changes');
    await creator.keyboard.press('Enter');
    await expect(creator.getByText(/Support settings saved\./)).toBeVisible();

    // Back to the dashboard with Shift+Tab up to the header.
    await tabTo(
      creator,
      creator.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }),
      'the header link to the dashboard',
      { backwards: true },
    );
    await creator.keyboard.press('Enter');
    await tabTo(creator, creator.getByRole('button', { name: 'Copy Link' }), 'Copy Link');
    await creator.keyboard.press('Enter');
    await expect(creator.getByRole('status').filter({ hasText: 'Link copied to your clipboard.' })).toBeVisible();
    profileLink = await creator.evaluate(() => navigator.clipboard.readText());
    expect(profileLink).toBe(`${baseURL}/${username}`);
  });

  await test.step('a visitor opens the link and supports one-off, then monthly', async () => {
    await visitor.goto(profileLink);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Kai Keys' })).toBeVisible();
    for (const { amount, monthly, message } of [
      { amount: 14, monthly: false, message: 'Type on!' },
      { amount: 6, monthly: true, message: 'Every month, no mouse.' },
    ]) {
      await tabTo(visitor, visitor.getByRole('link', { name: 'Support Kai Keys' }), 'Support Kai Keys');
      await visitor.keyboard.press('Enter');
      await expect(visitor).toHaveURL(at(`/${username}/support`));
      await typeInto(visitor, visitor.getByLabel('Custom Amount'), 'Custom Amount', String(amount));
      if (monthly) {
        const checkbox = visitor.getByRole('checkbox', { name: 'Make this a monthly support' });
        await tabTo(visitor, checkbox, 'the monthly checkbox');
        await visitor.keyboard.press('Space');
        await expect(checkbox).toBeChecked();
      }
      await typeInto(visitor, visitor.getByLabel('Name (optional)'), 'Name', 'Sasha Shortcut');
      await typeInto(visitor, visitor.getByLabel('Email', { exact: true }), 'Email', supporterEmail);
      await typeInto(visitor, visitor.getByLabel('Message (optional)'), 'Message', message);
      // The card field is the provider's frame: Tab goes on into it (past "Support anonymously"), field by
      // field. Focus is drawn inside the frame, which the page's focus check cannot see.
      const card = cardFrame(visitor);
      await tabTo(visitor, card.getByLabel('Card number'), 'the card number in the card field', { visible: false });
      await expect(card.getByLabel('Card number')).toBeFocused();
      await visitor.keyboard.type('4242424242424242');
      await visitor.keyboard.press('Tab');
      await expect(card.getByLabel('Expiry (MM / YY)')).toBeFocused();
      await visitor.keyboard.type('1234');
      await visitor.keyboard.press('Tab');
      await expect(card.getByLabel('CVC')).toBeFocused();
      await visitor.keyboard.type('123');
      await tabTo(
        visitor,
        visitor.getByRole('button', { name: `Support with $${amount}${monthly ? '/month' : ''}` }),
        'the submit button',
      );
      await visitor.keyboard.press('Enter');
      await expect(visitor.getByText('Thank you for supporting Kai Keys!')).toBeVisible();
      await expect(visitor.getByRole('region', { name: 'Recent Support' }).getByRole('listitem').first()).toContainText(
        message,
      );
    }
  });

  await test.step("the creator's dashboard and analytics show both supports", async () => {
    await creator.reload();
    const recent = creator.getByRole('region', { name: 'Recent Support' }).getByRole('listitem');
    await expect(recent).toHaveCount(2);
    await expect(recent.filter({ hasText: '$14.00' })).toContainText('Type on!');
    await expect(recent.filter({ hasText: '$6.00' })).toContainText('Monthly');
    const api = await creatorDashboard(creator.request);
    expect(api).toMatchObject({ totalEarnings: { grossCents: 2_000 }, totalSupporters: 1, recurringSupports: 1 });
    await expect(creator.getByRole('region', { name: 'Your figures' })).toContainText(
      `You keep ${usd(api.totalEarnings.netCents)} after fees`,
    );

    await tabTo(
      creator,
      creator.getByRole('region', { name: 'Recent Support' }).getByRole('link', { name: 'View All' }),
      'View All',
    );
    await creator.keyboard.press('Enter');
    await expect(creator).toHaveURL(/\/analytics/);
    const summary = creator.getByRole('region', { name: 'Summary' });
    const stat = (label: string) =>
      summary.getByRole('article').filter({ has: creator.getByText(label, { exact: true }) });
    await expect(stat('Earnings')).toContainText('$20.00');
    await expect(stat('Supports')).toContainText(/^Supports2\W*Average \$10\.00; 1 monthly$/);
    await expect(creator.getByText('Sasha Shortcut supported you with $6.00 a month', { exact: true })).toBeVisible();
  });

  await test.step('the visitor signs up with the same email and verifies it from the development mailbox', async () => {
    await visitor.goto('/');
    await tabTo(
      visitor,
      visitor.getByRole('banner').getByRole('link', { name: 'Join as Supporter' }),
      'Join as Supporter',
    );
    await visitor.keyboard.press('Enter');
    await expect(visitor.getByRole('radio', { name: /Supporter/ })).toBeChecked();
    await typeInto(visitor, visitor.getByLabel('Full Name'), 'Full Name', 'Sasha Shortcut');
    await typeInto(visitor, visitor.getByLabel('Email'), 'Email', supporterEmail);
    await typeInto(visitor, visitor.getByLabel('Password', { exact: true }), 'Password', password);
    await typeInto(visitor, visitor.getByLabel('Confirm Password'), 'Confirm Password', password);
    // Enter in the last field submits the form.
    await visitor.keyboard.press('Enter');
    await expect(visitor).toHaveURL(at('/supporter-dashboard'));
    await expect(visitor.getByRole('region', { name: 'Email verification' })).toContainText(
      'Verify your email to see supports you made as a guest with it',
    );
    expect((await supporterDashboard(visitor.request)).history).toEqual([]);

    await visitor.goto('/dev/mailbox');
    await tabTo(
      visitor,
      visitor
        .getByRole('row')
        .filter({ hasText: supporterEmail })
        .getByRole('link', { name: 'Verify your email for Be a Bro' }),
      'the verification email',
    );
    await visitor.keyboard.press('Enter');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Verify your email for Be a Bro' })).toBeVisible();
    await tabTo(
      visitor,
      visitor.locator('pre').getByRole('link', { name: /\/verify-email\?token=/ }),
      'the link in the email',
      { max: 120 },
    );
    await visitor.keyboard.press('Enter');
    await expect(visitor).toHaveURL(/\/verify-email\?token=/);
    await tabTo(visitor, visitor.getByRole('button', { name: 'Verify my email' }), 'Verify my email');
    await visitor.keyboard.press('Enter');
    await expect(visitor.getByText('Your email is verified. Thanks!')).toBeVisible();
    // The page moves focus to the way on.
    const onward = visitor.getByRole('link', { name: 'Go to my dashboard' });
    await expect(onward).toBeFocused();
    await expectFocusVisible(visitor, 'Go to my dashboard');
    await visitor.keyboard.press('Enter');
    await expect(visitor).toHaveURL(at('/supporter-dashboard'));
  });

  await test.step('the supporter sees both supports and cancels the monthly one', async () => {
    await expect(visitor.getByRole('region', { name: 'Email verification' })).toHaveCount(0);
    // The tabs: Tab reaches the selected one, the arrow keys move between them.
    await tabTo(visitor, visitor.getByRole('tab', { selected: true }), 'the selected tab');
    const history = visitor.getByRole('tab', { name: 'Support History' });
    for (let presses = 0; presses < 4 && !(await isFocused(history)); presses += 1)
      await visitor.keyboard.press('ArrowRight');
    await expect(history).toBeFocused();
    await expect(history).toHaveAttribute('aria-selected', 'true');
    await expectFocusVisible(visitor, 'the Support History tab');
    const rows = visitor.getByRole('list', { name: 'Supports' }).getByRole('button');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: '$14.00' })).toContainText('Kai Keys');
    await expect(rows.filter({ hasText: '$6.00' })).toContainText('Kai Keys');

    await visitor.keyboard.press('ArrowLeft');
    const missions = visitor.getByRole('tab', { name: 'My Missions' });
    await expect(missions).toBeFocused();
    await expect(missions).toHaveAttribute('aria-selected', 'true');
    const mission = visitor
      .getByRole('region', { name: 'Missions you support' })
      .getByRole('article')
      .filter({ hasText: 'Kai Keys' });
    await expect(mission).toContainText('$6.00/month. Next charge on');
    await tabTo(visitor, mission.getByRole('button', { name: 'Cancel monthly support' }), 'Cancel monthly support');
    await visitor.keyboard.press('Enter');
    const dialog = visitor.getByRole('dialog', { name: 'Cancel monthly support?' });
    await expect(dialog).toBeVisible();
    await tabTo(
      visitor,
      dialog.getByRole('button', { name: 'Cancel monthly support' }),
      'the confirm button in the dialog',
    );
    await visitor.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(mission).toContainText('Ends on');
    expect(
      (await supporterDashboard(visitor.request)).subscriptions.find((s) => s.creatorUsername === username),
    ).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });

  const otherCreatorContext = await browser.newContext();
  await otherPair(otherCreatorContext.request, (await browser.newContext()).request, { amount: 7 });

  await test.step('a month later the renewal job charges the active subscription, not the canceled one', async () => {
    const subscription = (await supporterDashboard(visitor.request)).subscriptions.find(
      (s) => s.creatorUsername === username,
    );
    renewedAt = renewalClock(subscription?.currentPeriodEnd);
    const run = await runJob(operator, 'renewals', renewedAt);
    expect(run.result).toMatchObject({ errors: 0 });
    const otherDashboard = await creatorDashboard(otherCreatorContext.request);
    expect(otherDashboard.recentSupports.map((s) => `${s.amountCents}${s.isRenewal ? ' renewal' : ''}`).sort()).toEqual(
      ['700', '700 renewal'],
    );
    expect((await creatorDashboard(creator.request)).recentSupports).toHaveLength(2);

    // The supporter's monthly support has ended (it leaves the running ones), with no new charge.
    await visitor.reload();
    const mission = visitor
      .getByRole('region', { name: 'Missions you support' })
      .getByRole('article')
      .filter({ hasText: 'Kai Keys' });
    await expect(mission).toContainText('Total supported$20.00');
    await expect(mission).not.toContainText('/month');
    const after = await supporterDashboard(visitor.request);
    expect(after.history).toHaveLength(2);
    expect(after.subscriptions.filter((s) => s.creatorUsername === username)).toEqual([]);
  });

  await test.step('the payout job, run twice on a Tuesday, pays the creator once', async () => {
    const netCents = await expectPaidOnceByTwoPayoutRuns(operator, creator.request, renewedAt);
    // The creator reads it on the dashboard, reached from the analytics page with the keyboard.
    await tabTo(
      creator,
      creator.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }),
      'the header link to the dashboard',
      { backwards: true, max: 120 },
    );
    await creator.keyboard.press('Enter');
    await expect(creator.getByRole('heading', { level: 1, name: 'Welcome back, Kai Keys!' })).toBeVisible();
    // The payout happened on the server meanwhile: the creator reloads to see it (the page keeps what it loaded before).
    await creator.reload();
    const rows = creator.getByRole('region', { name: 'Payouts', exact: true }).getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(usd(netCents));
    await expect(rows.nth(1)).toContainText('Paid');
  });

  await otherCreatorContext.close();
  await visitorContext.close();
  await creatorContext.close();
});
