import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAppSecret } from '../../config/env';
import { disputes, emailOutbox, ledgerEntries, refunds, supports } from '../../db/schema';
import { checkoutBody, moneyDeps, paySupport } from '../checkout/checkout-test-factories';
import { fakeCreator } from '../creator-profile/fake-creator';
import { createStripeProvider } from '../payments/configured-provider';
import { runRenewals } from '../subscriptions/renewal-service';
import { startStripeTestApp, type StripeTestApp } from '../../testing/stripe-test-app';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { jobDefinitions } from '../jobs/job-definitions';
import { itemErrorCount } from '../jobs/run-job';
import { checkLedgerIntegrity } from './integrity-service';
import { latestReconciliation, reconcile } from './reconciliation-service';
import { creatorBalanceCents } from './ledger-service';

const DAY_MS = 86_400_000;
const engine = process.env.TEST_DB ?? 'pglite';

/** The whole seconds before now: Stripe's `created` has no milliseconds. */
const secondAgo = () => new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
const untilNow = (from: Date, ahead = 1000) => ({ from, to: new Date(Date.now() + ahead) });

/** mulberry32: a seeded generator, so a failing run repeats. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe(`reconciliation on the sandbox (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds a clean day ok and reports a broken ledger entry with its exact cents', async () => {
    const from = secondAgo();
    const deps = moneyDeps(t);
    const creator = await fakeCreator(t);
    const receipt = await paySupport(deps, creator.profile.username, checkoutBody({ amount: 10 }));
    const second = await paySupport(deps, creator.profile.username, checkoutBody({ amount: 25 }));
    const refunded = await creator.client.request({
      method: 'POST',
      url: `/api/creator/supports/${second.supportId}/refunds`,
      headers: { 'idempotency-key': `sandbox-recon-${second.supportId}` },
      payload: { amountCents: 700, reason: 'requested_by_supporter', note: '', cancelSubscription: false },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const clean = await reconcile(t.database.db, deps.provider, untilNow(from));
    expect(clean.differences).toEqual([]);
    expect(clean.ok).toBe(true);

    const db = t.database.db;
    const [net] = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.supportId, receipt.supportId), eq(ledgerEntries.type, 'creator_net')));
    await db
      .update(ledgerEntries)
      .set({ amountCents: net!.amountCents - 10 })
      .where(eq(ledgerEntries.id, net!.id));
    try {
      const broken = await reconcile(db, deps.provider, untilNow(from));
      // The sandbox's one balance holds 1000 + 2500 less the processing fees (59 + 103): 3338; the ledger 10 less.
      // (The $7 refund is on its own line, and agrees.)
      expect(broken.ok).toBe(false);
      expect(broken.differences).toEqual([
        expect.stringMatching(/^platform \S+: ledger platform fees 3328, Sandbox 3338 \(\+10\)$/),
      ]);
      expect(await latestReconciliation(db)).toMatchObject({ ok: false, differences: broken.differences });
      // The daily job compares the day before its clock, and counts each difference as an item error.
      const tomorrow = new Date(Date.now() + DAY_MS);
      const logged: string[] = [];
      const summary = await jobDefinitions({ ...deps, log: (line) => logged.push(line) }).reconciliation(tomorrow);
      expect(summary).toMatchObject({ reconciliationErrors: 1 });
      expect(itemErrorCount(summary)).toBe(1);
      expect(logged).toEqual([
        expect.stringMatching(/^reconciliation: platform \S+: ledger platform fees \d+, Sandbox \d+ \(\+10\)$/),
      ]);
    } finally {
      await db.update(ledgerEntries).set({ amountCents: net!.amountCents }).where(eq(ledgerEntries.id, net!.id));
    }
  });
});

describe(`reconciliation through the Stripe adapter on the stand-in (${engine})`, () => {
  let stripe: StripeTestApp;
  let fileStart: Date;
  beforeAll(async () => {
    fileStart = secondAgo();
    stripe = await startStripeTestApp();
  });
  afterAll(async () => {
    await stripe?.close();
  });
  const provider = () =>
    createStripeProvider(
      stripe.t.app.config.payments as Extract<typeof stripe.t.app.config.payments, { provider: 'stripe' }>,
    );

  it("finds a clean day ok, and reports Stripe's refund the ledger lacks with its exact cents", async () => {
    const { t, standIn, platform } = stripe;
    const creator = await stripe.connectedCreator('US');
    const paid = await stripe.pay(t.client(), creator.profile.username, checkoutBody({ amount: 10 }));
    const clean = await reconcile(t.database.db, provider(), untilNow(fileStart));
    expect(clean.differences).toEqual([]);
    // Stripe's balance transactions are listed by creation time: the payment's are in, none are in the future.
    const listed = await provider().listBalanceTransactions({ accountId: creator.accountId, ...untilNow(fileStart) });
    expect(listed.map((txn) => [txn.type, txn.netCents])).toEqual([['payment', 891]]);
    const later = new Date(Date.now() + 3_600_000);
    expect(
      await provider().listBalanceTransactions({ accountId: null, from: later, to: new Date(later.getTime() + 1000) }),
    ).toEqual([]);

    // A refund made in Stripe's dashboard whose event has not arrived yet: the ledger lacks it.
    standIn.holdEvents();
    const chargeId = (await platform.paymentIntents.retrieve(paid.intentId)).latest_charge as string;
    await platform.refunds.create({
      charge: chargeId,
      amount: 400,
      reverse_transfer: true,
      refund_application_fee: true,
    });
    const lacking = await reconcile(t.database.db, provider(), untilNow(fileStart));
    // $4 reversed from the account, and Stripe gives back its share of the application fee (4/10 of 109: 44): -356.
    expect(lacking.differences).toEqual([
      expect.stringMatching(/^platform \S+: ledger platform refunds 0, Stripe -44 \(-44\)$/),
      expect.stringMatching(
        new RegExp(`^${creator.accountId} \\S+: ledger creator refunds 0, Stripe -356 \\(-356\\)$`),
      ),
    ]);
    await standIn.releaseEvents();
    await standIn.deliveriesSettled();
    expect((await reconcile(t.database.db, provider(), untilNow(fileStart))).differences).toEqual([]);
  });

  it('gives back a refund the bank refused after it succeeded, once, and reconciles it to the cent', async () => {
    const { t, standIn, platform } = stripe;
    const db = t.database.db;
    const from = secondAgo();
    const creator = await stripe.connectedCreator('US');
    const paid = await stripe.pay(t.client(), creator.profile.username, checkoutBody({ amount: 10 }));
    const refunded = await creator.client.request({
      method: 'POST',
      url: `/api/creator/supports/${paid.supportId}/refunds`,
      headers: { 'idempotency-key': `recon-fail-${paid.supportId}` },
      payload: { amountCents: 600, reason: 'requested_by_supporter', note: '', cancelSubscription: false },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const [before] = await db.select().from(refunds).where(eq(refunds.supportId, paid.supportId));
    const balanceOf = async () => {
      const balance = await platform.balance.retrieve({}, { stripeAccount: creator.accountId });
      return [...balance.available, ...balance.pending].reduce((sum, f) => sum + f.amount, 0);
    };
    const accountAfterRefund = await balanceOf();

    // The card's bank refuses it later: refund.updated, charge.refund.updated and refund.failed, in that order.
    standIn.failRefund(before!.providerRefundId!, 'lost_or_stolen_card');
    const failed = await stripe.delivered((e) => e.type === 'refund.failed');
    const updated = await stripe.delivered((e) => e.type === 'charge.refund.updated');
    standIn.redeliver(failed.id);
    await standIn.deliveriesSettled();
    expect(await stripe.deliveryStatuses(failed.id)).toEqual([200, 200]);
    expect(await stripe.deliveryStatuses(updated.id)).toEqual([200]);

    const [after] = await db.select().from(refunds).where(eq(refunds.id, before!.id));
    expect(after).toMatchObject({
      status: 'failed',
      failureMessage: 'The card was reported lost or stolen.',
      creatorRestore: 'done',
      creatorRestoreTransferId: expect.stringMatching(/^tr_/),
      creatorRestorePaymentId: expect.stringMatching(/^py_/),
    });
    expect(after!.providerFailedAt).toBeInstanceOf(Date);
    // The refund's three entries, and the same three given back: the support counts as not refunded.
    const entries = await db
      .select({ type: ledgerEntries.type, amountCents: ledgerEntries.amountCents, reversal: ledgerEntries.reversal })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refundId, before!.id));
    const { platformFeeReturnedCents: fee, creatorDebitCents: debit } = before!;
    expect(fee + debit).toBe(600);
    expect(entries.sort((a, b) => a.amountCents - b.amountCents)).toEqual([
      { type: 'gross', amountCents: -600, reversal: false },
      { type: 'creator_net', amountCents: -debit, reversal: false },
      { type: 'platform_fee', amountCents: -fee, reversal: false },
      { type: 'platform_fee', amountCents: fee, reversal: true },
      { type: 'creator_net', amountCents: debit, reversal: true },
      { type: 'gross', amountCents: 600, reversal: true },
    ]);
    const shown = (await creator.client.get('/api/creator/dashboard')).json();
    // Not refundable again: Stripe still counts the failed refund on the charge, and the card refused it.
    expect(shown.recentSupports.find((s: { id: string }) => s.id === paid.supportId)).toMatchObject({
      refundedCents: 0,
      refundableCents: 400,
    });
    expect(shown.totalEarnings).toMatchObject({ grossCents: 1000 });
    // The creator's account at Stripe got back exactly what the refund took off it, once.
    expect((await balanceOf()) - accountAfterRefund).toBe(debit);
    const transfers = await platform.transfers.list({ destination: creator.accountId });
    expect(transfers.data.filter((tr) => tr.metadata?.refund === before!.id).map((tr) => tr.amount)).toEqual([debit]);
    // Both told, once each.
    const emails = await db
      .select({
        kind: emailOutbox.kind,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        text: emailOutbox.textBody,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `refund-failed-supporter:${before!.id}`));
    expect(emails).toEqual([
      expect.objectContaining({ kind: 'refund-failed-supporter', subject: 'Your refund could not be completed' }),
    ]);
    expect(emails[0]!.text).toContain('$6.00');
    expect(emails[0]!.text).toContain(creator.profile.displayName);
    expect(emails[0]!.text).toContain('Contact your bank');
    const creatorEmails = await db
      .select({ subject: emailOutbox.subject, to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `refund-failed-creator:${before!.id}`));
    expect(creatorEmails).toEqual([
      { subject: 'A refund could not be completed: the money is back in your balance', to: creator.user.email },
    ]);

    const result = await reconcile(db, provider(), untilNow(from));
    expect(result.differences).toEqual([]);
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
    // What is left of the support can still be refunded, and reconciles too.
    const again = await creator.client.request({
      method: 'POST',
      url: `/api/creator/supports/${paid.supportId}/refunds`,
      headers: { 'idempotency-key': `recon-fail-again-${paid.supportId}` },
      payload: { amountCents: 400, reason: 'requested_by_supporter', note: '', cancelSubscription: false },
    });
    expect(again.statusCode, again.body).toBe(201);
    await standIn.deliveriesSettled();
    expect((await reconcile(db, provider(), untilNow(from))).differences).toEqual([]);
  });

  // 150 in the test command; RECONCILIATION_OPERATIONS=1000 (and RECONCILIATION_SEED) for the long run
  // (docs/testing.md). Its time limit grows with the work: two seconds per operation, for a busy machine.
  const OPERATIONS = Number(process.env.RECONCILIATION_OPERATIONS ?? 150);
  it(
    `reconciles to the cent after ${OPERATIONS} random supports, renewals, refunds (some failing later), disputes and payouts (some canceled) with events reordered and duplicated`,
    { timeout: 60_000 + OPERATIONS * 2_000 },
    async () => {
      const { t, standIn, platform } = stripe;
      const db = t.database.db;
      const random = seeded(Number(process.env.RECONCILIATION_SEED ?? 39));
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
      const creators = [await stripe.connectedCreator('US'), await stripe.connectedCreator('GB')];
      const paidSupports: { supportId: string; intentId: string; creator: (typeof creators)[number]; left: number }[] =
        [];
      const cards = ['pm_card_visa', 'pm_card_visa', 'pm_card_gb', 'pm_card_mastercard'];

      standIn.holdEvents();
      for (let op = 0; op < OPERATIONS; op += 1) {
        const roll = random();
        const creator = pick(creators);
        const refundable = paidSupports.filter((s) => s.left >= 100);
        if (roll < 0.5 || refundable.length === 0) {
          const amount = 3 + Math.floor(random() * 58);
          const body = checkoutBody({ amount, isRecurring: random() < 0.4 });
          const paid = await stripe.pay(t.client(), creator.profile.username, body, pick(cards));
          paidSupports.push({ ...paid, creator, left: amount * 100 });
        } else if (roll < 0.75) {
          const target = pick(refundable);
          const amountCents = 1 + Math.floor(random() * target.left);
          const refunded = await target.creator.client.request({
            method: 'POST',
            url: `/api/creator/supports/${target.supportId}/refunds`,
            headers: { 'idempotency-key': `recon-${op}-${target.supportId}` },
            payload: { amountCents, reason: 'requested_by_supporter', note: '', cancelSubscription: false },
          });
          expect(refunded.statusCode, refunded.body).toBe(201);
          target.left -= amountCents;
          if (random() < 0.25) {
            // The card's bank refuses it later: its events join the held ones, reordered and duplicated.
            const [row] = await db
              .select({ providerRefundId: refunds.providerRefundId })
              .from(refunds)
              .where(eq(refunds.idempotencyKey, `recon-${op}-${target.supportId}`));
            standIn.failRefund(row!.providerRefundId!);
          }
        } else if (roll < 0.85) {
          const target = pick(refundable);
          const amount = 1 + Math.floor(random() * target.left);
          const chargeId = (await platform.paymentIntents.retrieve(target.intentId)).latest_charge as string;
          await platform.refunds.create({
            charge: chargeId,
            amount,
            reverse_transfer: true,
            // As docs/going-live.md says: the transfer reversed, the application fee's share left to the app.
            refund_application_fee: false,
          });
          target.left -= amount;
        } else if (roll < 0.9) {
          // Stripe pays out what the account holds, when it holds something.
          const balance = await platform.balance.retrieve({}, { stripeAccount: creator.accountId });
          // Now and then Stripe cancels it before it reaches the bank: the money stays, and nothing moved.
          if ([...balance.available, ...balance.pending].reduce((sum, f) => sum + f.amount, 0) > 0) {
            await stripe.releasePayouts();
            standIn.payOut(creator.accountId, { cancel: random() < 0.3 });
          }
        } else {
          // Events held meanwhile arrive now, reordered and some twice.
          await releaseShuffled();
          standIn.holdEvents();
        }
      }
      // A dispute or two (Stripe's dispute card: reason fraudulent), lost (the creator's share is taken back by a
      // transfer reversal) and won.
      for (const outcome of ['lose', 'win'] as const) {
        const creator = pick(creators);
        const started = (
          await t.client().post(`/api/creators/${creator.profile.username}/supports`, checkoutBody({ amount: 10 }))
        ).json() as { payment: { intentId: string; clientSecret: string } };
        await stripe.browser.paymentIntents.confirm(started.payment.intentId, {
          payment_method: 'pm_card_createDispute',
          client_secret: started.payment.clientSecret,
        } as Stripe.PaymentIntentConfirmParams);
        await t.client().post(`/api/payments/intents/${started.payment.intentId}/complete`, {
          clientSecret: started.payment.clientSecret,
        });
        const opened = await standIn.waitForEvent(
          (e) =>
            e.type === 'charge.dispute.funds_withdrawn' &&
            (e.data.object as Stripe.Dispute).payment_intent === started.payment.intentId,
        );
        const disputeId = (opened.data.object as Stripe.Dispute).id;
        if (outcome === 'lose') await platform.disputes.close(disputeId);
        else
          await platform.disputes.update(disputeId, {
            evidence: { uncategorized_text: 'winning_evidence' },
            submit: true,
          });
      }
      await releaseShuffled();

      // A month on, the renewals are charged off session.
      const later = new Date(Date.now() + 32 * DAY_MS);
      const renewed = await runRenewals(
        {
          db,
          provider: provider(),
          appSecret: resolveAppSecret(t.app.config),
          origin: 'http://127.0.0.1',
          now: () => later,
        },
        later,
      );
      expect(renewed).toMatchObject({ errors: 0, failed: 0 });
      expect(renewed.renewed).toBeGreaterThan(0);
      await standIn.deliveriesSettled();

      const recovered = await db.select().from(disputes).where(eq(disputes.creatorRecovery, 'done'));
      expect(recovered.map((d) => [d.status, d.recoveredCents > 0])).toEqual([['lost', true]]);
      const result = await reconcile(db, provider(), untilNow(fileStart, 40 * DAY_MS));
      expect(result.differences).toEqual([]);
      expect(result.ok).toBe(true);
      expect((await checkLedgerIntegrity(db)).problems).toEqual([]);

      for (const creator of creators) {
        // The account's balance at Stripe is the creator's ledger balance, Stripe's payouts included, to the cent.
        const balance = await platform.balance.retrieve({}, { stripeAccount: creator.accountId });
        const atStripe = [...balance.available, ...balance.pending].reduce((sum, f) => sum + f.amount, 0);
        expect(atStripe).toBe(await creatorBalanceCents(db, creator.user.id));
      }
      // The platform's balance: never below its fee income less Stripe's fees (its ledger account, disputes aside).
      const platformBalance = await platform.balance.retrieve();
      const atStripe = [...platformBalance.available, ...platformBalance.pending].reduce((sum, f) => sum + f.amount, 0);
      const platformEntries = await db
        .select({ amountCents: ledgerEntries.amountCents, type: ledgerEntries.type })
        .from(ledgerEntries)
        .innerJoin(supports, eq(supports.id, ledgerEntries.supportId))
        .where(eq(ledgerEntries.account, 'platform'));
      const feeIncome = platformEntries.reduce((sum, e) => sum + e.amountCents, 0);
      expect(atStripe).toBeGreaterThanOrEqual(feeIncome);

      async function releaseShuffled() {
        const held = standIn.events.filter((e) => !standIn.deliveries.some((d) => d.eventId === e.id));
        const order = held.map((e) => e.id).sort(() => random() - 0.5);
        const twice = order.filter(() => random() < 0.3);
        await standIn.releaseEvents([...order, ...twice]);
        await standIn.deliveriesSettled();
      }
    },
  );
});
