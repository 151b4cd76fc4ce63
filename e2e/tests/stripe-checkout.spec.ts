import { confirmationLink, runJob, unique } from './support/journeys';
import { fakeStripeJs, startStripeSite, type StripeSite } from './support/stripe-site';
import type { Browser } from '@playwright/test';
import { expect, test, waitUntilInteractive, type Page } from './support/test';
import { csrf } from './support/csrf';

/*
 * The checkout through the Stripe adapter (issue 29): a site started with PAYMENT_PROVIDER=stripe on the Stripe
 * stand-in. A creator connects their Stripe account from Settings (the stand-in's onboarding page, then Stripe's
 * account.updated event), a guest supports once (a declined card first) and monthly in Stripe's Payment Element, and
 * the creator's dashboard shows both supports and that payouts are enabled. Stripe.js cannot load here: the spec
 * serves a fake one (tests/support/stripe-site.ts) that confirms the intent at the stand-in as Stripe.js would.
 */

let site: StripeSite;

test.beforeAll(async () => {
  // The site starts with the spec: a couple of seconds on an idle machine, minutes on one busy at a load of 16.
  test.setTimeout(600_000);
  site = await startStripeSite();
});

test.afterAll(async () => {
  await site?.stop();
});

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitUntilInteractive(page);
}

/** One support on the page: the details, the button (Stripe's field opens), the card, the button again. */
async function support(
  page: Page,
  username: string,
  {
    amount,
    monthly,
    name,
    card,
    email = `e2e-stripe-${unique()}@example.com`,
  }: { amount: number; monthly: boolean; name: string; card: string; email?: string },
) {
  await open(page, `/${username}/support`);
  await page.getByLabel('Custom Amount').fill(String(amount));
  const monthlyChoice = page.getByRole('checkbox', { name: 'Make this a monthly support' });
  if (monthly) await monthlyChoice.check();
  else await expect(monthlyChoice).not.toBeChecked();
  await page.getByLabel('Name (optional)').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  const pay = page.getByRole('button', { name: `Support with $${amount}${monthly ? '/month' : ''}` });
  await expect(page.getByText('Stripe’s secure field, which opens here when you press the button')).toBeVisible();
  await pay.click();
  await page.getByLabel('Card number').fill(card);
  await pay.click();
  return pay;
}

/**
 * A creator who signed up, made their page and connected Stripe from Settings > Support > Payouts (Stripe's onboarding:
 * the stand-in's page finishes it and brings them back), once account.updated reached the site.
 */
async function connectedCreator(browser: Browser, name: string) {
  const creatorContext = await browser.newContext({ baseURL: site.origin });
  const creator = await creatorContext.newPage();
  const password = 'a good password 123';
  const signUp = await creator.request.post('/api/auth/sign-up', {
    headers: csrf,
    data: {
      name,
      email: `e2e-stripe-creator-${unique()}@example.com`,
      password,
      confirmPassword: password,
      role: 'creator',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const username = `stripe_${unique()}`;
  const profile = await creator.request.post('/api/creator-profile', {
    headers: csrf,
    data: {
      displayName: 'Stripe Studio',
      username,
      bio: 'Paid through Stripe.',
      creatorType: 'artist',
      country: 'US',
    },
  });
  expect(profile.status(), await profile.text()).toBe(201);

  // Settings > Support > Payouts: Stripe's onboarding (the stand-in's page finishes it) brings the creator back.
  await open(creator, '/settings?tab=support');
  await creator.getByRole('button', { name: 'Connect with Stripe' }).click();
  await creator.waitForURL(/\/settings\?tab=support&payout-account=return$/);
  const panel = creator.getByRole('group', { name: 'Stripe payout account' });
  // account.updated reaches the site on its own time: the panel shows it once it has.
  await expect(async () => {
    await open(creator, '/settings?tab=support&payout-account=return');
    await expect(panel.getByText('Payouts enabled')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(panel.getByText('You can receive support')).toBeVisible();

  const creatorId = ((await signUp.json()) as { user: { id: string } }).user.id;
  return { creatorContext, creator, username, creatorId };
}

test.describe('the checkout with PAYMENT_PROVIDER=stripe (Stripe stand-in, Stripe.js faked)', () => {
  test('a creator connects Stripe; a one-off and a monthly support reach their dashboard', async ({ browser }) => {
    test.slow();
    const { creatorContext, creator, username, creatorId } = await connectedCreator(browser, 'Stella Stripe');

    const guestContext = await browser.newContext({ baseURL: site.origin });
    await fakeStripeJs(guestContext, site);
    const guest = await guestContext.newPage();

    // A declined card: Stripe's message next to its field, nothing recorded; another card on the same intent pays.
    const oneOff = `Ona Once ${unique()}`;
    const pay = await support(guest, username, {
      amount: 7,
      monthly: false,
      name: oneOff,
      card: '4000 0000 0000 0002',
    });
    await expect(guest.locator('#support-card-error')).toHaveText('Your card was declined.');
    await guest.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();
    await expect(guest.getByText('Thank you for supporting Stripe Studio!')).toBeVisible();
    await expect(guest.getByRole('definition').filter({ hasText: 'Visa ending in 4242' })).toBeVisible();

    const monthly = `Mo Monthly ${unique()}`;
    await support(guest, username, { amount: 5, monthly: true, name: monthly, card: '4242 4242 4242 4242' });
    await expect(guest.getByText('Thank you for supporting Stripe Studio!')).toBeVisible();

    const shown = await (await guest.request.get(`/api/creators/${username}`)).json();
    expect(
      (shown.recentSupports as { name: string; isRecurring: boolean }[]).map((s) => [s.name, s.isRecurring]),
    ).toEqual([
      [monthly, true],
      [oneOff, false],
    ]);

    // The creator's dashboard: both supports from the ledger, and the Stripe account's state.
    await open(creator, '/dashboard');
    const recent = creator.getByRole('region', { name: 'Recent Support' });
    await expect(recent).toContainText(oneOff);
    await expect(recent).toContainText(monthly);
    const stripePayouts = creator.getByRole('region', { name: 'Stripe payouts' });
    await expect(stripePayouts).toContainText('Payouts enabled');
    // Stripe's payouts to the bank are the card's one payout list: none yet.
    await expect(creator.getByRole('region', { name: 'Payouts', exact: true })).toContainText('No payouts yet.');
    // The state at desktop and phone widths (kept with the run's results), with nothing wider than the phone.
    await stripePayouts.screenshot({ path: test.info().outputPath('stripe-payouts-1280.png') });
    await creator.setViewportSize({ width: 375, height: 800 });
    await expect(stripePayouts).toBeVisible();
    expect(await creator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await stripePayouts.screenshot({ path: test.info().outputPath('stripe-payouts-375.png') });

    // Stripe pays the creator out itself. The account is held until the payouts job finds no hold (run past the first
    // payout's 7 days), then Stripe's Tuesday comes round (the stand-in's payout page): that payout is the card's one
    // list, and the balance the ledger shows is what is left at Stripe, nothing.
    const accounts = await creator.request.get(`${site.standInUrl}/v1/accounts?limit=100`, {
      headers: { authorization: `Bearer ${site.secretKey}` },
    });
    const accountId = (
      (await accounts.json()) as { data: { id: string; metadata: Record<string, string> }[] }
    ).data.find((account) => account.metadata['creatorId'] === creatorId)?.id;
    expect(accountId).toBeTruthy();
    const heldPayout = await creator.request.get(`${site.standInUrl}/stand-in/accounts/${accountId}/payout`);
    expect(heldPayout.status(), 'a held account is paid nothing').toBe(409);
    const released = await creator.request.post(`/api/dev/jobs/payouts`, {
      headers: csrf,
      data: { now: new Date(Date.now() + 15 * 86_400_000).toISOString() },
    });
    expect(released.status(), await released.text()).toBe(200);
    const paidOut = await creator.request.get(`${site.standInUrl}/stand-in/accounts/${accountId}/payout`);
    expect(paidOut.status(), await paidOut.text()).toBe(200);
    await creator.setViewportSize({ width: 1280, height: 800 });
    const payoutsCard = creator.getByRole('region', { name: 'Payouts', exact: true });
    // payout.paid reaches the site on its own time.
    await expect(async () => {
      await open(creator, '/dashboard');
      await expect(payoutsCard.getByRole('table')).toContainText('Paid', { timeout: 1_000 });
    }).toPass();
    const rows = payoutsCard.getByRole('table').getByRole('row');
    // A header and one payout: $7 and $5, less fees ($6.14 + $4.30).
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('$10.44');
    await expect(rows.nth(1)).toContainText(/Arrived \w{3} \d{1,2}, \d{4}/);
    await expect(stripePayouts.getByRole('list')).toHaveCount(0);
    // The same list as a download.
    const exported = await creator.request.get(
      (await payoutsCard.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '',
    );
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain(',10.44,USD,Paid,');
    await payoutsCard.screenshot({ path: test.info().outputPath('stripe-payout-list-1280.png') });
    await creator.setViewportSize({ width: 375, height: 800 });
    await expect(rows.nth(1)).toBeVisible();
    expect(await creator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await payoutsCard.screenshot({ path: test.info().outputPath('stripe-payout-list-375.png') });

    await guestContext.close();
    await creatorContext.close();
  });
  test('a renewal the bank wants confirmed is paid from the emailed link, with Stripe.js', async ({ browser }) => {
    test.slow();
    const { creatorContext, creator, username } = await connectedCreator(browser, 'Cora Creator');
    const guestContext = await browser.newContext({ baseURL: site.origin });
    await fakeStripeJs(guestContext, site);
    const guest = await guestContext.newPage();
    const email = `e2e-stripe-confirm-${unique()}@example.com`;
    // The 3-D Secure card: its bank asks on the checkout (answered in Stripe's window) and on every renewal.
    await support(guest, username, {
      amount: 8,
      monthly: true,
      name: 'Cora Confirm',
      card: '4000 0027 6000 3184',
      email,
    });
    await expect(guest.getByText('Thank you for supporting Stripe Studio!')).toBeVisible();

    // A month on, Stripe declines the renewal off session for the bank's check: the supporter is sent the link.
    await runJob(creator.request, 'renewals', new Date(Date.now() + 33 * 86_400_000));
    const confirmPath = await confirmationLink(guest.request, email);

    // The page: no challenge open yet at Stripe; the supporter starts the bank's check (the month is charged on
    // session) and answers it in Stripe.js's window (handleNextAction).
    await open(guest, confirmPath);
    await expect(guest.getByRole('heading', { level: 1, name: 'Confirm your monthly support' })).toBeVisible();
    await expect(guest.getByText(/Your bank asks you to confirm the payment of \$8\.00 for/)).toBeVisible();
    await guest.screenshot({ path: test.info().outputPath('stripe-confirm-1280.png'), fullPage: true });
    // One click: the check starts and Stripe's window opens at once.
    await guest.getByRole('button', { name: 'Start my bank’s check' }).click();
    await expect(guest.getByText(/is confirmed, and your monthly support to Stripe Studio continues/)).toBeVisible();
    await guest.setViewportSize({ width: 375, height: 800 });
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await guest.screenshot({ path: test.info().outputPath('stripe-confirmed-375.png'), fullPage: true });

    // Recorded once: the creator's dashboard lists the renewal beside the first month; the link is spent.
    await open(creator, '/dashboard');
    const recent = creator.getByRole('region', { name: 'Recent Support' });
    await expect(recent.getByText('Cora Confirm')).toHaveCount(2);
    await open(guest, confirmPath);
    await expect(guest.getByRole('alert')).toHaveText(/This payment is already confirmed/);

    await guestContext.close();
    await creatorContext.close();
  });
});
