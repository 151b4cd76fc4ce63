import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema, type CheckoutRequest } from '@beabro/shared/api-schemas/checkout';
import type { SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import { calculateFees } from '@beabro/shared/money/fees';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { pageViews, users } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { checkoutBody, moneyDeps, payCheckout, paySupport } from '../checkout/checkout-test-factories';
import { fakeCreator, fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import { getCreatorDashboard, growthRatePercent, percentOneDecimal } from './creator-dashboard-service';
import { getSupporterDashboard } from './supporter-dashboard-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const net = (dollars: number) => calculateFees(dollars * 100, 'usd').creatorNetCents;
let ip = 0;

async function supportAt(
  username: string,
  at: string,
  overrides: Partial<CheckoutRequest>,
  viewer: SessionUser | null = null,
) {
  const body = checkoutRequestSchema.parse(checkoutBody(overrides));
  return paySupport(moneyDeps(t, new Date(at)), username, body, viewer, `10.55.0.${++ip}`);
}

describe('growth and rates', () => {
  it('growth is (this - last) / last with one decimal, null when last month is 0', () => {
    expect(growthRatePercent(4_500, 3_000)).toBe(50);
    expect(growthRatePercent(1_000, 3_000)).toBe(-66.7);
    expect(growthRatePercent(1_001, 1_000)).toBe(0.1);
    expect(growthRatePercent(500, 0)).toBeNull();
    expect(percentOneDecimal(3, 40)).toBe(7.5);
    expect(percentOneDecimal(0, 0)).toBeNull();
  });
});

describe('creator dashboard', () => {
  it('matches the rows: earnings, months, growth, supporters, views, conversion, goal and recent supports', async () => {
    const { profile, client } = await fakeSignedInCreator(t, {
      country: 'US',
      goalTitle: 'New camera',
      goalAmountCents: 10_000,
      displayName: 'Pat',
    });
    const u = profile.username;
    await supportAt(u, '2026-10-05T10:00:00Z', { amount: 10, email: 'a@example.com', name: 'Alex' });
    await supportAt(u, '2026-10-15T10:00:00Z', { amount: 20, email: 'b@example.com', name: 'Bo' });
    await supportAt(u, '2026-11-02T10:00:00Z', { amount: 25, email: 'A@example.com', name: 'Alex', message: 'Again!' });
    await supportAt(u, '2026-11-10T10:00:00Z', { amount: 5, email: 'c@example.com', name: 'Cy', isAnonymous: true });
    await supportAt(u, '2026-11-20T10:00:00Z', { amount: 15, email: 'd@example.com', name: 'Di', isRecurring: true });
    await db()
      .insert(pageViews)
      .values([
        { creatorId: profile.userId, page: 'profile', day: '2026-11-01', count: 60 },
        { creatorId: profile.userId, page: 'profile', day: '2026-11-21', count: 40 },
        { creatorId: profile.userId, page: 'support', day: '2026-11-20', count: 40 },
        { creatorId: profile.userId, page: 'support', day: '2026-10-10', count: 999 },
      ]);

    const dashboard = await getCreatorDashboard(db(), profile.userId, new Date('2026-11-21T12:00:00Z'));
    expect(dashboard).toMatchObject({
      totalEarnings: { grossCents: 7_500, netCents: net(10) + net(20) + net(25) + net(5) + net(15) },
      thisMonth: { grossCents: 4_500, netCents: net(25) + net(5) + net(15) },
      lastMonth: { grossCents: 3_000, netCents: net(10) + net(20) },
      growthRatePercent: 50,
      totalSupporters: 4,
      newSupporters: 2,
      recurringSupports: 1,
      viewsWindowDays: 30,
      profileViews: 100,
      supportPageViews: 40,
      conversionRatePercent: 7.5,
      goal: { title: 'New camera', amountCents: 10_000, raisedCents: 7_500, percent: 75, supporterCount: 4 },
      balanceCents: net(10) + net(20) + net(25) + net(5) + net(15),
      nextPayout: {
        scheduledFor: '2026-11-24',
        weekStart: '2026-11-16',
        estimatedAmountCents: net(10) + net(20) + net(25) + net(5) + net(15),
        holdReason: null,
      },
    });
    expect(dashboard.recentSupports.map((s) => [s.name, s.amountCents, s.isAnonymous, s.isRecurring])).toEqual([
      ['Di', 1_500, false, true],
      [null, 500, true, false],
      ['Alex', 2_500, false, false],
      ['Bo', 2_000, false, false],
      ['Alex', 1_000, false, false],
    ]);
    expect(dashboard.recentSupports[2]).toMatchObject({ message: 'Again!', creatorNetCents: net(25) });

    const res = await client.get('/api/creator/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      totalEarnings: dashboard.totalEarnings,
      totalSupporters: 4,
      goal: { percent: 75 },
    });
  });

  it('caps the goal at 100%, and has no growth rate or conversion without a last month or views', async () => {
    const creator = await fakeCreator(db(), { goalAmountCents: 1_000 });
    await supportAt(creator.username, '2026-11-03T10:00:00Z', { amount: 50 });
    const dashboard = await getCreatorDashboard(db(), creator.userId, new Date('2026-11-21T12:00:00Z'));
    expect(dashboard).toMatchObject({
      growthRatePercent: null,
      conversionRatePercent: null,
      goal: { percent: 100, raisedCents: 5_000 },
      newSupporters: 1,
    });
  });

  it('conversion counts each supporter once and never goes above 100%', async () => {
    const creator = await fakeCreator(db());
    await supportAt(creator.username, '2026-11-10T10:00:00Z', { amount: 5, email: 'twice@example.com' });
    await supportAt(creator.username, '2026-11-11T10:00:00Z', { amount: 7, email: 'Twice@Example.com' });
    await db().insert(pageViews).values({ creatorId: creator.userId, page: 'support', day: '2026-11-10', count: 2 });
    const now = new Date('2026-11-21T12:00:00Z');
    // One person paid twice after two visits: 1 of 2, not 2 of 2.
    expect((await getCreatorDashboard(db(), creator.userId, now)).conversionRatePercent).toBe(50);
    await supportAt(creator.username, '2026-11-12T10:00:00Z', { amount: 5, email: 'second@example.com' });
    await supportAt(creator.username, '2026-11-12T11:00:00Z', { amount: 5, email: 'third@example.com' });
    // Three people, two counted visits (e.g. a shared connection): shown as 100%, not 150%.
    expect((await getCreatorDashboard(db(), creator.userId, now)).conversionRatePercent).toBe(100);
  });

  it('401 for visitors, 404 for accounts without a creator profile', async () => {
    expect((await t.client().get('/api/creator/dashboard')).statusCode).toBe(401);
    const supporter = await fakeUser(t);
    expect((await supporter.client.get('/api/creator/dashboard')).statusCode).toBe(404);
  });
});

describe('supporter dashboard', () => {
  it('shows signed-in supports, adds guest supports made with the email only once it is verified, and cancels from there', async () => {
    const me = await fakeUser(t);
    const other = await fakeUser(t);
    const [x, y, z] = [
      await fakeCreator(db(), { displayName: 'X' }),
      await fakeCreator(db(), { displayName: 'Y', creatorType: 'artist' }),
      await fakeCreator(db(), { displayName: 'Z' }),
    ];
    expect((await payCheckout(me.client, x.username, checkoutBody({ amount: 10, email: me.email }))).statusCode).toBe(
      200,
    );
    const monthly = await payCheckout(
      me.client,
      y.username,
      checkoutBody({ amount: 15, email: me.email, isRecurring: true }),
    );
    const subscriptionId = monthly.json().receipt.subscriptionId as string;
    // As a guest, with the same email, signed out.
    expect(
      (await payCheckout(t.client(), z.username, checkoutBody({ amount: 5, email: me.email.toUpperCase() })))
        .statusCode,
    ).toBe(200);
    // Someone else's support never shows up.
    expect(
      (await payCheckout(other.client, x.username, checkoutBody({ amount: 40, email: other.email }))).statusCode,
    ).toBe(200);

    let dashboard: SupporterDashboard = (await me.client.get('/api/supporter/dashboard')).json();
    expect(dashboard).toMatchObject({
      totals: [{ currency: 'usd', totalSupportedCents: 2_500, thisMonthCents: 2_500 }],
      creatorsSupported: 2,
      recurringSupports: 1,
      includesGuestSupports: false,
    });
    expect(dashboard.history.map((h) => [h.creatorDisplayName, h.amountCents, h.asGuest])).toEqual([
      ['Y', 1_500, false],
      ['X', 1_000, false],
    ]);
    expect(dashboard.creators).toEqual([
      expect.objectContaining({
        username: y.username,
        displayName: 'Y',
        creatorType: 'artist',
        totalSupportedCents: 1_500,
        isRecurring: true,
        subscriptionId,
      }),
      expect.objectContaining({
        username: x.username,
        totalSupportedCents: 1_000,
        isRecurring: false,
        subscriptionId: null,
      }),
    ]);
    expect(dashboard.subscriptions).toEqual([
      expect.objectContaining({ id: subscriptionId, status: 'active', cancelAtPeriodEnd: false, amountCents: 1_500 }),
    ]);

    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, me.user.id));
    dashboard = (await me.client.get('/api/supporter/dashboard')).json();
    expect(dashboard).toMatchObject({
      totals: [{ currency: 'usd', totalSupportedCents: 3_000, thisMonthCents: 3_000 }],
      creatorsSupported: 3,
      includesGuestSupports: true,
    });
    expect(dashboard.history[0]).toMatchObject({
      creatorDisplayName: 'Z',
      asGuest: true,
      ...calculateFees(500, 'usd'),
    });

    expect((await me.client.post(`/api/subscriptions/${subscriptionId}/cancel`)).statusCode).toBe(200);
    dashboard = (await me.client.get('/api/supporter/dashboard')).json();
    expect(dashboard.recurringSupports).toBe(0);
    expect(dashboard.creators.find((c) => c.username === y.username)).toMatchObject({
      isRecurring: false,
      subscriptionId: null,
    });
    expect(dashboard.subscriptions).toEqual([
      expect.objectContaining({ id: subscriptionId, cancelAtPeriodEnd: true, nextChargeAt: null }),
    ]);
  });

  it('gives one total per currency, the largest first, never adding dollars and pounds together', async () => {
    const me = await fakeUser(t);
    const dollars = await fakeCreator(db(), { displayName: 'Dollar Dee', country: 'US', currency: 'usd' });
    const pounds = await fakeCreator(db(), { displayName: 'Pound Pip', country: 'GB', currency: 'gbp' });
    for (const [creator, amount] of [
      [dollars, 10],
      [pounds, 20],
      [pounds, 5],
    ] as const) {
      const res = await payCheckout(me.client, creator.username, checkoutBody({ amount, email: me.email }));
      expect(res.statusCode, res.body).toBe(200);
    }

    const dashboard: SupporterDashboard = (await me.client.get('/api/supporter/dashboard')).json();
    expect(dashboard.totals).toEqual([
      { currency: 'gbp', totalSupportedCents: 2_500, thisMonthCents: 2_500 },
      { currency: 'usd', totalSupportedCents: 1_000, thisMonthCents: 1_000 },
    ]);
    expect(dashboard.creatorsSupported).toBe(2);
    expect(dashboard.creators.map((c) => [c.username, c.currency, c.totalSupportedCents]).sort()).toEqual(
      [
        [dollars.username, 'usd', 1_000],
        [pounds.username, 'gbp', 2_500],
      ].sort(),
    );
    expect(dashboard.history.map((h) => [h.creatorDisplayName, h.currency, h.amountCents]).sort()).toEqual(
      [
        ['Dollar Dee', 'usd', 1_000],
        ['Pound Pip', 'gbp', 2_000],
        ['Pound Pip', 'gbp', 500],
      ].sort(),
    );
    expect(dashboard.history.find((h) => h.amountCents === 2_000)).toMatchObject(calculateFees(2_000, 'gbp'));
  });

  it('counts this month in UTC calendar months', async () => {
    const me = await fakeUser(t);
    const creator = await fakeCreator(db());
    const viewer = {
      id: me.user.id,
      email: me.email,
      username: null,
      displayName: 'Me',
      isCreator: false,
      userType: 'supporter' as const,
      emailVerified: false,
    };
    await supportAt(creator.username, '2026-10-31T23:59:00Z', { amount: 10, email: me.email }, viewer);
    await supportAt(creator.username, '2026-11-01T00:00:00Z', { amount: 20, email: me.email }, viewer);
    const dashboard = await getSupporterDashboard(db(), viewer, new Date('2026-11-15T00:00:00Z'));
    expect(dashboard).toMatchObject({
      totals: [{ currency: 'usd', totalSupportedCents: 3_000, thisMonthCents: 2_000 }],
      creatorsSupported: 1,
    });
    expect(dashboard.creators[0]?.lastSupportedAt).toBe('2026-11-01T00:00:00.000Z');
  });

  it('401 for visitors', async () => {
    expect((await t.client().get('/api/supporter/dashboard')).statusCode).toBe(401);
  });
});
