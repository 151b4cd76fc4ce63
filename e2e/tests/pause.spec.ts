import { randomUUID } from 'node:crypto';
import { expect, signIn, test, type Account, type Browser, type Page } from './support/test';
import { cancelFromLinkPage, monthlySupportReceipt } from './support/site-pages';
import { payThroughSandbox } from './support/sandbox-card';
import { csrf } from './support/csrf';

/*
 * Pausing a monthly support (issue 18) over the composed site and the real API: a supporter pauses from
 * My Missions and resumes; the creator's dashboard shows the support as paused in between. A guest does
 * the same from the page behind the link in their receipt.
 */

/** The same "Dec 20, 2026" the page prints, in the browser's time zone (the test runner's). */
const day = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

async function creatorPage(browser: Browser, creator: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, creator);
  return page;
}

async function creatorCounts(page: Page): Promise<{ recurringSupports: number; pausedSupports: number }> {
  const res = await page.request.get('/api/creator/dashboard');
  expect(res.status()).toBe(200);
  return res.json();
}

/** The creator's "This Month" card, fresh from the server. */
async function thisMonthCard(page: Page) {
  await page.goto('/dashboard');
  return page.getByRole('region', { name: 'This Month' });
}

test.describe('pausing a monthly support', () => {
  test('a supporter pauses a monthly support and resumes it; the creator sees it paused in between', async ({
    page,
    browser,
    accounts,
  }) => {
    test.slow();
    const maker = await accounts.create({ role: 'creator', name: 'Paula Pausable' });
    const username = maker.username!;
    const supporter = await accounts.create({ name: 'Pia Pauser', emailPrefix: 'e2e-pause' });
    const email = supporter.email;
    await signIn(page, supporter);

    const creator = await creatorPage(browser, maker);
    const before = await creatorCounts(creator);

    await payThroughSandbox(page.request, username, {
      amount: 9,
      email,
      name: 'Pia Pauser',
      message: '',
      isAnonymous: false,
      isRecurring: true,
      tierPosition: null,
      idempotencyKey: randomUUID(),
    });
    expect(await creatorCounts(creator)).toMatchObject({
      recurringSupports: before.recurringSupports + 1,
      pausedSupports: before.pausedSupports,
    });

    await page.goto('/supporter-dashboard?tab=creators');
    const paula = page
      .getByRole('region', { name: 'Missions you support' })
      .getByRole('article')
      .filter({ hasText: 'Paula Pausable' });
    await expect(paula).toContainText('Monthly Support Active');
    await paula.getByRole('button', { name: 'Pause', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pause monthly support?' });
    await expect(dialog).toContainText(
      'Nothing is charged for your $9.00/month support to Paula Pausable while it is paused.',
    );
    await dialog.getByRole('radio', { name: '2 months' }).check();
    await dialog.getByRole('button', { name: 'Pause monthly support' }).click();
    await expect(dialog).toBeHidden();

    const paused = (
      (await (await page.request.get('/api/supporter/dashboard')).json()) as {
        subscriptions: Array<{ creatorUsername: string; status: string; pausedUntil: string | null }>;
      }
    ).subscriptions.find((s) => s.creatorUsername === username);
    expect(paused).toMatchObject({ status: 'paused' });
    const until = day(paused?.pausedUntil ?? '');
    await expect(paula.getByText(`Paused until ${until}`)).toBeVisible();
    await expect(paula).toContainText(`Nothing is charged until it resumes by itself on ${until}.`);
    await expect(paula).not.toContainText('Monthly Support Active');

    // The creator's dashboard: one paused support more, one recurring less.
    let month = await thisMonthCard(creator);
    await expect(month).toContainText(`Paused monthly supports${before.pausedSupports + 1}`);
    await expect(month).toContainText(`Recurring supports${before.recurringSupports}`);

    // After a reload the supporter still sees the server's state, and resumes.
    await page.reload();
    await paula.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByText(/Monthly support to Paula Pausable resumed\. Next charge on /)).toBeVisible();
    await expect(paula).toContainText('Monthly Support Active');
    await expect(paula.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

    month = await thisMonthCard(creator);
    await expect(month).toContainText(`Paused monthly supports${before.pausedSupports}`);
    await expect(month).toContainText(`Recurring supports${before.recurringSupports + 1}`);

    // The support ends with the test, as its accounts do.
    const id = (
      (await (await page.request.get('/api/supporter/dashboard')).json()) as {
        subscriptions: Array<{ id: string; creatorUsername: string }>;
      }
    ).subscriptions.find((s) => s.creatorUsername === username)?.id;
    expect((await page.request.post(`/api/subscriptions/${id}/cancel`, { headers: csrf })).status()).toBe(200);
    await creator.context().close();
  });

  test('a guest pauses and resumes from the link in their receipt', async ({ page, creator }) => {
    test.slow();
    const { cancelPath } = await monthlySupportReceipt(page, creator.username!);
    await page.goto(cancelPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Pause or cancel monthly support' })).toBeVisible();
    await page.getByRole('group', { name: 'Pause for' }).getByRole('radio', { name: 'Until I resume it' }).check();
    await page.getByRole('button', { name: 'Pause my monthly support' }).click();
    // The page shows the support as it now is, with the outcome on top.
    const outcome = page.getByRole('main').getByRole('status');
    await expect(outcome).toContainText(
      'Your monthly support is paused until you resume it. Nothing is charged meanwhile.',
    );
    await expect(page.getByRole('button', { name: 'Resume my monthly support' })).toBeVisible();
    await page.getByRole('button', { name: 'Resume my monthly support' }).click();
    await expect(outcome).toContainText(/Your monthly support is running again\. The next charge is on /);

    await cancelFromLinkPage(page);
  });
});
