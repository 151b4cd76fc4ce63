import { expect, signIn, test, type Page } from './support/test';

/** Matches the whole path and query, so "/auth?next=/dashboard" never passes for "/dashboard". */
const at = (pathAndQuery: string) => (url: URL) => `${url.pathname}${url.search}` === pathAndQuery;

/** A fresh username (a-z, 0-9, "_"; at most 30 characters). */
function newUsername(prefix: string) {
  return `${prefix}_${Date.now().toString(36)}`;
}

async function me(page: Page) {
  return (await (await page.request.get('/api/auth/me')).json()).user as {
    username: string | null;
    isCreator: boolean;
  } | null;
}

/** Presses Tab until the field with this label has focus (the header's links come first). */
async function tabTo(page: Page, label: string) {
  const target = page.getByLabel(label, { exact: true });
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${label}`);
}

test.describe('/create: the three-step onboarding on the real API', () => {
  test('a visitor signs up as a creator, onboards and lands on the new public profile', async ({ page }) => {
    const username = newUsername('e2e');
    const email = `e2e-creator-${Date.now()}@example.com`;

    await page.goto('/create');
    await expect(page).toHaveURL(at('/auth?mode=signup&role=creator&next=/create'));
    await expect(page.getByRole('radio', { name: /Mission Builder/ })).toBeChecked();
    await page.getByLabel('Full Name').fill('Casey Creator');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a good password');
    await page.getByLabel('Confirm Password').fill('a good password');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(at('/create'));
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await page.getByLabel('Display Name').fill('Casey Creator');
    await page.getByLabel('Username').pressSequentially(`${username.toUpperCase()}!`);
    await expect(page.getByLabel('Username')).toHaveValue(username);
    await expect(page.getByText('Username is available!')).toBeVisible();
    await page.getByLabel('Bio').fill('Recording an album in my garage.');
    await expect(page.getByText('32/200')).toBeVisible();
    await page.getByLabel('Creator Type').selectOption({ label: 'Artist/Creative' });
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await page.getByLabel('Instagram').fill('@casey.creates');
    await page.getByLabel('GitHub').fill('caseycreates');
    // A reload keeps the draft and the step.
    await page.reload();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(page.getByLabel('Instagram')).toHaveValue('@casey.creates');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByText('Step 3 of 3')).toBeVisible();
    await expect(page.getByText('Quick support options your community can choose from')).toBeVisible();
    await expect(page.getByText('Set a funding goal to show progress on your profile')).toBeVisible();
    await page.getByLabel('Minimum Amount').fill('5');
    await page.getByLabel('Goal Title').fill('Studio microphone');
    await page.getByLabel('Goal Amount').fill('400');
    // The payout country is asked here: without one every payout would be held.
    await page.getByRole('button', { name: 'Launch Your Mission' }).click();
    await expect(page.getByText('Choose your country', { exact: true }).last()).toBeVisible();
    await expect(page.getByLabel('Payout country')).toBeFocused();
    await page.getByLabel('Payout country').selectOption('DE');
    await expect(page.getByText(/Payouts are not available in your country yet, so they will be held/)).toBeVisible();
    await page.getByLabel('Payout country').selectOption({ label: 'Canada (payouts available)' });
    await page.getByRole('button', { name: 'Launch Your Mission' }).click();

    await expect(page).toHaveURL(at(`/${username}`));
    expect(await me(page)).toMatchObject({ username, isCreator: true });
    const profile = (await (await page.request.get('/api/creator-profile')).json()).profile;
    expect(profile).toMatchObject({
      username,
      displayName: 'Casey Creator',
      creatorType: 'artist',
      minimumAmountCents: 500,
      goalTitle: 'Studio microphone',
      goalAmountCents: 40_000,
      country: 'CA',
    });
    expect(profile.socialLinks).toEqual(
      expect.arrayContaining([expect.objectContaining({ platform: 'instagram', handle: 'casey.creates' })]),
    );

    // Onboarded: /create now sends the creator to the dashboard.
    await page.goto('/create');
    await expect(page).toHaveURL(at('/dashboard'));
  });

  test('a reserved and a taken username are "not available"; a signed-in supporter may onboard', async ({
    page,
    supporter,
  }) => {
    // A supporter of the test's own, signed in, with no creator page yet.
    await signIn(page, supporter);

    // A supporter has no creator areas yet: the guard sends them to onboarding.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(at('/create'));
    await expect(page.getByText('Step 1 of 3')).toBeVisible();

    const usernameField = page.getByLabel('Username');
    for (const name of ['admin', 'pixelpat']) {
      await usernameField.fill(name);
      await expect(page.getByText('Username is not available')).toBeVisible();
      await expect(usernameField).toHaveAttribute('aria-invalid', 'true');
    }
    await page.getByLabel('Display Name').fill('Bro');
    await page.getByLabel('Bio').fill('Supporting people.');
    await page.getByLabel('Creator Type').selectOption('other');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await expect(usernameField).toBeFocused();
    expect(await me(page)).toMatchObject({ isCreator: false });
  });

  test('the whole wizard works with the keyboard alone', async ({ page, accounts }) => {
    // Signed up as a creator, not onboarded yet.
    await signIn(page, await accounts.create({ role: 'creator', name: 'Kim Keys', profile: false }));
    const username = newUsername('keys');
    await page.goto('/create');
    await expect(page.getByText('Step 1 of 3')).toBeVisible();

    await tabTo(page, 'Display Name');
    await page.keyboard.type('Kim Keys');
    await page.keyboard.press('Tab');
    await page.keyboard.type(username);
    await expect(page.getByText('Username is available!')).toBeVisible();
    await tabTo(page, 'Bio');
    await page.keyboard.type('Teaching keyboard shortcuts to everyone.');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Creator Type')).toBeFocused();
    // Content Creator, Entrepreneur, Educator/Teacher... arrow keys move through the native select.
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Creator Type')).toHaveValue('educator');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 2, name: 'Connect your platforms' })).toBeFocused();
    await tabTo(page, 'YouTube');
    await page.keyboard.type('-');
    // Enter in a field submits the step; the bad handle is refused and focused, its message announced.
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('YouTube')).toBeFocused();
    await expect(page.getByRole('alert')).toContainText('Enter a valid YouTube handle');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('kimkeys');
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 2, name: 'Support settings' })).toBeFocused();
    await tabTo(page, 'Goal Title');
    await page.keyboard.type('Ergonomic keyboards');
    await page.keyboard.press('Tab');
    await page.keyboard.type('250');
    // Under the goal, "Show earnings" (the goal's progress needs it), turned on with the space bar.
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Show earnings on my profile')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Show earnings on my profile')).toBeChecked();
    // The payout country: the first choice is the United States.
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Payout country')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Payout country')).toHaveValue('US');
    // Back with the keyboard keeps everything; Enter in a field of step 2 continues again.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Back' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Connect your platforms' })).toBeFocused();
    await expect(page.getByLabel('YouTube')).toHaveValue('kimkeys');
    await tabTo(page, 'Facebook');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Support settings' })).toBeFocused();
    await expect(page.getByLabel('Goal Amount')).toHaveValue('250');
    await expect(page.getByLabel('Payout country')).toHaveValue('US');
    await tabTo(page, 'Goal Amount');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(at(`/${username}`));
    expect(await me(page)).toMatchObject({ username, isCreator: true });
    // "Show earnings" came with the launch: the goal shows its progress.
    await expect(page.getByText(/raised of \$250/)).toBeVisible();
  });
});
