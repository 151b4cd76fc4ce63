import type { APIRequestContext } from '@playwright/test';
import { unique } from './support/journeys';
import { fillSandboxCard } from './support/sandbox-card';
import { expect, test } from './support/test';
import { csrf } from './support/csrf';

/*
 * Posts for supporters (issue 31): a creator publishes a post for "Fuel the Journey and above" from the dashboard;
 * a visitor sees only its locked teaser (in the server's HTML too); a supporter who pays that tier reads it on
 * the profile, on the post's page and in their dashboard's feed. The creator then deletes it. It makes its own
 * creator (the servers on PostgreSQL start with an empty database).
 */

const BODY = 'The studio is finally soundproofed. Thank you for making it happen!';

async function signUp(request: APIRequestContext, name: string, role: 'creator' | 'supporter') {
  const email = `e2e-posts-${role}-${unique()}@example.com`;
  const password = 'a good password 123';
  const res = await request.post('/api/auth/sign-up', {
    headers: csrf,
    data: { name, email, password, confirmPassword: password, role },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('posts for supporters', () => {
  test('a creator posts for a tier and above; a visitor sees the teaser; a supporter of that tier reads it', async ({
    page,
    browser,
  }) => {
    test.slow();
    const creatorContext = await browser.newContext();
    const creator = await creatorContext.newPage();
    await signUp(creator.request, 'Polly Post', 'creator');
    const username = `posts_${unique()}`;
    const made = await creator.request.post('/api/creator-profile', {
      headers: csrf,
      data: {
        displayName: 'Post Office',
        username,
        bio: 'A page that writes to its supporters.',
        creatorType: 'artist',
      },
    });
    expect(made.status(), await made.text()).toBe(201);

    // The creator writes and publishes the post from the dashboard.
    await creator.goto('/dashboard');
    await creator.getByRole('link', { name: 'Posts', exact: true }).click();
    await expect(creator.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
    await creator.getByRole('link', { name: 'Write your first post' }).click();
    await creator.getByLabel('Title').fill('Studio update');
    await creator.getByRole('textbox', { name: 'Post' }).fill(BODY);
    await creator.getByLabel('A tier and above').check();
    await creator
      .getByLabel('Lowest tier that can read it')
      .selectOption({ label: 'Fuel the Journey ($15) and above' });
    await creator.getByRole('button', { name: 'Publish' }).click();
    await expect(creator.getByRole('heading', { level: 1, name: 'Edit post' })).toBeVisible();
    await expect(creator.getByRole('button', { name: 'Save changes' })).toBeVisible();
    const postPath = await creator.getByRole('link', { name: 'View post' }).getAttribute('href');
    expect(postPath).toMatch(new RegExp(`^/${username}/posts/[a-z0-9-]+$`));
    // The preview is the server's rendering of the saved text.
    await creator.getByRole('tab', { name: 'Preview' }).click();
    await expect(creator.getByTestId('post-preview')).toHaveText(BODY);

    // A visitor sees the teaser, never the body: in the browser and in the server's HTML.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/${username}`);
    const visitorPosts = visitor.getByRole('region', { name: 'Posts' });
    const teaser = visitorPosts.getByRole('article', { name: 'Studio update' });
    await expect(teaser).toContainText('Fuel the Journey and above can read this post.');
    await expect(teaser.getByRole('link', { name: /^Support to read/ })).toHaveAttribute(
      'href',
      `/${username}/support`,
    );
    await expect(visitorPosts).not.toContainText(BODY);
    for (const path of [`/${username}`, postPath!]) {
      const html = await (await visitorContext.request.get(path)).text();
      expect(html, path).toContain('Studio update');
      expect(html, path).toContain('can read this post');
      expect(html, path).not.toContain('soundproofed');
    }
    await visitor.goto(postPath!);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Studio update' })).toBeVisible();
    await expect(visitor.getByRole('main')).not.toContainText(BODY);
    await visitorContext.close();

    // A supporter pays that tier, then reads the post on the profile, on its page and in their feed.
    await signUp(page.request, 'Sid Supporter', 'supporter');
    await page.goto(`/${username}`);
    await expect(page.getByRole('region', { name: 'Posts' })).toContainText('can read this post.');
    await page.goto(`/${username}/support`);
    await page.getByRole('button', { name: /Fuel the Journey/ }).click();
    await fillSandboxCard(page);
    await page.getByRole('button', { name: 'Support with $15' }).click();
    await expect(page.getByText('Thank you for supporting Post Office!')).toBeVisible();
    const post = page.getByRole('region', { name: 'Posts' }).getByRole('article', { name: 'Studio update' });
    await expect(post).toContainText(BODY);
    await expect(post.getByRole('link', { name: /^Support to read/ })).toHaveCount(0);

    await post.getByRole('link', { name: 'Studio update' }).click();
    await expect(page).toHaveURL((url) => url.pathname === postPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Studio update' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(BODY);

    await page.goto('/supporter-dashboard?tab=posts');
    const feed = page.getByRole('region', { name: 'Posts from creators you support' });
    const inFeed = feed.getByRole('article', { name: 'Studio update' });
    await expect(inFeed).toContainText(BODY);
    await expect(inFeed.getByRole('link', { name: 'Post Office' })).toHaveAttribute('href', `/${username}`);

    // The creator deletes the post: it is gone from the feed and its page says so.
    await creator.goto('/dashboard/posts');
    await creator.getByRole('button', { name: 'Delete “Studio update”' }).click();
    await creator
      .getByRole('dialog', { name: 'Delete this post?' })
      .getByRole('button', { name: 'Delete post' })
      .click();
    await expect(creator.getByText('No posts yet')).toBeVisible();
    await page.reload();
    await expect(feed.getByRole('heading', { name: 'No posts yet' })).toBeVisible();
    await page.goto(postPath!);
    await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
    await creatorContext.close();
  });
});
