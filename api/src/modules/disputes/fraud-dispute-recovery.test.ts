import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAppSecret } from '../../config/env';
import {
  creatorProfiles,
  disputes,
  emailOutbox,
  ledgerEntries,
  paymentAttempts,
  payouts,
  providerPayouts,
} from '../../db/schema';
import { PAYOUT_HOLD_MESSAGES } from '@beabro/shared/api-schemas/payouts';
import { calculateFees } from '@beabro/shared/money/fees';
import { checkoutBody, moneyDeps, payCheckout, SUCCEEDING_CARD } from '../checkout/checkout-test-factories';
import { creatorBalanceCents } from '../ledger/ledger-service';
import { runPayouts } from '../payouts/payouts-service';
import { fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { checkLedgerIntegrity } from '../ledger/integrity-service';
import { reconcile } from '../ledger/reconciliation-service';
import { jobDefinitions } from '../jobs/job-definitions';
import { createStripeProvider } from '../payments/configured-provider';
import type { PaymentProvider } from '../payments/payment-provider';
import { KEY_METADATA, disputeReportOf } from '../payments/stripe/stripe-events';
import { poisonedProvider } from '../../testing/poisoned-provider';
import { startStripeTestApp, type StripeTestApp } from '../../testing/stripe-test-app';
import { disputeRecoveryKey } from './dispute-recovery';
import { recordDispute } from './dispute-service';

const engine = process.env.TEST_DB ?? 'pglite';
const HOUR_MS = 3_600_000;
/** The whole seconds before now: Stripe's `created` has no milliseconds. */
const secondAgo = () => new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
const until = (from: Date, to = new Date()) => ({ from, to: new Date(to.getTime() + 1000) });

describe(`a lost fraud dispute through the Stripe adapter on the stand-in (${engine})`, () => {
  let stripe: StripeTestApp;
  /** Every test's money reconciles from here: a period of a test's own could cut the one before it in two. */
  let fileStart: Date;
  beforeAll(async () => {
    fileStart = secondAgo();
    stripe = await startStripeTestApp();
  });
  afterAll(async () => {
    await stripe?.close();
  });
  const db = () => stripe.t.database.db;
  const provider = () =>
    createStripeProvider(
      stripe.t.app.config.payments as Extract<typeof stripe.t.app.config.payments, { provider: 'stripe' }>,
    );
  const depsWith = (chosen: PaymentProvider, now?: Date) => ({
    db: db(),
    provider: chosen,
    appSecret: resolveAppSecret(stripe.t.app.config),
    origin: 'http://127.0.0.1',
    log: () => {},
    ...(now ? { now: () => now } : {}),
  });

  /** A support paid with Stripe's dispute card: the dispute (fraudulent) opens and withdraws the amount at once. */
  async function disputedSupport(creator: Awaited<ReturnType<StripeTestApp['connectedCreator']>>, amount = 10) {
    const paid = await stripe.pay(
      stripe.t.client(),
      creator.profile.username,
      checkoutBody({ amount }),
      'pm_card_createDispute',
    );
    const opened = await stripe.standIn.waitForEvent(
      (e) =>
        e.type === 'charge.dispute.funds_withdrawn' &&
        (e.data.object as Stripe.Dispute).payment_intent === paid.intentId,
    );
    const dispute = opened.data.object as Stripe.Dispute;
    return { ...paid, disputeId: dispute.id, chargeId: dispute.charge as string };
  }

  async function transferOf(chargeId: string): Promise<Stripe.Transfer> {
    const charge = await stripe.platform.charges.retrieve(chargeId, { expand: ['transfer'] });
    return charge.transfer as Stripe.Transfer;
  }

  async function reversalsOf(chargeId: string) {
    const transfer = await transferOf(chargeId);
    return (await stripe.platform.transfers.listReversals(transfer.id, { limit: 100 })).data;
  }

  const entriesOf = async (disputeId: string) =>
    (
      await db()
        .select({ type: ledgerEntries.type, account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.disputeId, disputeId))
    ).sort((a, b) => a.type.localeCompare(b.type) || a.amountCents - b.amountCents);

  async function balanceAtStripe(accountId: string): Promise<number> {
    const balance = await stripe.platform.balance.retrieve({}, { stripeAccount: accountId });
    return [...balance.available, ...balance.pending].reduce((sum, f) => sum + f.amount, 0);
  }

  it("takes the creator's share back by a transfer reversal, once, books it and reconciles to the cent, even from an account paid out", async () => {
    const { standIn, platform } = stripe;
    const creator = await stripe.connectedCreator('US');
    const disputed = await disputedSupport(creator);
    await standIn.deliveriesSettled();
    // Stripe paid the account out to the bank: the reversal leaves its balance negative, as Stripe does.
    await stripe.releasePayouts();
    standIn.payOut(creator.accountId);
    await standIn.deliveriesSettled();
    expect(await balanceAtStripe(creator.accountId)).toBe(0);

    // The dispute is lost; its events arrive reordered and twice.
    standIn.holdEvents();
    await platform.disputes.close(disputed.disputeId);
    const held = standIn.events.filter((e) => !standIn.deliveries.some((d) => d.eventId === e.id)).map((e) => e.id);
    expect(held.length).toBeGreaterThan(0);
    await standIn.releaseEvents([...held].reverse().concat(held));
    await standIn.deliveriesSettled();

    const [row] = await db().select().from(disputes).where(eq(disputes.id, disputed.disputeId));
    expect(row).toMatchObject({
      status: 'lost',
      reason: 'fraudulent',
      creatorRecovery: 'done',
      recoveredCents: 891,
      recoveryReversalId: expect.stringMatching(/^trr_/),
      recoveryPaymentRefundId: expect.stringMatching(/^pyr_/),
    });
    expect(await entriesOf(disputed.disputeId)).toEqual([
      { type: 'dispute', account: 'platform', amountCents: -1000 },
      { type: 'dispute_fee', account: 'platform', amountCents: -1500 },
      { type: 'dispute_recovery', account: `creator:${creator.user.id}`, amountCents: -891 },
      { type: 'dispute_recovery', account: 'platform', amountCents: 891 },
    ]);
    const reversals = await reversalsOf(disputed.chargeId);
    expect(reversals.map((r) => [r.amount, r.metadata?.[KEY_METADATA]])).toEqual([
      [891, disputeRecoveryKey(disputed.disputeId)],
    ]);
    // The creator's ledger balance is their balance at Stripe (negative), what Stripe paid to the bank aside.
    expect(await balanceAtStripe(creator.accountId)).toBe(-891);
    const creatorEntries = await db()
      .select({ amountCents: ledgerEntries.amountCents, type: ledgerEntries.type })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, `creator:${creator.user.id}`));
    const bank = await db()
      .select({ amountCents: providerPayouts.amountCents })
      .from(providerPayouts)
      .where(and(eq(providerPayouts.accountId, creator.accountId), eq(providerPayouts.status, 'paid')));
    const paidOut = bank.reduce((sum, p) => sum + p.amountCents, 0);
    expect(paidOut).toBe(891);
    const ledgerBalance = creatorEntries.filter((e) => e.type !== 'payout').reduce((sum, e) => sum + e.amountCents, 0);
    expect(ledgerBalance - paidOut).toBe(-891);

    expect((await reconcile(db(), provider(), until(fileStart))).differences).toEqual([]);
    expect((await checkLedgerIntegrity(db())).problems).toEqual([]);

    // The payouts wait for review, and the creator is told what was taken back.
    const [profile] = await db()
      .select({ reason: creatorProfiles.payoutsReviewReason })
      .from(creatorProfiles)
      .where(eq(creatorProfiles.userId, creator.user.id));
    expect(profile?.reason).toBe('A dispute for fraud was lost.');
    const [closedMail] = await db()
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `dispute-closed:${disputed.disputeId}`));
    expect(closedMail?.subject).toBe('The dispute of $10.00 was lost');
    expect(closedMail?.text).toContain('your share of it, $8.91, was taken back from your balance');
  });

  it('takes nothing back for a won dispute, nor for one lost for another reason', async () => {
    const { standIn, platform } = stripe;
    const creator = await stripe.connectedCreator('US');
    const won = await disputedSupport(creator);
    await platform.disputes.update(won.disputeId, {
      evidence: { uncategorized_text: 'winning_evidence' },
      submit: true,
    });
    await standIn.deliveriesSettled();
    const [wonRow] = await db().select().from(disputes).where(eq(disputes.id, won.disputeId));
    expect(wonRow).toMatchObject({ status: 'won', creatorRecovery: null, recoveredCents: 0 });
    expect((await entriesOf(won.disputeId)).map((e) => e.type)).toEqual([
      'dispute',
      'dispute_fee',
      'dispute_reinstated',
    ]);
    expect(await reversalsOf(won.chargeId)).toEqual([]);

    // Lost as "product not received": the platform bears it, the creator's account is not touched.
    const paid = await stripe.pay(stripe.t.client(), creator.profile.username, checkoutBody({ amount: 12 }));
    const [attempt] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.supportId, paid.supportId));
    const disputeId = `dp_not_received_${paid.supportId}`;
    try {
      await recordDispute(
        depsWith(provider()),
        {
          id: disputeId,
          chargeId: attempt!.providerChargeId!,
          amountCents: 1200,
          reason: 'product_not_received',
          status: 'lost',
          withdrawnCents: 1200,
          feeCents: 1500,
          reinstatedCents: 0,
          openedAt: new Date(),
        },
        new Date(),
        new Date(),
      );
      const [lostRow] = await db().select().from(disputes).where(eq(disputes.id, disputeId));
      expect(lostRow).toMatchObject({ status: 'lost', creatorRecovery: null, recoveredCents: 0 });
      expect((await entriesOf(disputeId)).map((e) => e.type)).toEqual(['dispute', 'dispute_fee']);
      expect(await reversalsOf(attempt!.providerChargeId!)).toEqual([]);
    } finally {
      // Stripe never withdrew it: gone, so the other tests' reconciliations are not off by it.
      await db().delete(ledgerEntries).where(eq(ledgerEntries.disputeId, disputeId));
      await db()
        .delete(emailOutbox)
        .where(inArray(emailOutbox.dedupeKey, [`dispute-opened:${disputeId}`, `dispute-closed:${disputeId}`]));
      await db().delete(disputes).where(eq(disputes.id, disputeId));
    }
  });

  it('leaves a reversal that throws pending; the recover-payments job takes it back later, one never blocking another', async () => {
    const { standIn, platform } = stripe;
    // A creator in the United Kingdom: charged in pounds (decision 0015), so their shares are those of GBP fees.
    const creator = await stripe.connectedCreator('GB');
    const firstShare = calculateFees(1_500, 'gbp').creatorNetCents;
    const secondShare = calculateFees(700, 'gbp').creatorNetCents;
    const first = await disputedSupport(creator, 15);
    const second = await disputedSupport(creator, 7);
    await standIn.deliveriesSettled();

    // Stripe is unreachable when the loss is recorded: both stay pending, nothing is booked.
    standIn.holdEvents();
    const now = new Date();
    const poisoned = new Set([first.chargeId, second.chargeId]);
    const unreachable = poisonedProvider(provider(), poisoned);
    for (const { disputeId } of [first, second]) {
      const dispute = await platform.disputes.close(disputeId);
      await recordDispute(depsWith(unreachable, now), disputeReportOf(dispute), now, new Date(dispute.created * 1000));
    }
    // Their own events change nothing more (the dispute is lost already).
    await standIn.releaseEvents();
    await standIn.deliveriesSettled();
    const rows = async () =>
      db()
        .select()
        .from(disputes)
        .where(inArray(disputes.id, [first.disputeId, second.disputeId]))
        .orderBy(disputes.amountCents);
    expect(await rows()).toEqual([
      expect.objectContaining({ id: second.disputeId, creatorRecovery: 'pending', recoveryAttempts: 1 }),
      expect.objectContaining({ id: first.disputeId, creatorRecovery: 'pending', recoveryAttempts: 1 }),
    ]);
    expect((await entriesOf(first.disputeId)).map((e) => e.type)).toEqual(['dispute', 'dispute_fee']);

    // Not due yet; then due, with the first still unreachable: the second is taken back all the same.
    const job = (chosen: PaymentProvider, at: Date) => jobDefinitions(depsWith(chosen, at))['recover-payments'](at);
    expect(await job(unreachable, now)).toMatchObject({ disputeSharesRecovered: 0, disputeRecoveryErrors: 0 });
    poisoned.delete(second.chargeId);
    const soon = new Date(now.getTime() + HOUR_MS);
    expect(await job(unreachable, soon)).toMatchObject({ disputeSharesRecovered: 1, disputeRecoveryErrors: 1 });
    const [secondRow, firstRow] = await rows();
    expect(secondRow).toMatchObject({ creatorRecovery: 'done', recoveredCents: secondShare, currency: 'gbp' });
    expect(firstRow).toMatchObject({ creatorRecovery: 'pending', recoveryAttempts: 2 });

    const later = new Date(now.getTime() + 24 * HOUR_MS);
    expect(await job(provider(), later)).toMatchObject({ disputeSharesRecovered: 1, disputeRecoveryErrors: 0 });
    expect(await job(provider(), later)).toMatchObject({ disputeSharesRecovered: 0 });
    expect((await rows())[1]).toMatchObject({ creatorRecovery: 'done', recoveredCents: firstShare, currency: 'gbp' });
    expect((await reversalsOf(first.chargeId)).map((r) => r.amount)).toEqual([firstShare]);
    expect((await reversalsOf(second.chargeId)).map((r) => r.amount)).toEqual([secondShare]);
    expect(await entriesOf(first.disputeId)).toEqual([
      { type: 'dispute', account: 'platform', amountCents: -1500 },
      // Stripe's dispute fee in the United Kingdom: £20.
      { type: 'dispute_fee', account: 'platform', amountCents: -2000 },
      { type: 'dispute_recovery', account: `creator:${creator.user.id}`, amountCents: -firstShare },
      { type: 'dispute_recovery', account: 'platform', amountCents: firstShare },
    ]);
    // The job booked them at its clock, as Stripe at its own: the period reaches it.
    expect((await reconcile(db(), provider(), until(fileStart, later))).differences).toEqual([]);
    expect((await checkLedgerIntegrity(db())).problems).toEqual([]);
    const rowsNow = await rows();
    expect(rowsNow.every((r) => r.creatorId === creator.user.id)).toBe(true);
  });
});

describe(`the sandbox's fraud dispute test card 4000 0000 0000 0259 (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  it("pays, then the dispute is lost: the creator's share is taken back, their payouts wait, they are told", async () => {
    const from = secondAgo();
    const creator = await fakeSignedInCreator(t, { country: 'US' });
    const kept = await payCheckout(t.client(), creator.profile.username, checkoutBody({ amount: 20 }));
    expect(kept.statusCode, kept.body).toBe(200);
    const res = await payCheckout(t.client(), creator.profile.username, checkoutBody({ amount: 10 }), {
      ...SUCCEEDING_CARD,
      number: '4000 0000 0000 0259',
    });
    expect(res.statusCode, res.body).toBe(200);
    const supportId = res.json().receipt.supportId as string;

    // The sandbox's charge.dispute.created and .closed went through the same recording path as Stripe's.
    const [row] = await db().select().from(disputes).where(eq(disputes.supportId, supportId));
    expect(row).toMatchObject({
      provider: 'sandbox',
      amountCents: 1000,
      reason: 'fraudulent',
      status: 'lost',
      withdrawnCents: 0,
      feeCents: 0,
      creatorRecovery: 'done',
      recoveredCents: 891,
      recoveryReversalId: null,
    });
    // The sandbox keeps creators' money on its one balance: the entries are the whole effect.
    expect(
      (
        await db()
          .select({ type: ledgerEntries.type, account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.disputeId, row!.id))
      ).sort((a, b) => a.amountCents - b.amountCents),
    ).toEqual([
      { type: 'dispute_recovery', account: `creator:${creator.user.id}`, amountCents: -891 },
      { type: 'dispute_recovery', account: 'platform', amountCents: 891 },
    ]);
    expect(await creatorBalanceCents(db(), creator.user.id)).toBe(1812);

    const mail = await db()
      .select({ kind: emailOutbox.kind, subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(inArray(emailOutbox.dedupeKey, [`dispute-opened:${row!.id}`, `dispute-closed:${row!.id}`]))
      .orderBy(emailOutbox.createdAt);
    expect(mail.map((m) => m.subject)).toEqual([
      'A supporter disputed a payment of $10.00',
      'The dispute of $10.00 was lost',
    ]);
    expect(mail[1]?.text).toContain('your share of it, $8.91, was taken back from your balance');

    // The week's payout deducts it, and waits for the operators' review.
    const later = new Date(Date.now() + 10 * 86_400_000);
    await runPayouts({ db: db(), provider: moneyDeps(t).provider, log: () => {} }, later);
    const [held] = await db().select().from(payouts).where(eq(payouts.creatorId, creator.user.id));
    expect(held).toMatchObject({ status: 'held', holdReason: PAYOUT_HOLD_MESSAGES.underReview, amountCents: 1812 });

    expect((await reconcile(db(), moneyDeps(t).provider, until(from))).differences).toEqual([]);
    expect((await checkLedgerIntegrity(db())).problems).toEqual([]);
  });
});
