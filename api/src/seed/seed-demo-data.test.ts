import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { createSampleCreators } from '@beabro/shared/data/sample-creators';
import { calculateFees } from '@beabro/shared/money/fees';
import { loadConfig } from '../config/env';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { openDatabaseForConfig, seedDemoDataOnFirstStart } from './open-database-for-config';
import { findSupportCharge } from '../modules/refunds/refunds-repository';
import { checkLedgerIntegrity } from '../modules/ledger/integrity-service';
import { creatorProfiles, follows, payouts, sandboxCharges, supports, supportTiers, users } from '../db/schema';
import {
  DEMO_PASSWORD,
  DEMO_SUPPORTER_EMAIL,
  DEMO_SUPPORTER_SUPPORT_IDS,
  demoCreatorEmail,
  demoPageViews,
  seedDemoData,
  seedDemoPayouts,
} from './seed-demo-data';

let t: TestApp;
const now = new Date();
const samples = createSampleCreators(now);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function tableCounts() {
  const db = t.database.db;
  const [u] = await db.select({ n: count() }).from(users);
  const [p] = await db.select({ n: count() }).from(creatorProfiles);
  const [s] = await db.select({ n: count() }).from(supports);
  const [f] = await db.select({ n: count() }).from(follows);
  const [tiers] = await db.select({ n: count() }).from(supportTiers);
  return { users: u?.n, profiles: p?.n, supports: s?.n, follows: f?.n, tiers: tiers?.n };
}

describe('seedDemoData', () => {
  it('loads the sample creators as accounts with profiles, four tiers each, supports and follows, once', async () => {
    const supportTotal = samples.reduce((n, s) => n + s.supports.length, 0);
    expect(await seedDemoData(t.database.db, now)).toEqual({ seeded: true, creators: 3, supports: supportTotal });
    const after = await tableCounts();
    expect(after).toEqual({ users: 4, profiles: 3, supports: supportTotal, follows: 4, tiers: 12 });

    expect(await seedDemoData(t.database.db, now)).toEqual({ seeded: false, creators: 0, supports: 0 });
    expect(await tableCounts()).toEqual(after);
  });

  it('stores argon2id hashes of the documented password, so every demo account can sign in', async () => {
    const rows = await t.database.db.select({ email: users.email, hash: users.passwordHash }).from(users);
    expect(rows.map((r) => r.email).sort()).toEqual(
      [DEMO_SUPPORTER_EMAIL, ...samples.map((s) => demoCreatorEmail(s.profile.username))].sort(),
    );
    for (const row of rows) expect(row.hash).toMatch(/^\$argon2id\$/);
    const res = await t
      .client()
      .post('/api/auth/sign-in', { email: demoCreatorEmail('pixelpat'), password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'pixelpat', isCreator: true, userType: 'creator' });
  });

  it('records each support with the shared fee maths, its flags and its date', async () => {
    const rows = await t.database.db.select().from(supports);
    const expected = samples.flatMap((s) => s.supports);
    expect(rows).toHaveLength(expected.length);
    for (const sample of expected) {
      const row = rows.find(
        (r) =>
          r.createdAt.toISOString() === sample.createdAt &&
          r.amountCents === sample.amountCents &&
          r.message === sample.message,
      );
      expect(row, sample.id).toBeDefined();
      expect(row).toMatchObject({
        ...calculateFees(sample.amountCents, 'usd'),
        isAnonymous: sample.isAnonymous,
        isRecurring: sample.isRecurring,
      });
    }
  });

  it('makes the demo supporter the signed-in author of some supports, and a follower', async () => {
    const [bro] = await t.database.db.select().from(users).where(eq(users.email, DEMO_SUPPORTER_EMAIL));
    const own = await t.database.db
      .select()
      .from(supports)
      .where(eq(supports.supporterUserId, bro?.id ?? ''));
    expect(own).toHaveLength(DEMO_SUPPORTER_SUPPORT_IDS.length);
    const client = t.client();
    expect(
      (await client.post('/api/auth/sign-in', { email: DEMO_SUPPORTER_EMAIL, password: DEMO_PASSWORD })).statusCode,
    ).toBe(200);
    const profile: PublicCreatorProfileDto = (await client.get('/api/creators/pixelpat')).json();
    expect(profile.viewer).toEqual({ isOwner: false, isFollowing: true });
  });

  it('produces profiles the public endpoint reads with figures from the rows, not the sample’s made-up ones', async () => {
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    for (const sample of samples) {
      const res = await t.client().get(`/api/creators/${sample.profile.username}`);
      expect(res.statusCode).toBe(200);
      const profile: PublicCreatorProfileDto = res.json();
      const total = sample.supports.reduce((n, s) => n + s.amountCents, 0);
      const month = sample.supports
        .filter((s) => Date.parse(s.createdAt) >= monthStart)
        .reduce((n, s) => n + s.amountCents, 0);
      const shows = sample.settings.privacy.showEarnings;
      expect(profile).toMatchObject({
        displayName: sample.profile.displayName,
        creatorType: sample.profile.creatorType,
        totalEarnedCents: shows ? total : null,
        monthlyEarnedCents: shows ? month : null,
        minimumAmountCents: sample.settings.minimumAmountCents,
      });
      expect(profile.tiers.map((tier) => tier.amountCents)).toEqual([...sample.settings.suggestedAmountsCents]);
      expect(profile.recentSupports).toHaveLength(Math.min(10, sample.supports.length));
      expect(profile.socialLinks.map((l) => l.platform).sort()).toEqual(Object.keys(sample.profile.socialLinks).sort());
      // Goal progress is an earnings figure: public only with the earnings.
      expect(profile.goal?.percent).toBe(
        shows ? Math.min(100, Math.round((total * 100) / (sample.profile.goalAmountCents ?? 1))) : null,
      );
    }
    const pat: PublicCreatorProfileDto = (await t.client().get('/api/creators/pixelpat')).json();
    // 12 supports: the demo supporter made two of them, so 11 distinct supporters.
    expect(pat.supporterCount).toBe(11);
    expect(pat.followers).toBe(2);
    // Pat hides earnings (the default), so no support amounts either.
    expect(pat.recentSupports[0]).toMatchObject({ name: 'Jordan', amountCents: null });
    expect(pat.recentSupports.filter((s) => s.name === null).length).toBeGreaterThan(0);
  });

  it("gives each demo creator page views in line with its supports, so the demo creator's conversion rate reads as a real one", async () => {
    const signIn = await t
      .client()
      .post('/api/auth/sign-in', { email: demoCreatorEmail('pixelpat'), password: DEMO_PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] ?? '';
    const dashboard = await t.client().request({ method: 'GET', url: '/api/creator/dashboard', headers: { cookie } });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const rate = (dashboard.json() as { conversionRatePercent: number | null }).conversionRatePercent;
    expect(rate).not.toBeNull();
    expect(rate).toBeGreaterThan(0);
    expect(rate).toBeLessThan(20);
    // Every day with a support had at least 8 support page visits for it, and profile views at least 3 per visit.
    const day = new Date('2026-03-04T12:00:00Z');
    const rows = demoPageViews(
      'id',
      'someone',
      [day, day],
      new Date('2026-03-01T00:00:00Z'),
      new Date('2026-03-10T00:00:00Z'),
    );
    const on = (page: string, d: string) => rows.find((r) => r.page === page && r.day === d)?.count ?? 0;
    expect(on('support', '2026-03-04')).toBeGreaterThanOrEqual(16);
    expect(on('profile', '2026-03-04')).toBeGreaterThanOrEqual(3 * on('support', '2026-03-04'));
    expect(new Set(rows.map((r) => r.day)).size).toBeLessThanOrEqual(10);
  });

  it('puts the demo creators on the discover page', async () => {
    const res = await t.client().get('/api/discover?sort=newest');
    expect(
      res
        .json()
        .items.map((i: { username: string }) => i.username)
        .sort(),
    ).toEqual(samples.map((s) => s.profile.username).sort());
  });
});

describe('seeding on first start', () => {
  const config = (env: Record<string, string> = {}) => loadConfig({ LOG_LEVEL: 'silent', ...env });

  it('seeds an empty embedded database unless SEED_DEMO_DATA=false or DATABASE_URL is set, and never once users exist', async () => {
    const database = await createTestDatabase();
    try {
      expect(await seedDemoDataOnFirstStart(database, config({ SEED_DEMO_DATA: 'false' }))).toBeNull();
      expect(
        await seedDemoDataOnFirstStart(database, config({ DATABASE_URL: 'postgres://db.example/beabro' })),
      ).toBeNull();
      expect((await database.db.select({ n: count() }).from(users))[0]?.n).toBe(0);
      expect(await seedDemoDataOnFirstStart(database, config())).toMatchObject({ seeded: true, creators: 3 });
      expect(await seedDemoDataOnFirstStart(database, config())).toBeNull();
    } finally {
      await database.close();
    }
  });

  it('leaves a database with accounts alone', async () => {
    const database = await createTestDatabase();
    try {
      await database.db
        .insert(users)
        .values({ email: 'real@example.com', displayName: 'Real Person', userType: 'supporter' });
      expect(await seedDemoDataOnFirstStart(database, config())).toBeNull();
      expect((await database.db.select({ n: count() }).from(users))[0]?.n).toBe(1);
    } finally {
      await database.close();
    }
  });

  // The whole start-up path on a new data directory (embedded only: it creates PGlite from scratch).
  it.skipIf(process.env.TEST_DB === 'postgres')(
    'openDatabaseForConfig migrates and seeds a new embedded database',
    { timeout: 60_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beabro-seed-'));
      const messages: string[] = [];
      try {
        const database = await openDatabaseForConfig(config({ DATA_DIR: dataDir }), { log: (m) => messages.push(m) });
        try {
          expect((await database.db.select({ n: count() }).from(creatorProfiles))[0]?.n).toBe(3);
        } finally {
          await database.close();
        }
        expect(messages).toEqual([expect.stringContaining(`Sign in as ${DEMO_SUPPORTER_EMAIL} / ${DEMO_PASSWORD}`)]);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('demo supports paid through the sandbox', () => {
  it('dates the demo payouts on Tuesdays, as the weekly job pays them, and the books still add up', async () => {
    const db = t.database.db;
    const [pixel] = await db.select().from(creatorProfiles).where(eq(creatorProfiles.username, 'pixelpat'));
    if (!pixel) await seedDemoData(db, now);
    const paid = await db.select().from(payouts);
    expect(paid.length).toBeGreaterThan(0);
    for (const payout of paid) {
      expect(payout.status).toBe('paid');
      expect(payout.paidAt?.getUTCDay()).toBe(2);
      expect(payout.paidAt?.getTime()).toBeLessThanOrEqual(now.getTime());
      // The week it settles is the Monday to Sunday before that Tuesday.
      expect(payout.weekEnd).toBe(
        new Date((payout.paidAt?.getTime() ?? 0) - 2 * 86_400_000).toISOString().slice(0, 10),
      );
    }
    const report = await checkLedgerIntegrity(db);
    expect(report.problems).toEqual([]);
    expect(report.payoutsChecked).toBe(paid.length);
  });

  it('pays no demo week before its Tuesday, nor before the first payout’s verification period', async () => {
    const creatorId = '00000000-0000-4000-8000-000000000000';
    const at = (iso: string) => new Date(iso);
    const rows = [
      { id: 'a', creatorNetCents: 430, createdAt: at('2026-11-02T12:00:00Z') }, // Monday, week of Nov 2
      { id: 'b', creatorNetCents: 891, createdAt: at('2026-11-12T12:00:00Z') }, // Thursday, week of Nov 9
    ] as unknown as Array<typeof supports.$inferSelect>;
    const inserted: unknown[] = [];
    const recorder = {
      insert: () => ({ values: async (values: unknown) => void inserted.push(values) }),
    } as unknown as Parameters<typeof seedDemoPayouts>[0];
    // Tuesday Nov 17, 09:00 UTC: the job has not run yet that day.
    await seedDemoPayouts(recorder, creatorId, 'usd', rows, at('2026-11-17T09:00:00Z'));
    const payoutRows = inserted.filter(
      (v): v is { weekStart: string; paidAt: Date; amountCents: number } =>
        typeof v === 'object' && v !== null && 'weekStart' in v,
    );
    // Nov 10 is the first Tuesday 7 days after the first support: it pays the week of Nov 2.
    expect(payoutRows.map((p) => [p.weekStart, p.paidAt.toISOString(), p.amountCents])).toEqual([
      ['2026-11-02', '2026-11-10T10:00:00.000Z', 430],
    ]);
  });

  it('every one-off demo support has a sandbox charge a creator can refund', async () => {
    const db = t.database.db;
    const [pixel] = await db.select().from(creatorProfiles).where(eq(creatorProfiles.username, 'pixelpat'));
    if (!pixel) await seedDemoData(db, now);
    const oneOff = await db.select().from(supports).where(eq(supports.isRecurring, false));
    expect(oneOff.length).toBeGreaterThan(0);
    for (const support of oneOff.slice(0, 5)) {
      const charge = await findSupportCharge(db, support.id);
      expect(charge?.provider).toBe('sandbox');
      const [sandbox] = await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.id, charge?.chargeId ?? ''));
      expect(sandbox).toMatchObject({ status: 'succeeded', amountCents: support.amountCents });
    }
  });
});
