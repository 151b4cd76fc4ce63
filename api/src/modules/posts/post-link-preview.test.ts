import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app';
import { fakeSignedInCreator } from '../public-profile/public-profile-test-factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ALLOWED_HOSTS: 'beabro.example' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const HOST = 'beabro.example';
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: HOST } });
const SECRET = 'the secret body words';

function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

async function publish(client: TestClient, fields: Record<string, unknown>) {
  const res = await client.post('/api/creator/posts', {
    title: 'Studio notes',
    bodyMarkdown: `Here are ${SECRET} of the week.`,
    audience: 'everyone',
    publish: true,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post as { id: string; slug: string };
}

describe('link previews of /{username}/posts/{slug}', () => {
  it('shows the title and the excerpt of a post everyone may read', async () => {
    const creator = await fakeSignedInCreator(t, { displayName: 'Pixel Pat' });
    const post = await publish(creator.client, {});
    const res = await page(`/${creator.profile.username}/posts/${post.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Studio notes · Pixel Pat on Be a Bro</title>');
    expect(metaContent(res.body, 'og:type')).toBe('article');
    expect(metaContent(res.body, 'og:description')).toBe(`Here are ${SECRET} of the week.`);
    expect(metaContent(res.body, 'og:url')).toBe(`http://${HOST}/${creator.profile.username}/posts/studio-notes`);
    // By id, the canonical URL is the slug's.
    const byId = await page(`/${creator.profile.username}/posts/${post.id}`);
    expect(metaContent(byId.body, 'og:url')).toBe(`http://${HOST}/${creator.profile.username}/posts/studio-notes`);
  });

  it('never leaks a locked body: it says who can read it, and when everyone can', async () => {
    const creator = await fakeSignedInCreator(t, { displayName: 'Pixel Pat' });
    const tier = await publish(creator.client, { title: 'For champions', audience: 'tier', minTierPosition: 2 });
    const tierPage = await page(`/${creator.profile.username}/posts/${tier.slug}`);
    expect(tierPage.statusCode).toBe(200);
    expect(tierPage.body).not.toContain(SECRET);
    expect(metaContent(tierPage.body, 'og:description')).toMatch(
      /^Supporters of Pixel Pat at .+ and above can read this post\. Support Pixel Pat on Be a Bro to read it\.$/,
    );

    const monthly = await publish(creator.client, { title: 'Monthly', audience: 'monthly' });
    expect(metaContent((await page(`/${creator.profile.username}/posts/${monthly.slug}`)).body, 'description')).toBe(
      'Monthly supporters of Pixel Pat can read this post. Support Pixel Pat on Be a Bro to read it.',
    );

    const early = await publish(creator.client, { title: 'Early', audience: 'supporters', earlyAccessDays: 7 });
    const earlyPage = await page(`/${creator.profile.username}/posts/${early.slug}`);
    expect(earlyPage.body).not.toContain(SECRET);
    expect(metaContent(earlyPage.body, 'og:description')).toMatch(
      /^Supporters of Pixel Pat can read this post\. Everyone can read it from \w+ \d+, \d{4}\. Support/,
    );
    // Once early access is over, the excerpt shows.
    await db()
      .update(posts)
      .set({ publishedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(posts.id, early.id));
    expect(metaContent((await page(`/${creator.profile.username}/posts/${early.slug}`)).body, 'og:description')).toBe(
      `Here are ${SECRET} of the week.`,
    );
  });

  it('is a 404 page for a draft, an unknown post and another creator’s post', async () => {
    const creator = await fakeSignedInCreator(t);
    const other = await fakeSignedInCreator(t);
    const draft = await creator.client.post('/api/creator/posts', {
      title: 'Draft',
      bodyMarkdown: SECRET,
      audience: 'everyone',
    });
    const theirs = await publish(other.client, {});
    for (const url of [
      `/${creator.profile.username}/posts/draft`,
      `/${creator.profile.username}/posts/${draft.json().post.id as string}`,
      `/${creator.profile.username}/posts/nothing-here`,
      `/${creator.profile.username}/posts/${theirs.slug}`,
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(SECRET);
    }
  });

  it('serves the unsubscribe page of post emails uncached (its address carries the token)', async () => {
    const res = await page('/subscriptions/unsubscribe?token=abc');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
