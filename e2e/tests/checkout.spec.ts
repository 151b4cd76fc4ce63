import { expect, test, type APIRequestContext, type Page } from './support/test';
import { cardFrame, fillSandboxCard } from './support/sandbox-card';

/*
 * The support checkout over the composed site and the real API (sandbox payment provider, test cards).
 * Every test supports a creator of its own (no demo creator's figures change) and reads the creator's figures
 * from the API before and after.
 */

interface PublicProfile {
  displayName: string;
  supporterCount: number | null;
  totalEarnedCents: number | null;
  recentSupports: Array<{
    id: string;
    name: string | null;
    amountCents: number;
    message: string;
    isRecurring: boolean;
  }>;
}

async function apiProfile(request: APIRequestContext, username: string): Promise<PublicProfile> {
  const res = await request.get(`/api/creators/${username}`);
  expect(res.status()).toBe(200);
  return res.json();
}

const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2 })}`;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function fillDetailsAndCard(
  page: Page,
  {
    name,
    email,
    message,
    card = '4242 4242 4242 4242',
  }: { name?: string; email: string; message?: string; card?: string },
) {
  if (name !== undefined) await page.getByLabel('Name (optional)').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  if (message !== undefined) await page.getByLabel('Message (optional)').fill(message);
  await fillSandboxCard(page, card);
}

test.describe('support checkout /{username}/support', () => {
  test('the card field is a foreign origin to the page: no script of the site can read the card', async ({
    page,
    accounts,
  }) => {
    const username = (await accounts.create({ role: 'creator' })).username!;
    await page.goto(`/${username}/support`);
    await fillSandboxCard(page);
    await expect(cardFrame(page).getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    // What any script of the page (an area's release included) can reach of the frame: nothing of its document.
    const reach = await page.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title^="Card details"]');
      let document_: string;
      try {
        document_ = frame?.contentDocument === null ? 'none' : 'readable';
      } catch {
        document_ = 'none';
      }
      let location_: string;
      try {
        location_ = String(frame?.contentWindow?.location.href);
      } catch {
        location_ = 'none';
      }
      return { document_, location_ };
    });
    expect(reach).toEqual({ document_: 'none', location_: 'none' });
  });

  test('a visitor supports one-off, sees the thank-you, and the profile shows the support and the new totals', async ({
    page,
    accounts,
  }) => {
    // Earnings shown, so the profile shows amounts and the total earned.
    const username = (await accounts.create({ role: 'creator', profile: { showEarnings: true } })).username!;
    const before = await apiProfile(page.request, username);
    const name = `E2E Bro ${unique()}`;
    await page.goto(`/${username}/support`);
    await expect(page.getByRole('heading', { level: 1, name: `Support ${before.displayName}` })).toBeVisible();
    await page.getByLabel('Custom Amount').fill('7');
    await expect(page.getByRole('button', { name: 'Support with $7' })).toBeEnabled();
    await fillDetailsAndCard(page, { name, email: `${unique()}@example.com`, message: 'Plant them all!' });
    await page.getByRole('button', { name: 'Support with $7' }).click();

    await expect(page.getByText(`Thank you for supporting ${before.displayName}!`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${username}$`));
    const receipt = page.getByRole('definition').filter({ hasText: 'Visa ending in 4242' });
    await expect(receipt).toBeVisible();
    await expect(page.getByText('$7.00', { exact: true })).toBeVisible();

    const first = page.getByRole('region', { name: 'Recent Support' }).getByRole('listitem').first();
    await expect(first).toContainText(name);
    await expect(first).toContainText('$7');
    await expect(first).toContainText('Plant them all!');

    const after = await apiProfile(page.request, username);
    expect(after.recentSupports[0]).toMatchObject({ name, amountCents: 700, isRecurring: false });
    expect(after.totalEarnedCents).toBe((before.totalEarnedCents ?? 0) + 700);
    expect(after.supporterCount).toBe((before.supporterCount ?? 0) + 1);
    const stats = page.getByRole('region', { name: 'Stats' });
    await expect(stats).toContainText(usd(after.totalEarnedCents ?? 0));
    await expect(stats).toContainText(`Supporters${after.supporterCount}`);
  });

  test('a monthly support with a declined card shows the error and records nothing', async ({ page, creator }) => {
    const username = creator.username!;
    const before = await apiProfile(page.request, username);
    await page.goto(`/${username}/support`);
    await page.getByRole('button', { name: /True Believer/ }).click();
    await expect(page.getByRole('checkbox', { name: 'Make this a monthly support' })).toBeChecked();
    await fillDetailsAndCard(page, {
      name: `Declined ${unique()}`,
      email: `${unique()}@example.com`,
      card: '4000 0000 0000 0002',
    });
    await page.getByRole('button', { name: 'Support with $25/month' }).click();

    await expect(page.getByText('Your payment didn’t go through')).toBeVisible();
    // The provider's reason, next to its card field on the page and inside the field itself.
    await expect(page.locator('#support-card-error')).toHaveText('Your card was declined.');
    await expect(cardFrame(page).getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(new RegExp(`/${username}/support$`));
    await expect(page.getByRole('button', { name: 'Support with $25/month' })).toBeEnabled();

    const after = await apiProfile(page.request, username);
    expect(after.recentSupports.map((s) => s.id)).toEqual(before.recentSupports.map((s) => s.id));
    expect(after.supporterCount).toBe(before.supporterCount);
  });

  test('3-D Secure: the bank’s check shows in the card field; failed it says so, approved it pays', async ({
    page,
    creator,
  }) => {
    const username = creator.username!;
    const name = `Secure ${unique()}`;
    await page.goto(`/${username}/support`);
    await page.getByLabel('Custom Amount').fill('8');
    await fillDetailsAndCard(page, { name, email: `${unique()}@example.com`, card: '4000 0027 6000 3184' });
    const submit = page.getByRole('button', { name: 'Support with $8' });
    await submit.click();

    const frame = cardFrame(page);
    await expect(frame.getByRole('heading', { name: 'Confirm this payment with your bank' })).toBeVisible();
    await frame.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page.locator('#support-card-error')).toHaveText(
      'The bank could not authenticate this payment. You were not charged.',
    );
    await expect(page).toHaveURL(new RegExp(`/${username}/support$`));

    await submit.click();
    await frame.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page.getByText('Thank you for supporting')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Visa ending in 3184' })).toBeVisible();
    const after = await apiProfile(page.request, username);
    expect(after.recentSupports.filter((s) => s.name === name)).toHaveLength(1);
  });

  test('a double click on submit makes one support', async ({ page, creator }) => {
    const username = creator.username!;
    const name = `Double ${unique()}`;
    // The answers to every request of the page to this creator's supports: a second support needs one of them.
    const answers: Promise<unknown>[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith(`/api/creators/${username}/supports`))
        answers.push(request.response());
    });
    await page.goto(`/${username}/support`);
    await page.getByLabel('Custom Amount').fill('11');
    await fillDetailsAndCard(page, { name, email: `${unique()}@example.com` });
    await page.getByRole('button', { name: 'Support with $11' }).dblclick();
    await expect(page.getByText(/Thank you for supporting/)).toBeVisible();
    // Both clicks were handled before the thank-you; count once every request they made has its answer.
    expect(answers.length).toBeGreaterThan(0);
    await Promise.all(answers);
    const after = await apiProfile(page.request, username);
    expect(after.recentSupports.filter((s) => s.name === name)).toHaveLength(1);
    await expect(page.getByRole('region', { name: 'Recent Support' }).getByText(name)).toHaveCount(1);
  });

  test('an anonymous support shows "?" and "Anonymous", never the name', async ({ page, creator }) => {
    const username = creator.username!;
    const secret = `Secret ${unique()}`;
    const message = `Quietly cheering ${unique()}`;
    await page.goto(`/${username}/support`);
    await page.getByLabel('Name (optional)').fill(secret);
    await page.getByRole('checkbox', { name: 'Support anonymously' }).check();
    await expect(page.getByLabel('Name (optional)')).toBeDisabled();
    await fillDetailsAndCard(page, { email: `${unique()}@example.com`, message });
    await page.getByRole('button', { name: 'Support with $5' }).click();

    await expect(page.getByText(`Thank you for supporting ${creator.displayName}!`)).toBeVisible();
    const first = page.getByRole('region', { name: 'Recent Support' }).getByRole('listitem').first();
    await expect(first).toContainText('Anonymous');
    await expect(first).toContainText('?');
    await expect(first).toContainText(message);
    await expect(page.getByText(secret)).toHaveCount(0);
    const after = await apiProfile(page.request, username);
    expect(after.recentSupports[0]).toMatchObject({ name: null, message });
    expect(JSON.stringify(after)).not.toContain(secret);
  });
});
