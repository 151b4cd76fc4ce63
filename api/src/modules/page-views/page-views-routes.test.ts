import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp, type TestClient } from '../../testing/test-app';
import { fakeCreator, fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import { recordPageView, utcDay } from './page-views-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

function view(
  client: TestClient,
  username: string,
  page: 'profile' | 'support' = 'profile',
  headers: Record<string, string> = {},
) {
  return client.request({
    method: 'POST',
    url: `/api/creators/${username}/views`,
    payload: { page },
    headers: { 'user-agent': BROWSER, ...headers },
  });
}

async function countOf(creatorId: string, page: 'profile' | 'support', day = utcDay(new Date())): Promise<number> {
  const [row] = await db()
    .select({ count: pageViews.count })
    .from(pageViews)
    .where(and(eq(pageViews.creatorId, creatorId), eq(pageViews.page, page), eq(pageViews.day, day)));
  return row?.count ?? 0;
}

describe('POST /api/creators/:username/views', () => {
  it('counts a visit to the profile and to the support page in today’s (UTC) counters', async () => {
    const creator = await fakeCreator(db());
    const res = await view(t.client(), creator.username, 'profile');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await view(t.client(), creator.username, 'support')).statusCode).toBe(204);
    expect((await view(t.client(), creator.username.toUpperCase(), 'support')).statusCode).toBe(204);
    expect(await countOf(creator.userId, 'profile')).toBe(1);
    expect(await countOf(creator.userId, 'support')).toBe(2);
  });

  it('counts a reload from the same visitor once, per page, while other visitors still count', async () => {
    const creator = await fakeCreator(db());
    const visitor = t.client();
    for (let i = 0; i < 3; i++) expect((await view(visitor, creator.username)).statusCode).toBe(204);
    await view(visitor, creator.username, 'support');
    await view(t.client(), creator.username);
    expect(await countOf(creator.userId, 'profile')).toBe(2);
    expect(await countOf(creator.userId, 'support')).toBe(1);
  });

  it('ignores crawlers, link-preview fetchers and requests without a User-Agent', async () => {
    const creator = await fakeCreator(db());
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
      'Mozilla/5.0 (compatible; bingpreview/2.0)',
      'SomeCrawler/1.0',
      'Spider-Man/3.0',
    ];
    for (const ua of bots)
      expect((await view(t.client(), creator.username, 'profile', { 'user-agent': ua })).statusCode, ua).toBe(204);
    const noAgent = await t.client().request({
      method: 'POST',
      url: `/api/creators/${creator.username}/views`,
      payload: { page: 'profile' },
      headers: { 'user-agent': '' },
    });
    expect(noAgent.statusCode).toBe(204);
    expect(await countOf(creator.userId, 'profile')).toBe(0);
  });

  it('ignores prefetches and prerenders', async () => {
    const creator = await fakeCreator(db());
    const prefetches: Array<Record<string, string>> = [
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
      { 'x-moz': 'prefetch' },
    ];
    for (const headers of prefetches) {
      expect((await view(t.client(), creator.username, 'profile', headers)).statusCode).toBe(204);
    }
    expect(await countOf(creator.userId, 'profile')).toBe(0);
  });

  it('does not count the creator looking at their own pages, but counts other signed-in people', async () => {
    const owner = await fakeSignedInCreator(t);
    await view(owner.client, owner.profile.username);
    await view(owner.client, owner.profile.username, 'support');
    expect(await countOf(owner.profile.userId, 'profile')).toBe(0);
    expect(await countOf(owner.profile.userId, 'support')).toBe(0);
    const someone = await fakeUser(t);
    await view(someone.client, owner.profile.username);
    expect(await countOf(owner.profile.userId, 'profile')).toBe(1);
  });

  it('answers 404 for an unknown creator, 400 for an unknown page, 403 without the CSRF header', async () => {
    const creator = await fakeCreator(db());
    const unknown = await view(t.client(), 'no_such_creator_here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Creator not found' });
    expect((await view(t.client(), 'not-a-username!')).statusCode).toBe(404);
    const badPage = await t.client().request({
      method: 'POST',
      url: `/api/creators/${creator.username}/views`,
      payload: { page: 'dashboard' },
      headers: { 'user-agent': BROWSER },
    });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().fieldErrors).toHaveProperty('page');
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/creators/${creator.username}/views`,
      payload: { page: 'profile' },
      headers: { 'user-agent': BROWSER },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await countOf(creator.userId, 'profile')).toBe(0);
  });

  it('loses no count when many visitors arrive at once (one atomic upsert)', async () => {
    const creator = await fakeCreator(db());
    const results = await Promise.all(Array.from({ length: 25 }, () => view(t.client(), creator.username)));
    expect(results.every((r) => r.statusCode === 204)).toBe(true);
    expect(await countOf(creator.userId, 'profile')).toBe(25);
  });
});

describe('recordPageView', () => {
  const request = (username: string, ip: string) => ({
    username,
    page: 'profile' as const,
    viewerId: null,
    ip,
    headers: { 'user-agent': BROWSER },
  });

  it('keeps one row per UTC day, and counts the same visitor again after half an hour', async () => {
    const creator = await fakeCreator(db());
    const lateEvening = new Date('2030-03-01T23:50:00.000Z');
    expect(await recordPageView(db(), request(creator.username, '192.0.2.1'), lateEvening)).toBe('counted');
    expect(
      await recordPageView(db(), request(creator.username, '192.0.2.1'), new Date('2030-03-01T23:55:00.000Z')),
    ).toBe('repeat');
    expect(
      await recordPageView(db(), request(creator.username, '192.0.2.1'), new Date('2030-03-02T00:31:00.000Z')),
    ).toBe('counted');
    expect(
      await recordPageView(db(), request(creator.username, '192.0.2.2'), new Date('2030-03-02T00:32:00.000Z')),
    ).toBe('counted');
    expect(await countOf(creator.userId, 'profile', '2030-03-01')).toBe(1);
    expect(await countOf(creator.userId, 'profile', '2030-03-02')).toBe(2);
  });

  it('says why a view was not counted', async () => {
    const creator = await fakeCreator(db());
    expect(
      await recordPageView(db(), {
        ...request(creator.username, '192.0.2.9'),
        headers: { 'user-agent': 'Twitterbot/1.0' },
      }),
    ).toBe('bot');
    expect(
      await recordPageView(db(), {
        ...request(creator.username, '192.0.2.9'),
        headers: { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' },
      }),
    ).toBe('prefetch');
    expect(await recordPageView(db(), { ...request(creator.username, '192.0.2.9'), viewerId: creator.userId })).toBe(
      'owner',
    );
    expect(await countOf(creator.userId, 'profile')).toBe(0);
  });
});
