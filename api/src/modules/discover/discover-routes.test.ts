import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVER_MESSAGES, type DiscoverResponseDto } from '@beabro/shared/api-schemas/discover';
import { users } from '../../db/schema';
import { INVALID_INPUT_MESSAGE } from '../../lib/messages';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fakeCreator, fakeSupport } from '../public-profile/public-profile-test-factories';
import { bioExcerpt } from './discover-service';
import { escapeLike } from './discover-repository';

let t: TestApp;
const DAY = 86_400_000;
const LONG_BIO =
  'We organise neighbourhood clean-ups every weekend, run repair cafés for broken bikes and toasters, and teach kids how to compost at home with worms and kitchen scraps.';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
  const withSupporters = async (userId: string, count: number, amountCents = 500) => {
    for (let i = 0; i < count; i++) await fakeSupport(db, userId, { amountCents });
  };
  const alpha = await fakeCreator(db, {
    username: 'zed_alpha',
    displayName: 'Zed Alpha',
    bio: 'Painting murals downtown',
    creatorType: 'artist',
    createdAt: daysAgo(5),
    goalAmountCents: 2_500,
    showEarnings: true,
  });
  await withSupporters(alpha.userId, 3);
  const beta = await fakeCreator(db, {
    username: 'betabaker',
    displayName: 'Beta Bakes',
    bio: 'I bake 100% sourdough bread',
    creatorType: 'business',
    createdAt: daysAgo(4),
    showSupporterCount: false,
  });
  await withSupporters(beta.userId, 5);
  // Two creators hide their count: beta has the most supporters of all, gamma fewer but is newer.
  const gamma = await fakeCreator(db, {
    username: 'gamma_ray',
    displayName: 'Gamma Ray',
    bio: 'Science videos for kids',
    creatorType: 'educator',
    createdAt: daysAgo(3),
    showSupporterCount: false,
  });
  await withSupporters(gamma.userId, 1);
  await fakeCreator(db, {
    username: 'delta_x',
    displayName: 'Delta Force',
    bio: 'Under_score fan',
    creatorType: 'creator',
    createdAt: daysAgo(2),
    profileImage: '/uploads/0123456789abcdef0123456789abcdef.png',
    coverImage: 'javascript:alert(1)',
  });
  // A goal, with earnings hidden (the default): $15 of $30 raised, which its progress would give away.
  const eta = await fakeCreator(db, {
    username: 'eta_tie',
    displayName: 'Eta Tie',
    bio: LONG_BIO,
    creatorType: 'changemaker',
    createdAt: daysAgo(1),
    goalAmountCents: 3_000,
  });
  await withSupporters(eta.userId, 3);
  // Never listed: a deleted profile and a deleted account, both with many supporters and matching words.
  const gone = await fakeCreator(db, {
    username: 'eps_deleted',
    displayName: 'Eps Murals',
    bio: 'murals',
    creatorType: 'artist',
    deletedAt: new Date(),
  });
  await withSupporters(gone.userId, 10);
  const closed = await fakeCreator(db, {
    username: 'zeta_closed',
    displayName: 'Zeta Murals',
    bio: 'murals',
    creatorType: 'artist',
  });
  await withSupporters(closed.userId, 10);
  await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, closed.userId));
});
afterAll(() => t.close());

async function discover(query = ''): Promise<DiscoverResponseDto> {
  const res = await t.client().get(`/api/discover${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}
const usernames = async (query = '') => (await discover(query)).items.map((i) => i.username);

describe('GET /api/discover', () => {
  it('lists live creators by distinct supporters, ties by newest, 12 a page by default', async () => {
    const page = await discover();
    expect(page.items.map((i) => i.username)).toEqual(['eta_tie', 'zed_alpha', 'delta_x', 'gamma_ray', 'betabaker']);
    expect(page).toMatchObject({ page: 1, pageSize: 12, total: 5 });
  });

  it('sorts by newest on request', async () => {
    expect(await usernames('?sort=newest')).toEqual(['eta_tie', 'delta_x', 'gamma_ray', 'betabaker', 'zed_alpha']);
    expect(await usernames('?sort=supporters')).toEqual(['eta_tie', 'zed_alpha', 'delta_x', 'gamma_ray', 'betabaker']);
  });

  it('withholds a hidden supporter count, and never sorts by it: such creators come last, newest first', async () => {
    const items = (await discover()).items;
    // beta has the most supporters (5) and gamma one, yet both come after every shown count, gamma (newer) first.
    expect(items.slice(-2)).toMatchObject([
      { username: 'gamma_ray', supporterCount: null },
      { username: 'betabaker', supporterCount: null },
    ]);
    expect(items.find((i) => i.username === 'zed_alpha')?.supporterCount).toBe(3);
    expect(items.find((i) => i.username === 'delta_x')?.supporterCount).toBe(0);
  });

  it('shows goal progress only for creators who show their earnings', async () => {
    const items = (await discover()).items;
    expect(items.find((i) => i.username === 'zed_alpha')?.goalPercent).toBe(60);
    expect(items.find((i) => i.username === 'eta_tie')?.goalPercent).toBeNull();
  });

  it('describes each creator for the card: type label, excerpt, images and goal percentage', async () => {
    const items = (await discover()).items;
    expect(items.find((i) => i.username === 'zed_alpha')).toEqual({
      username: 'zed_alpha',
      displayName: 'Zed Alpha',
      creatorType: 'artist',
      creatorTypeLabel: 'Artist/Creative',
      bioExcerpt: 'Painting murals downtown',
      profileImageUrl: null,
      coverImageUrl: null,
      supporterCount: 3,
      goalPercent: 60,
    });
    expect(items.find((i) => i.username === 'gamma_ray')?.goalPercent).toBeNull();
    expect(items.find((i) => i.username === 'delta_x')).toMatchObject({
      profileImageUrl: '/uploads/0123456789abcdef0123456789abcdef.png',
      coverImageUrl: null,
    });
    const eta = items.find((i) => i.username === 'eta_tie');
    expect(eta?.bioExcerpt).toBe(bioExcerpt(LONG_BIO));
    expect(eta?.bioExcerpt.length).toBeLessThanOrEqual(140);
    expect(eta?.bioExcerpt.endsWith('…')).toBe(true);
  });

  it('searches display name, username and bio, case-insensitively', async () => {
    expect(await usernames('?q=MURAL')).toEqual(['zed_alpha']);
    expect(await usernames('?q=zed')).toEqual(['zed_alpha']);
    expect(await usernames('?q=BetaBaker')).toEqual(['betabaker']);
    expect(await usernames('?q=gamma%20ray')).toEqual(['gamma_ray']);
    expect(await usernames('?q=%20%20science%20')).toEqual(['gamma_ray']);
    const none = await discover('?q=nothing-matches-this');
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('treats % and _ as literal characters', async () => {
    expect(await usernames('?q=%25')).toEqual(['betabaker']);
    const underscore = await discover('?q=_');
    expect(underscore.total).toBe(4);
    expect(underscore.items.map((i) => i.username)).not.toContain('betabaker');
    expect((await discover('?q=%5C')).total).toBe(0);
  });

  it('filters by creator type, and combines it with search; an empty type means all', async () => {
    expect(await usernames('?type=artist')).toEqual(['zed_alpha']);
    expect(await usernames('?type=educator&q=kids')).toEqual(['gamma_ray']);
    expect(await usernames('?type=artist&q=kids')).toEqual([]);
    expect((await discover('?type=')).total).toBe(5);
  });

  it('pages through the results with a stable total', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => discover(`?pageSize=2&page=${page}`)));
    expect(pages.map((p) => p.items.map((i) => i.username))).toEqual([
      ['eta_tie', 'zed_alpha'],
      ['delta_x', 'gamma_ray'],
      ['betabaker'],
      [],
    ]);
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
    expect(pages[1]).toMatchObject({ page: 2, pageSize: 2 });
    const filtered = await discover('?q=a&type=artist&pageSize=1');
    expect(filtered).toMatchObject({ total: 1, pageSize: 1 });
  });

  it('answers 400 with a message per bad parameter', async () => {
    const cases: [string, string, string][] = [
      ['?type=gaming', 'type', DISCOVER_MESSAGES.typeInvalid],
      ['?sort=popular', 'sort', DISCOVER_MESSAGES.sortInvalid],
      ['?page=0', 'page', DISCOVER_MESSAGES.pageInvalid],
      ['?page=abc', 'page', DISCOVER_MESSAGES.pageInvalid],
      ['?page=1.5', 'page', DISCOVER_MESSAGES.pageInvalid],
      ['?page=1001', 'page', DISCOVER_MESSAGES.pageInvalid],
      ['?pageSize=0', 'pageSize', DISCOVER_MESSAGES.pageSizeInvalid],
      ['?pageSize=51', 'pageSize', DISCOVER_MESSAGES.pageSizeInvalid],
      [`?q=${'x'.repeat(101)}`, 'q', DISCOVER_MESSAGES.queryTooLong],
    ];
    for (const [query, field, message] of cases) {
      const res = await t.client().get(`/api/discover${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message: INVALID_INPUT_MESSAGE, fieldErrors: { [field]: message } });
    }
  });
});

describe('bioExcerpt', () => {
  it('keeps short bios whole, collapsing whitespace', () => {
    expect(bioExcerpt('  Short   and\nsweet ')).toBe('Short and sweet');
    expect(bioExcerpt('x'.repeat(140))).toBe('x'.repeat(140));
  });

  it('cuts long bios at a word boundary, within 140 characters including the ellipsis', () => {
    const excerpt = bioExcerpt(LONG_BIO);
    expect(excerpt.length).toBeLessThanOrEqual(140);
    expect(excerpt).toBe(
      'We organise neighbourhood clean-ups every weekend, run repair cafés for broken bikes and toasters, and teach kids how to compost at home…',
    );
    expect(bioExcerpt('aaaa bbbb cccc', 10)).toBe('aaaa bbbb…');
    expect(bioExcerpt('aaaa, bbbbbbbbbb', 10)).toBe('aaaa…');
  });

  it('cuts a single overlong word mid-word rather than returning nothing', () => {
    expect(bioExcerpt('x'.repeat(200))).toBe(`${'x'.repeat(139)}…`);
  });
});

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});
