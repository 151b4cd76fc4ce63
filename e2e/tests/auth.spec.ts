import { expect, test, type Page } from './support/test';

/** Matches the whole path and query, so "/auth?next=/dashboard" never passes for "/dashboard". */
const at = (pathAndQuery: string) => (url: URL) => `${url.pathname}${url.search}` === pathAndQuery;

async function me(page: Page) {
  return (await (await page.request.get('/api/auth/me')).json()).user as {
    email: string;
    username: string | null;
    isCreator: boolean;
    userType: string;
  } | null;
}

test.describe('/auth: sign in and sign up on the real API', () => {
  test('a new supporter signs up from the landing link and lands on the supporter dashboard', async ({ page }) => {
    const email = `e2e-supporter-${Date.now()}@example.com`;
    await page.goto('/');
    await page.getByRole('link', { name: 'Be a Bro - Support Someone' }).click();
    await expect(page).toHaveURL(at('/auth?mode=signup&role=supporter'));
    await expect(page.getByRole('heading', { level: 1, name: 'Join Be a Bro' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Supporter/ })).toBeChecked();

    await page.getByLabel('Full Name').fill('Sam Supporter');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a good password');
    await page.getByLabel('Confirm Password').fill('a good password');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(at('/supporter-dashboard'));
    expect(await me(page)).toMatchObject({ email, userType: 'supporter', isCreator: false, username: null });
  });

  test('the form checks fields before asking the server, with the field messages next to them', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Full Name')).toBeFocused();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Email is invalid')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('shorter');
    await page.getByLabel('Confirm Password').blur();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    // No provider is built, so no social sign-in button is offered.
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(1);
  });

  test('a wrong password shows the red box', async ({ page, creator: CREATOR }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(CREATOR.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Authentication failed. Please try again.');
    await expect(page).toHaveURL(at('/auth'));
    expect(await me(page)).toBeNull();
  });

  test('a guarded route opened while signed out comes back after sign-in', async ({ page, creator: CREATOR }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(at('/auth?next=/dashboard'));
    await expect(page.getByRole('link', { name: 'Share your mission' })).toHaveAttribute('href', '/create');
    await page.getByLabel('Email').fill(CREATOR.email);
    await page.getByLabel('Password').fill(CREATOR.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // /dashboard belongs to mf-creator; whether or not it is deployed, the user is back where they were going.
    await expect(page).toHaveURL(at('/dashboard'));
    expect(await me(page)).toMatchObject({ email: CREATOR.email, username: CREATOR.username, isCreator: true });

    // Signed in, /auth has nothing to offer: it sends the user on.
    await page.goto('/auth?next=/help');
    await expect(page).toHaveURL(at('/help'));
    await page.goto('/auth');
    await expect(page).toHaveURL(at('/dashboard'));
  });
});
