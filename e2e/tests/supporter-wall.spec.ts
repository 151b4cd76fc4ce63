import { randomUUID } from 'node:crypto';
import { unique } from './support/journeys';
import { fillSandboxCard, payThroughSandbox } from './support/sandbox-card';
import { expect, signIn, test } from './support/test';

/*
 * The supporter wall (issue 31): a supporter ticks "Show me on the supporter wall" at checkout and appears
 * on the creator's page with their tier (server-rendered); someone who did not tick it does not; the
 * creator hides the entry from the dashboard and shows it again; the supporter leaves the wall from
 * My Missions. It makes its own creator (the servers on PostgreSQL start with an empty database).
 */

test.describe('the supporter wall', () => {
  test('a supporter joins the wall at checkout, the creator hides and shows them, the supporter leaves', async ({
    page,
    browser,
    accounts,
  }) => {
    test.slow();
    const creatorContext = await browser.newContext();
    const creator = await creatorContext.newPage();
    const wallCreator = await accounts.create({
      role: 'creator',
      name: 'Wanda Wall',
      emailPrefix: 'e2e-wall-creator',
      profile: { displayName: 'Wall Works', bio: 'A page with a supporter wall.', creatorType: 'artist' },
    });
    const username = wallCreator.username!;
    await signIn(creator, wallCreator);

    // Someone who does not tick the box stays off the wall.
    await payThroughSandbox(page.request, username, {
      amount: 6,
      email: `e2e-wall-quiet-${unique()}@example.com`,
      name: 'Quiet Quinn',
      message: '',
      isAnonymous: false,
      isRecurring: false,
      tierPosition: null,
      idempotencyKey: randomUUID(),
    });

    await signIn(page, await accounts.create({ name: 'Walter Wall', emailPrefix: 'e2e-wall-supporter' }));
    await page.goto(`/${username}/support`);
    await page.getByRole('button', { name: /Fuel the Journey/ }).click();
    const wallChoice = page.getByRole('checkbox', { name: 'Show me on the supporter wall' });
    await expect(wallChoice).not.toBeChecked();
    // Anonymous supporters never appear: the choice is off while anonymous.
    await page.getByRole('checkbox', { name: 'Support anonymously' }).check();
    await expect(wallChoice).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Support anonymously' }).uncheck();
    await wallChoice.check();
    await expect(page.getByLabel('Name (optional)')).toHaveValue('Walter Wall');
    await fillSandboxCard(page);
    await page.getByRole('button', { name: 'Support with $15' }).click();
    await expect(page.getByText('Thank you for supporting Wall Works!')).toBeVisible();

    const wall = page.getByRole('list', { name: 'Supporters of Wall Works' });
    await expect(wall.getByRole('listitem')).toHaveCount(1);
    await expect(wall.getByRole('listitem')).toContainText('Walter Wall');
    await expect(wall.getByRole('listitem')).toContainText('Fuel the Journey');
    await expect(wall).not.toContainText('Quiet Quinn');
    // Server-rendered: the wall is in the HTML a signed-out visitor (or one without scripts) gets.
    const visitor = await browser.newContext();
    const html = await (await visitor.request.get(`/${username}`)).text();
    expect(html).toContain('Supporter Wall');
    expect(html).toContain('Walter Wall');
    await visitor.close();

    // The creator hides the entry from the dashboard's supports list.
    await creator.goto('/dashboard');
    const row = creator
      .getByRole('region', { name: 'Recent Support' })
      .getByRole('listitem')
      .filter({ hasText: 'Walter Wall' });
    await expect(row).toContainText('On your wall');
    await row.getByRole('button', { name: 'Hide Walter Wall from your supporter wall' }).click();
    await expect(row).toContainText('Hidden from your wall');
    await page.reload();
    await expect(page.getByText('No one is on Wall Works’s wall yet.', { exact: false })).toBeVisible();
    await row.getByRole('button', { name: 'Show Walter Wall on your supporter wall again' }).click();
    await expect(row).toContainText('On your wall');
    await page.reload();
    await expect(page.getByRole('list', { name: 'Supporters of Wall Works' })).toContainText('Walter Wall');

    // The supporter leaves from My Missions.
    await page.goto('/supporter-dashboard?tab=creators');
    const card = page
      .getByRole('region', { name: 'Missions you support' })
      .getByRole('article')
      .filter({ hasText: 'Wall Works' });
    await expect(card).toContainText('You are on Wall Works’s supporter wall.');
    await card.getByRole('button', { name: 'Leave Wall Works’s supporter wall' }).click();
    await expect(card).not.toContainText('supporter wall');
    await page.goto(`/${username}`);
    await expect(page.getByText('No one is on Wall Works’s wall yet.', { exact: false })).toBeVisible();
    await creatorContext.close();
  });
});
