import { expect, signIn, test, type APIRequestContext } from './support/test';

interface PublicProfile {
  username: string;
  displayName: string;
  bio: string;
  followers: number;
  supporterCount: number | null;
  goal: { percent: number | null; supporterCount: number | null } | null;
  recentSupports: Array<{ name: string | null }>;
}

async function apiProfile(request: APIRequestContext, username: string): Promise<PublicProfile> {
  const res = await request.get(`/api/creators/${username}`);
  expect(res.status()).toBe(200);
  return res.json();
}

function metaContent(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
}

test.describe('public creator profile /{username}', () => {
  test('shows the creator from the database', async ({ page }) => {
    const profile = await apiProfile(page.request, 'pixelpat');
    await page.goto('/pixelpat');
    await expect(page.getByRole('heading', { level: 1, name: profile.displayName })).toBeVisible();
    await expect(page).toHaveTitle('Pixel Pat (@pixelpat) - Be a Bro');
    const community = page.getByRole('list', { name: 'Community' });
    await expect(community).toContainText(`${profile.followers.toLocaleString('en-US')} followers`);
    await expect(community).toContainText(`${profile.supporterCount} supporters`);
    await expect(page.getByText(profile.bio)).toBeVisible();
    // Pat hides earnings (the default): the goal line has no percentage, which would give them away.
    expect(profile.goal?.percent).toBeNull();
    await expect(
      page.getByText(`${profile.goal?.supporterCount} people are supporting this mission!`, { exact: true }),
    ).toBeVisible();
    const twitch = page.getByRole('link', { name: /Twitch/ });
    await expect(twitch).toHaveAttribute('href', 'https://www.twitch.tv/pixelpat_live');
    await expect(twitch).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByRole('region', { name: 'Recent Support' }).getByRole('listitem')).toHaveCount(
      profile.recentSupports.length,
    );
    await expect(page.getByRole('link', { name: 'Sign in to follow' })).toHaveAttribute('href', '/auth?next=/pixelpat');
    await expect(page.getByRole('link', { name: 'Be a Bro', exact: true }).last()).toHaveAttribute('href', '/create');
  });

  test('the raw HTML of /pixelpat carries the OpenGraph and Twitter card tags', async ({ request, baseURL }) => {
    const profile = await apiProfile(request, 'pixelpat');
    const res = await request.get('/pixelpat');
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<title>Pixel Pat on Be a Bro</title>');
    expect(metaContent(html, 'og:title')).toBe('Pixel Pat on Be a Bro');
    expect(metaContent(html, 'og:description')).toBe(profile.bio);
    expect(metaContent(html, 'og:url')).toBe(`${baseURL}/pixelpat`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    const image = metaContent(html, 'og:image') ?? '';
    expect(image).toMatch(/^https?:\/\//);
    const imageRes = await request.get(image);
    expect(imageRes.status()).toBe(200);
    expect(imageRes.headers()['content-type']).toMatch(/^image\//);
  });

  test('an unknown username gets a real "creator not found" page, and the server answers 404', async ({ page }) => {
    const res = await page.request.get('/no_such_bro_here');
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('<div id="root">');
    await page.goto('/no_such_bro_here');
    await expect(page.getByRole('heading', { level: 1, name: 'Creator not found' })).toBeVisible();
    await expect(page.getByText('@no_such_bro_here')).toBeVisible();
    await expect(page).toHaveTitle('Creator not found - Be a Bro');
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('a tier chosen on the profile is carried to the support page', async ({ page }) => {
    await page.goto('/pixelpat');
    // A tier is a link (to /pixelpat?tier=2 without JavaScript); once the page runs it is chosen in place.
    await page.getByRole('link', { name: /^True Believer/ }).click();
    await expect(page.getByRole('link', { name: /^True Believer/ })).toHaveAttribute('aria-current', 'true');
    await expect(page).toHaveURL(/\/pixelpat$/);
    await page.getByRole('link', { name: 'Continue with True Believer ($25/month)' }).click();
    await expect(page).toHaveURL(/\/pixelpat\/support\?tier=2$/);
    await expect(page.getByRole('button', { name: /True Believer/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('checkbox', { name: 'Make this a monthly support' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Support with $25/month' })).toBeEnabled();
    await page.getByRole('link', { name: /Back to profile/ }).click();
    await expect(page).toHaveURL(/\/pixelpat$/);
  });

  test('Share copies the profile address where the device cannot share', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Desktop Chromium on Linux has no share sheet; make sure of it so the test is the same everywhere.
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }),
    );
    await page.goto('/pixelpat');
    // Share is the summary of a <details> (a panel with the page's link without JavaScript).
    await page.locator('summary', { hasText: 'Share' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/pixelpat`);
  });

  test('a signed-in supporter follows and unfollows', async ({ page, supporter, creator }) => {
    // Both of the test's own, so no demo creator's followers change.
    await signIn(page, supporter);
    const username = creator.username!;
    const before = await apiProfile(page.request, username);
    await page.goto(`/${username}`);
    const community = page.getByRole('list', { name: 'Community' });
    const follow = page.getByRole('button', { name: /^(Follow|Following)$/ });
    await expect(follow).toBeVisible();
    const wasFollowing = (await follow.getAttribute('aria-pressed')) === 'true';
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', String(!wasFollowing));
    const changed = before.followers + (wasFollowing ? -1 : 1);
    await expect(community).toContainText(`${changed} follower${changed === 1 ? '' : 's'}`);
    expect((await apiProfile(page.request, username)).followers).toBe(changed);
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', String(wasFollowing));
    expect((await apiProfile(page.request, username)).followers).toBe(before.followers);
  });

  test('looks right on a phone: no sideways scrolling on either page', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/pixelpat', '/pixelpat/support']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        path,
      ).toBeLessThanOrEqual(0);
    }
  });
});
