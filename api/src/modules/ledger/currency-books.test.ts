import { and, eq } from 'drizzle-orm';
import { calculateFees } from '@beabro/shared/money/fees';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, ledgerEntries, paymentAttempts, payouts, supports } from '../../db/schema';
import { checkoutBody, moneyDeps, paySupport } from '../checkout/checkout-test-factories';
import { fakeCreator } from '../creator-profile/fake-creator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { runPayouts } from '../payouts/payouts-service';
import { runRenewals } from '../subscriptions/renewal-service';
import { checkLedgerIntegrity } from './integrity-service';
import { reconcile } from './reconciliation-service';

const engine = process.env.TEST_DB ?? 'pglite';
const DAY_MS = 86_400_000;

/** The whole seconds before now, and a period from it to just after now. */
const secondAgo = () => new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
const untilNow = (from: Date) => ({ from, to: new Date(Date.now() + 1000) });

describe(`the books in two currencies on the sandbox (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a British creator in pounds, reconciles each currency apart, and finds an entry in the wrong one', async () => {
    const from = secondAgo();
    const deps = moneyDeps(t);
    const db = t.database.db;
    const american = await fakeCreator(t, { country: 'US' });
    const british = await fakeCreator(t, { country: 'GB' });
    expect(american.profile.currency).toBe('usd');
    expect(british.profile.currency).toBe('gbp');

    await paySupport(deps, american.profile.username, checkoutBody({ amount: 10 }));
    const pounds = await paySupport(deps, british.profile.username, checkoutBody({ amount: 10 }));
    expect(pounds.currency).toBe('gbp');
    // The fixed part of the processing fee is 20 pence: 29 + 20.
    expect(pounds).toMatchObject(calculateFees(1000, 'gbp'));
    expect(pounds.processingFeeCents).toBe(49);

    const [support] = await db.select().from(supports).where(eq(supports.id, pounds.supportId));
    expect(support?.currency).toBe('gbp');
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.supportId, pounds.supportId));
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(new Set(entries.map((e) => e.currency))).toEqual(new Set(['gbp']));
    const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.supportId, pounds.supportId));
    expect(attempt?.currency).toBe('gbp');

    const clean = await reconcile(db, deps.provider, untilNow(from));
    expect(clean.differences).toEqual([]);
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);

    // One of the British support's entries booked in dollars: the pound balance lacks it, the dollar one has it extra.
    const [net] = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.supportId, pounds.supportId), eq(ledgerEntries.type, 'platform_fee')));
    await db.update(ledgerEntries).set({ currency: 'usd' }).where(eq(ledgerEntries.id, net!.id));
    try {
      const broken = await reconcile(db, deps.provider, untilNow(from));
      expect(broken.ok).toBe(false);
      const fee = calculateFees(1000, 'gbp').platformFeeCents;
      expect(broken.differences).toEqual([
        expect.stringMatching(
          new RegExp(`^platform \\S+: ledger platform fees GBP \\d+, Sandbox \\d+ \\(\\+${fee}\\)$`),
        ),
        expect.stringMatching(new RegExp(`^platform \\S+: ledger platform fees \\d+, Sandbox \\d+ \\(-${fee}\\)$`)),
      ]);
      const integrity = await checkLedgerIntegrity(db);
      expect(integrity.ok).toBe(false);
      expect(integrity.problems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'support', id: pounds.supportId }),
          expect.objectContaining({
            kind: 'currency',
            id: british.user.id,
            detail: "creator's currency is gbp but their ledger entries are in gbp, usd",
          }),
        ]),
      );
    } finally {
      await db.update(ledgerEntries).set({ currency: 'gbp' }).where(eq(ledgerEntries.id, net!.id));
    }
    expect((await checkLedgerIntegrity(db)).ok).toBe(true);
  });

  it('lets a creator change currency with their country until their first support, then refuses', async () => {
    const creator = await fakeCreator(t, { country: 'GB' });
    const toUs = await creator.client.patch('/api/creator-profile', { country: 'US' });
    expect(toUs.statusCode, toUs.body).toBe(200);
    expect(toUs.json().profile).toMatchObject({ country: 'US', currency: 'usd', currencyLocked: false });
    const back = await creator.client.patch('/api/creator-profile', { country: 'GB' });
    expect(back.json().profile).toMatchObject({ country: 'GB', currency: 'gbp' });

    await paySupport(moneyDeps(t), creator.profile.username, checkoutBody({ amount: 5 }));
    const locked = await creator.client.get('/api/creator-profile');
    expect(locked.json().profile).toMatchObject({ currency: 'gbp', currencyLocked: true });
    const refused = await creator.client.patch('/api/creator-profile', { country: 'CA' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      country: 'You have supports in pounds sterling, so your payout country must be one that pays in pounds sterling.',
    });
    // A country of the same currency (none other pays in pounds) and a repeat of the same country still go.
    const same = await creator.client.patch('/api/creator-profile', { country: 'GB' });
    expect(same.statusCode).toBe(200);
  });

  it('takes a British monthly support in pounds through its renewal, a refund and a payout', async () => {
    const db = t.database.db;
    const creator = await fakeCreator(t, { country: 'GB' });
    const monthly = await paySupport(
      moneyDeps(t),
      creator.profile.username,
      checkoutBody({ amount: 8, isRecurring: true }),
    );
    expect(monthly).toMatchObject({ currency: 'gbp', isRecurring: true });

    const later = new Date(Date.now() + 32 * DAY_MS);
    const renewed = await runRenewals(moneyDeps(t, later), later);
    expect(renewed).toMatchObject({ errors: 0, failed: 0 });
    const charged = await db.select().from(supports).where(eq(supports.subscriptionId, monthly.subscriptionId!));
    expect(charged.map((s) => [s.isRenewal, s.currency, s.amountCents])).toEqual(
      expect.arrayContaining([
        [false, 'gbp', 800],
        [true, 'gbp', 800],
      ]),
    );

    const refund = await creator.client.request({
      method: 'POST',
      url: `/api/creator/supports/${monthly.supportId}/refunds`,
      headers: { 'idempotency-key': `gbp-refund-${monthly.supportId}` },
      payload: { amountCents: 900, reason: 'requested_by_supporter', note: '', cancelSubscription: false },
    });
    expect(refund.statusCode).toBe(400);
    expect(refund.json().fieldErrors).toEqual({ amountCents: 'You can refund at most £8.00' });
    const partial = await creator.client.request({
      method: 'POST',
      url: `/api/creator/supports/${monthly.supportId}/refunds`,
      headers: { 'idempotency-key': `gbp-refund-ok-${monthly.supportId}` },
      payload: { amountCents: 300, reason: 'requested_by_supporter', note: '', cancelSubscription: false },
    });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json().refund).toMatchObject({ amountCents: 300, currency: 'gbp' });

    const payday = new Date(later.getTime() + 10 * DAY_MS);
    await runPayouts(moneyDeps(t, payday), payday);
    const [payout] = await db.select().from(payouts).where(eq(payouts.creatorId, creator.user.id));
    const net = calculateFees(800, 'gbp').creatorNetCents;
    expect(payout).toMatchObject({ status: 'paid', currency: 'gbp' });
    // Both months' net, less what the refund took off the creator (£3 less its share of the platform fee).
    expect(payout!.amountCents).toBeLessThan(2 * net);
    expect(payout!.amountCents).toBeGreaterThan(2 * net - 300);

    const list = await creator.client.get('/api/creator/payouts');
    expect(list.json()).toMatchObject({
      currency: 'gbp',
      payouts: [{ currency: 'gbp', amountCents: payout!.amountCents }],
    });
    const csv = await creator.client.get('/api/creator/payouts/export.csv');
    expect(csv.body).toContain('GBP');
    const analytics = await creator.client.get('/api/creator/analytics/export.csv?period=90d');
    expect(analytics.body.split('\r\n')[0]).toContain('Amount (GBP)');
    const dashboard = await creator.client.get('/api/creator/dashboard');
    expect(dashboard.json()).toMatchObject({ currency: 'gbp' });

    const subjects = (await db.select({ subject: emailOutbox.subject }).from(emailOutbox)).map((m) => m.subject);
    const name = creator.profile.displayName;
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Receipt: your monthly support of £8.00 to ${name} renewed`,
        `Refund: £3.00 from ${name}`,
        `Your payout of £${(payout!.amountCents / 100).toFixed(2)} is on its way`,
      ]),
    );
    const [receipt] = await db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Receipt: your monthly support of £8.00 to ${name} renewed`));
    expect(receipt?.text).toContain('Payment processing (2.9% + £0.20)');
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });
});
