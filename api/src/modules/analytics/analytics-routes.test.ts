import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsCsvColumns,
  ANALYTICS_MESSAGES,
  creatorAnalyticsSchema,
  type CreatorAnalytics,
} from '@beabro/shared/api-schemas/analytics';
import { pageViews } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { fakeSignedInCreator, fakeSupport } from '../public-profile/public-profile-test-factories';
import { changePercent, getCreatorAnalytics, mergeActivity, supportDistribution } from './analytics-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY_MS = 86_400_000;
const daysAgo = (days: number, from = new Date()) => new Date(from.getTime() - days * DAY_MS);

async function analytics(
  client: Awaited<ReturnType<typeof fakeUser>>['client'],
  query = '',
): Promise<CreatorAnalytics> {
  const res = await client.get(`/api/creator/analytics${query}`);
  expect(res.statusCode).toBe(200);
  return creatorAnalyticsSchema.parse(res.json());
}

describe('support distribution and activity order', () => {
  it('puts every amount in a range ($51+ included), equal counts with equal percentages', () => {
    const rows = supportDistribution([
      { amountCents: 100, count: 1 },
      { amountCents: 500, count: 1 },
      { amountCents: 501, count: 1 },
      { amountCents: 2_500, count: 1 },
      { amountCents: 5_000, count: 1 },
      { amountCents: 5_001, count: 1 },
    ]);
    expect(rows.map((r) => [r.range, r.count])).toEqual([
      ['$1-5', 2],
      ['$6-15', 1],
      ['$16-25', 1],
      ['$26-50', 1],
      ['$51+', 1],
    ]);
    expect(rows.map((r) => r.percentage)).toEqual([33.3, 16.7, 16.7, 16.7, 16.7]);
    // 12 supports split 1:1:1:1:... gave 8.4 % and 8.3 % for equal counts under largest-remainder rounding.
    const twelve = supportDistribution([
      { amountCents: 100, count: 1 },
      { amountCents: 600, count: 1 },
      { amountCents: 1_600, count: 1 },
      { amountCents: 2_600, count: 1 },
      { amountCents: 5_100, count: 8 },
    ]);
    expect(twelve.map((r) => r.percentage)).toEqual([8.3, 8.3, 8.3, 8.3, 66.7]);
    expect(supportDistribution([]).every((r) => r.count === 0 && r.percentage === 0)).toBe(true);
  });

  it('compares periods like the growth rate: one decimal, null without a previous figure', () => {
    expect(changePercent(1_500, 1_000)).toBe(50);
    expect(changePercent(0, 3)).toBe(-100);
    expect(changePercent(7, 0)).toBeNull();
  });

  it('orders activity newest first, the goal before the support that reached it', () => {
    const date = '2025-06-15T10:00:00.000Z';
    const merged = mergeActivity(
      [
        {
          type: 'support',
          date,
          amountCents: 500,
          supporter: 'A',
          isAnonymous: false,
          isRecurring: false,
          isRenewal: false,
        },
        { type: 'new_supporter', date, supporter: 'A', isAnonymous: false },
        { type: 'goal_reached', date, goalName: 'Mic', goalAmountCents: 500 },
        {
          type: 'support',
          date: '2025-06-16T00:00:00.000Z',
          amountCents: 100,
          supporter: null,
          isAnonymous: true,
          isRecurring: false,
          isRenewal: false,
        },
      ],
      3,
    );
    expect(merged.map((e) => e.type)).toEqual(['support', 'goal_reached', 'new_supporter']);
  });
});

describe('GET /api/creator/analytics', () => {
  it('asks visitors to sign in and tells an account without a creator page so', async () => {
    const visitor = t.client();
    expect((await visitor.get('/api/creator/analytics')).statusCode).toBe(401);
    expect((await visitor.get('/api/creator/analytics/export.csv')).statusCode).toBe(401);
    const { client } = await fakeUser(t, { role: 'supporter' });
    const res = await client.get('/api/creator/analytics');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'You have no creator page yet.' });
    expect((await client.get('/api/creator/analytics/export.csv')).statusCode).toBe(404);
  });

  it('refuses an unknown period with a field message', async () => {
    const { client } = await fakeSignedInCreator(t);
    for (const url of ['/api/creator/analytics?period=2w', '/api/creator/analytics/export.csv?period=all']) {
      const res = await client.get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ period: ANALYTICS_MESSAGES.periodInvalid });
    }
  });

  it('answers a creator with no supports with zeros and empty lists (30 days by default)', async () => {
    const { client } = await fakeSignedInCreator(t);
    const body = await analytics(client);
    expect(body.period).toBe('30d');
    expect(body.summary).toMatchObject({
      grossCents: 0,
      supports: 0,
      supporters: 0,
      averageSupportCents: 0,
      change: { grossPercent: null },
    });
    expect(body.earnings).toMatchObject({ granularity: 'day' });
    expect(body.earnings.buckets).toHaveLength(30);
    expect(body.topSupporters).toEqual([]);
    expect(body.recentActivity).toEqual([]);
    expect(body.traffic).toMatchObject({ profileViews: 0, supportPageViews: 0, conversionRatePercent: null });
  });

  it('matches the rows for each period, counts only the creator’s own supports, and compares with the period before', async () => {
    const { client, profile } = await fakeSignedInCreator(t, { goalTitle: 'New mic', goalAmountCents: 6_000 });
    const other = await fakeSignedInCreator(t);
    const id = profile.userId;
    const supporter = await fakeUser(t, { name: 'Account Holder' });
    // Before the 30-day period: Sam's first support (so Sam is not new later), and one in the previous 30 days.
    await fakeSupport(db(), id, {
      amountCents: 1_000,
      supporterName: 'Sam',
      supporterEmail: 'sam@example.com',
      createdAt: daysAgo(45),
    });
    // Within 30 days, outside 7 days.
    await fakeSupport(db(), id, {
      amountCents: 2_000,
      supporterName: 'Sam K.',
      supporterEmail: 'SAM@example.com',
      createdAt: daysAgo(20),
    });
    await fakeSupport(db(), id, {
      amountCents: 7_500,
      supporterName: 'Whale',
      supporterEmail: 'whale@example.com',
      createdAt: daysAgo(10),
      isRecurring: true,
    });
    // Within 7 days: two anonymous supporters, a signed-in supporter without a typed name, and a message with CSV traps.
    await fakeSupport(db(), id, {
      amountCents: 300,
      supporterName: 'Hidden One',
      supporterEmail: 'h1@example.com',
      isAnonymous: true,
      createdAt: daysAgo(3),
    });
    await fakeSupport(db(), id, {
      amountCents: 500,
      supporterName: null,
      supporterEmail: 'h2@example.com',
      isAnonymous: true,
      createdAt: daysAgo(2),
    });
    await fakeSupport(db(), id, {
      amountCents: 1_500,
      supporterName: '  ',
      supporterUserId: supporter.user.id,
      supporterEmail: supporter.email,
      createdAt: daysAgo(1),
    });
    await fakeSupport(db(), id, {
      amountCents: 2_500,
      supporterName: '=HYPERLINK("http://x.example")',
      supporterEmail: 'formula@example.com',
      message: 'Great stream, "really"\nSee you',
      createdAt: daysAgo(0.5),
    });
    await fakeSupport(db(), other.profile.userId, { amountCents: 9_900, createdAt: daysAgo(1) });
    const today = new Date().toISOString().slice(0, 10);
    await db()
      .insert(pageViews)
      .values([
        { creatorId: id, page: 'profile', day: today, count: 40 },
        { creatorId: id, page: 'support', day: today, count: 8 },
        { creatorId: id, page: 'support', day: daysAgo(20).toISOString().slice(0, 10), count: 12 },
        { creatorId: other.profile.userId, page: 'support', day: today, count: 500 },
      ]);

    const week = await analytics(client, '?period=7d');
    expect(week.summary).toMatchObject({
      grossCents: 300 + 500 + 1_500 + 2_500,
      supports: 4,
      supporters: 4,
      newSupporters: 4,
      averageSupportCents: 1_200,
      recurringSupports: 0,
      // The 7 days before: Whale's support only.
      previous: { grossCents: 7_500, supports: 1, supporters: 1 },
      change: { grossPercent: -36, supportsPercent: 300, supportersPercent: 300 },
    });
    expect(week.earnings.buckets).toHaveLength(7);
    expect(week.earnings.buckets.reduce((sum, b) => sum + b.grossCents, 0)).toBe(4_800);
    expect(week.traffic).toEqual({
      profileViews: 40,
      supportPageViews: 8,
      checkouts: 4,
      conversionRatePercent: 50,
      previous: { profileViews: 0, supportPageViews: 0 },
    });
    expect(week.topSupporters.map((s) => [s.kind, s.name, s.totalSupportCents, s.supports])).toEqual([
      ['supporter', '=HYPERLINK("http://x.example")', 2_500, 1],
      ['supporter', 'Account Holder', 1_500, 1],
      ['anonymous', 'Anonymous', 800, 2],
    ]);

    const month = await analytics(client, '?period=30d');
    expect(month.summary).toMatchObject({
      grossCents: 14_300,
      supports: 6,
      supporters: 6,
      // Sam gave before the period.
      newSupporters: 5,
      recurringSupports: 1,
      previous: { grossCents: 1_000, supports: 1, supporters: 1 },
    });
    expect(month.supportsByAmount.map((r) => [r.range, r.count])).toEqual([
      ['$1-5', 2],
      ['$6-15', 1],
      ['$16-25', 2],
      ['$26-50', 0],
      ['$51+', 1],
    ]);
    expect(month.traffic).toMatchObject({ supportPageViews: 20, checkouts: 6, conversionRatePercent: 30 });
    // Sam's two supports count as one supporter (same email), under the latest name given.
    expect(month.topSupporters[0]).toMatchObject({
      kind: 'supporter',
      name: 'Whale',
      totalSupportCents: 7_500,
      isRecurring: true,
    });
    expect(month.topSupporters).toContainEqual(
      expect.objectContaining({ name: 'Sam K.', totalSupportCents: 2_000, supports: 1 }),
    );
    expect(month.topSupporters.find((s) => s.kind === 'anonymous')).toMatchObject({ name: 'Anonymous', supports: 2 });
    expect(JSON.stringify(month)).not.toContain('Hidden One');

    // The goal ($60) was reached by the cumulative total with Whale's $75 support (10 days ago).
    const goal = month.recentActivity.find((e) => e.type === 'goal_reached');
    expect(goal).toMatchObject({ goalName: 'New mic', goalAmountCents: 6_000 });
    expect(Date.parse(goal?.date ?? '')).toBeCloseTo(daysAgo(10).getTime(), -5);
    expect(week.recentActivity.some((e) => e.type === 'goal_reached')).toBe(false);
    const newSupporters = month.recentActivity.filter((e) => e.type === 'new_supporter');
    expect(newSupporters).toHaveLength(5);
    expect(newSupporters.filter((e) => e.isAnonymous).every((e) => e.supporter === null)).toBe(true);
    expect(month.recentActivity.filter((e) => e.type === 'support')).toHaveLength(6);
    expect(month.recentActivity[0]).toMatchObject({
      type: 'new_supporter',
      supporter: '=HYPERLINK("http://x.example")',
    });

    const quarter = await analytics(client, '?period=90d');
    expect(quarter.summary).toMatchObject({ grossCents: 15_300, supports: 7, supporters: 6, newSupporters: 6 });
    expect(quarter.earnings.granularity).toBe('week');
    const year = await analytics(client, '?period=1y');
    expect(year.earnings.granularity).toBe('month');
    expect(year.earnings.buckets).toHaveLength(12);
    expect(year.summary.grossCents).toBe(15_300);
  });

  it('exports the period’s supports as an attachment, RFC 4180 quoted and formula-safe', async () => {
    const { client, profile } = await fakeSignedInCreator(t);
    await fakeSupport(db(), profile.userId, { amountCents: 1_000, supporterName: 'Old', createdAt: daysAgo(12) });
    await fakeSupport(db(), profile.userId, {
      amountCents: 2_500,
      supporterName: '=cmd|calc',
      message: 'Hi, "Pat"\nbye',
      createdAt: daysAgo(1),
    });
    await fakeSupport(db(), profile.userId, {
      amountCents: 500,
      supporterName: 'Secret',
      isAnonymous: true,
      createdAt: daysAgo(0.1),
    });

    const res = await client.get('/api/creator/analytics/export.csv?period=7d');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="beabro-supports-${profile.username}-7d-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(analyticsCsvColumns('usd').join(','));
    // The line break inside the quoted message is part of the field, not a new record.
    expect(lines[1]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z,'=cmd\|calc,25\.00,1\.25,1\.03,22\.72,One-time,"Hi, ""Pat""\nbye"$/,
    );
    expect(lines[2]).toMatch(/,Anonymous,5\.00,/);
    expect(res.body).not.toContain('Secret');
    expect(res.body).not.toContain('Old');
    expect(lines.at(-1)).toBe('');

    const month = await client.get('/api/creator/analytics/export.csv?period=30d');
    expect(month.body).toContain(',Old,10.00,');
    expect(month.body.slice(1).split('\r\n')).toHaveLength(lines.length + 1);
  });
});

describe('getCreatorAnalytics at a fixed time', () => {
  it('puts supports in the right UTC day and month buckets', async () => {
    const { profile } = await fakeSignedInCreator(t);
    const now = new Date('2025-06-15T10:00:00Z');
    await fakeSupport(db(), profile.userId, { amountCents: 1_000, createdAt: new Date('2025-06-14T23:59:59Z') });
    await fakeSupport(db(), profile.userId, { amountCents: 2_000, createdAt: new Date('2025-06-15T00:00:00Z') });
    await fakeSupport(db(), profile.userId, { amountCents: 4_000, createdAt: new Date('2024-07-01T00:00:00Z') });
    await fakeSupport(db(), profile.userId, { amountCents: 8_000, createdAt: new Date('2024-06-30T23:59:59Z') });

    const week = await getCreatorAnalytics(db(), profile.userId, '7d', now);
    expect(week.earnings.buckets.slice(-2).map((b) => [b.start, b.grossCents])).toEqual([
      ['2025-06-14', 1_000],
      ['2025-06-15', 2_000],
    ]);
    const year = await getCreatorAnalytics(db(), profile.userId, '1y', now);
    expect(year.range).toEqual({
      start: '2024-07-01',
      end: '2025-06-15',
      previousStart: '2023-07-01',
      previousEnd: '2024-06-30',
    });
    expect(year.earnings.buckets[0]).toMatchObject({ start: '2024-07-01', end: '2024-07-31', grossCents: 4_000 });
    expect(year.summary).toMatchObject({ grossCents: 7_000, previous: { grossCents: 8_000 } });
  });
});
