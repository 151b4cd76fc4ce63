import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData, DEMO_SUPPORTER_EMAIL } from '../../seed/seed-demo-data';
import { ledgerEntries, payouts, subscriptions, supports, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { moneyDeps } from '../checkout/checkout-test-factories';
import { runRenewals } from '../subscriptions/renewal-service';
import { checkLedgerIntegrity } from './integrity-service';

let t: TestApp;
const now = new Date();
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, now);
});
afterAll(() => t.close());

const count = sql<number>`count(*)`.mapWith(Number);

describe('the demo seed and the books', () => {
  it('writes ledger entries for every seeded support, so the integrity check passes', async () => {
    const db = t.database.db;
    const [s] = await db.select({ n: count }).from(supports);
    const [l] = await db.select({ n: count }).from(ledgerEntries);
    const [p] = await db.select({ n: count }).from(payouts);
    expect(s?.n).toBeGreaterThan(0);
    // Four per support, and one per past weekly payout of the demo creators.
    expect(p?.n).toBeGreaterThan(0);
    expect(l?.n).toBe((s?.n ?? 0) * 4 + (p?.n ?? 0));
    expect(await checkLedgerIntegrity(db)).toMatchObject({ ok: true, problems: [] });
  });

  it('turns recent monthly supports into running subscriptions that the renewal job renews', async () => {
    const db = t.database.db;
    const [bro] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_SUPPORTER_EMAIL));
    const mine = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.supporterUserId, bro?.id ?? ''));
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine.every((sub) => sub.status === 'active' && sub.currentPeriodEnd > now)).toBe(true);

    const later = new Date(now.getTime() + 40 * 86_400_000);
    const summary = await runRenewals({ ...moneyDeps(t, later), log: () => {} }, later);
    const [active] = await db.select({ n: count }).from(subscriptions).where(eq(subscriptions.status, 'active'));
    expect(summary).toMatchObject({ renewed: active?.n, errors: 0, failed: 0 });
    expect(await checkLedgerIntegrity(db)).toMatchObject({ ok: true });
  });
});
