import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { ledgerEntries, payouts, supports } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { checkoutBody, moneyDeps, paySupport } from '../checkout/checkout-test-factories';
import { runPayouts } from '../payouts/payouts-service';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { checkLedgerIntegrity, formatIntegrityReport } from './integrity-service';
import { supportLedgerEntries } from './ledger-service';

let t: TestApp;
let supportId: string;
let payoutId: string;

beforeAll(async () => {
  t = await createTestApp();
  const creator = await fakeCreator(t.database.db, { country: 'US' });
  for (const [at, amount] of [
    ['2026-11-02T10:00:00Z', 10],
    ['2026-11-17T10:00:00Z', 25],
    ['2026-11-25T10:00:00Z', 7],
  ] as const) {
    const receipt = await paySupport(
      moneyDeps(t, new Date(at)),
      creator.username,
      checkoutRequestSchema.parse(checkoutBody({ amount })),
      null,
      `10.99.0.${amount}`,
    );
    supportId = receipt.supportId;
  }
  await runPayouts(
    { db: t.database.db, provider: moneyDeps(t).provider, log: () => {} },
    new Date('2026-11-24T10:00:00Z'),
  );
  const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.creatorId, creator.userId));
  payoutId = payout?.id ?? '';
});
afterAll(() => t.close());

const db = () => t.database.db;

/** Applies a change, checks, and undoes it, so each case starts from consistent books. */
async function tampered(change: () => Promise<unknown>, undo: () => Promise<unknown>) {
  await change();
  try {
    return await checkLedgerIntegrity(db());
  } finally {
    await undo();
  }
}

describe('checkLedgerIntegrity', () => {
  it('passes on books written by checkouts and payouts', async () => {
    const report = await checkLedgerIntegrity(db());
    expect(report).toEqual({ ok: true, supportsChecked: 3, payoutsChecked: 1, refundsChecked: 0, problems: [] });
    expect(formatIntegrityReport(report)).toBe('Ledger integrity: OK (3 supports, 1 payouts, 0 refunds checked)');
  });

  it('fails when one ledger row of a support is changed, naming the support', async () => {
    const netOf = and(eq(ledgerEntries.supportId, supportId), eq(ledgerEntries.type, 'creator_net'));
    const [entry] = await db().select().from(ledgerEntries).where(netOf);
    const report = await tampered(
      () =>
        db()
          .update(ledgerEntries)
          .set({ amountCents: (entry?.amountCents ?? 0) + 1 })
          .where(netOf),
      () =>
        db()
          .update(ledgerEntries)
          .set({ amountCents: entry?.amountCents ?? 0 })
          .where(netOf),
    );
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([expect.objectContaining({ kind: 'support', id: supportId })]);
    expect(formatIntegrityReport(report)).toMatch(
      /^Ledger integrity: FAILED[\s\S]*support .* has 4 entries: gross 700c/,
    );
    expect((await checkLedgerIntegrity(db())).ok).toBe(true);
  });

  it('fails when an entry is missing, on the wrong account, or the support no longer matches its entries', async () => {
    const gross = and(eq(ledgerEntries.supportId, supportId), eq(ledgerEntries.type, 'gross'));
    const [row] = await db().select().from(ledgerEntries).where(gross);
    if (!row) throw new Error('no gross entry');
    const missing = await tampered(
      () => db().delete(ledgerEntries).where(eq(ledgerEntries.id, row.id)),
      () => db().insert(ledgerEntries).values(row),
    );
    expect(missing.problems[0]?.detail).toContain('has 3 entries');

    const misplaced = await tampered(
      () => db().update(ledgerEntries).set({ account: 'platform' }).where(eq(ledgerEntries.id, row.id)),
      () => db().update(ledgerEntries).set({ account: row.account }).where(eq(ledgerEntries.id, row.id)),
    );
    expect(misplaced.problems[0]?.detail).toContain('wrong account');

    const [support] = await db().select().from(supports).where(eq(supports.id, supportId));
    const rewritten = await tampered(
      () => db().update(supports).set({ amountCents: 800 }).where(eq(supports.id, supportId)),
      () =>
        db()
          .update(supports)
          .set({ amountCents: support?.amountCents ?? 0 })
          .where(eq(supports.id, supportId)),
    );
    expect(rewritten.ok).toBe(false);
    expect((await checkLedgerIntegrity(db())).ok).toBe(true);
  });

  it('fails when a payout no longer equals the entries it covers', async () => {
    const [payout] = await db().select().from(payouts).where(eq(payouts.id, payoutId));
    expect(payout?.status).toBe('paid');
    const report = await tampered(
      () =>
        db()
          .update(payouts)
          .set({ amountCents: (payout?.amountCents ?? 0) + 100 })
          .where(eq(payouts.id, payoutId)),
      () =>
        db()
          .update(payouts)
          .set({ amountCents: payout?.amountCents ?? 0 })
          .where(eq(payouts.id, payoutId)),
    );
    expect(report.problems).toEqual([expect.objectContaining({ kind: 'payout', id: payoutId })]);

    const entryOf = eq(ledgerEntries.payoutId, payoutId);
    const [entry] = await db().select().from(ledgerEntries).where(entryOf);
    const paidTwice = await tampered(
      () =>
        db()
          .update(ledgerEntries)
          .set({ amountCents: (entry?.amountCents ?? 0) * 2 })
          .where(entryOf),
      () =>
        db()
          .update(ledgerEntries)
          .set({ amountCents: entry?.amountCents ?? 0 })
          .where(entryOf),
    );
    expect(paidTwice.problems.map((p) => p.kind).sort()).toEqual(['balance', 'payout']);

    const held = await tampered(
      () => db().update(payouts).set({ status: 'held' }).where(eq(payouts.id, payoutId)),
      () => db().update(payouts).set({ status: 'paid' }).where(eq(payouts.id, payoutId)),
    );
    expect(held.problems[0]?.detail).toContain('moved money');

    // A payout covering supports from after its week (no code path does; the next-payout estimate relies on it).
    const early = await tampered(
      () => db().update(payouts).set({ weekEnd: '2026-11-10' }).where(eq(payouts.id, payoutId)),
      () =>
        db()
          .update(payouts)
          .set({ weekEnd: payout?.weekEnd ?? '' })
          .where(eq(payouts.id, payoutId)),
    );
    expect(early.problems).toEqual([
      expect.objectContaining({
        kind: 'payout',
        id: payoutId,
        detail: expect.stringContaining('1 entries from after the week ended'),
      }),
    ]);
    expect((await checkLedgerIntegrity(db())).ok).toBe(true);
  });
});

describe('supportLedgerEntries', () => {
  it('refuses to write entries that do not add up', () => {
    const base = {
      id: 'x',
      creatorId: 'c',
      createdAt: new Date(),
      amountCents: 500,
      currency: 'usd' as const,
      platformFeeCents: 25,
      processingFeeCents: 45,
    };
    expect(supportLedgerEntries({ ...base, creatorNetCents: 430 }).map((e) => e.amountCents)).toEqual([
      500, 25, 45, 430,
    ]);
    expect(() => supportLedgerEntries({ ...base, creatorNetCents: 431 })).toThrow(/do not add up/);
  });
});
