import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAppSecret } from '../../../config/env';
import { disputes, ledgerEntries, payouts, refunds, subscriptions, supports } from '../../../db/schema';
import { checkoutBody, postCheckout } from '../../checkout/checkout-test-factories';
import { checkLedgerIntegrity } from '../../ledger/integrity-service';
import { calculateFees } from '@beabro/shared/money/fees';
import { runPayouts } from '../../payouts/payouts-service';
import { fakeOperator } from '../../operator/operator-test-factories';
import { tuesdayOnOrAfter } from '../../payouts/payout-weeks';
import { runRenewals } from '../../subscriptions/renewal-service';
import { startStripeTestApp, type StripeTestApp } from '../../../testing/stripe-test-app';
import type { TestApp, TestClient } from '../../../testing/test-app';
import { createStripeProvider } from '../configured-provider';
import type { StripeStandIn } from '../../../testing/stripe-stand-in/stripe-stand-in';

/*
 * The journey with PAYMENT_PROVIDER=stripe on the stand-in: a creator connects their account, a one-off checkout and a
 * monthly support are confirmed as Stripe.js confirms them, the renewal is charged off session by our scheduler's
 * job, a refund made by the creator and one made in Stripe's dashboard reach the ledger once each, the payouts job
 * holds then releases the account's schedule and Stripe's payout to the bank is the creator's, booked once, a lost dispute is booked on the platform, and the
 * books still prove.
 */

const DAY_MS = 86_400_000;

let stripe: StripeTestApp;
let standIn: StripeStandIn;
let t: TestApp;
let browser: Stripe;
let platform: Stripe;

beforeAll(async () => {
  stripe = await startStripeTestApp();
  ({ standIn, t, browser, platform } = stripe);
});

afterAll(async () => {
  await stripe?.close();
});

const delivered = (match: (event: Stripe.Event) => boolean) => stripe.delivered(match);
const pay = (client: TestClient, username: string, body: ReturnType<typeof checkoutBody>) =>
  stripe.pay(client, username, body);

describe(`Stripe journey on the stand-in (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('takes a checkout, a monthly support and its renewal, two refunds, a dispute and a payout into proven books', async () => {
    const db = t.database.db;
    const creator = await stripe.connectedCreator('US');
    const { accountId } = creator;
    const username = creator.profile.username;

    // A one-off $10 and a monthly $5, paid in the browser.
    const oneOff = await pay(t.client(), username, checkoutBody({ amount: 10 }));
    const monthly = await pay(t.client(), username, checkoutBody({ amount: 5, isRecurring: true }));
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.creatorId, creator.user.id));
    expect(subscription).toMatchObject({ paymentProvider: 'stripe', status: 'active' });
    expect(subscription!.paymentMethodToken).toMatch(/^pm_/);
    const firstCharge = await platform.paymentIntents.retrieve(monthly.intentId);
    expect(firstCharge.setup_future_usage).toBe('off_session');

    // Refunds: $4 by the creator from the dashboard, then $3 in Stripe's dashboard; each reaches the ledger once.
    const refunded = await creator.client.request({
      method: 'POST',
      url: `/api/creator/supports/${oneOff.supportId}/refunds`,
      headers: { 'idempotency-key': `journey-refund-${process.pid}` },
      payload: { amountCents: 400, reason: 'requested_by_supporter', note: '', cancelSubscription: false },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const chargeId = (await platform.paymentIntents.retrieve(oneOff.intentId)).latest_charge as string;
    await delivered((e) => e.type === 'charge.refunded' && (e.data.object as Stripe.Charge).amount_refunded === 400);
    // Stripe's books are ours: the account holds the two creator nets (891 + 430) minus the 380 the ledger took off.
    const accountBalance = await platform.balance.retrieve({}, { stripeAccount: accountId });
    expect([...accountBalance.available, ...accountBalance.pending].reduce((sum, f) => sum + f.amount, 0)).toBe(
      891 + 430 - 380,
    );
    await platform.refunds.create({
      charge: chargeId,
      amount: 300,
      reverse_transfer: true,
      refund_application_fee: true,
    });
    const outside = await delivered(
      (e) => e.type === 'charge.refunded' && (e.data.object as Stripe.Charge).amount_refunded === 700,
    );
    standIn.redeliver(outside.id);
    await standIn.deliveriesSettled();
    const oneOffRefunds = await db.select().from(refunds).where(eq(refunds.supportId, oneOff.supportId));
    expect(oneOffRefunds.map((r) => [r.amountCents, r.status]).sort()).toEqual([
      [300, 'succeeded'],
      [400, 'succeeded'],
    ]);
    // The dashboard refund returned the application fee pro rata; the app squared the account afterwards: it lost
    // exactly what the ledger took off the creator for both refunds (700 less the platform fee's 35).
    const charge = await platform.charges.retrieve(chargeId, { expand: ['transfer', 'application_fee'] });
    expect(
      (charge.transfer as Stripe.Transfer).amount_reversed -
        (charge.application_fee as Stripe.ApplicationFee).amount_refunded,
    ).toBe(700 - 35);
    const refundEntries = await db
      .select({ amountCents: ledgerEntries.amountCents, type: ledgerEntries.type })
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.refundId,
          oneOffRefunds.map((r) => r.id),
        ),
      );
    expect(refundEntries.filter((e) => e.type === 'gross').reduce((sum, e) => sum + e.amountCents, 0)).toBe(-700);
    expect(refundEntries.filter((e) => e.type === 'platform_fee').reduce((sum, e) => sum + e.amountCents, 0)).toBe(-35);

    // Stripe pays the creator out itself; the payouts job holds the account (a manual schedule) during the first
    // payout's 7 days after the first support, then releases it to Stripe's Tuesdays.
    const provider = createStripeProvider(
      t.app.config.payments as Extract<typeof t.app.config.payments, { provider: 'stripe' }>,
    );
    const scheduleOf = async () => (await platform.accounts.retrieve(accountId)).settings?.payouts?.schedule;
    expect(await scheduleOf()).toMatchObject({ interval: 'manual' });
    const early = await runPayouts({ db, provider }, tuesdayOnOrAfter(new Date()));
    expect(early).toMatchObject({ paid: 0, held: 1, errors: 0 });
    expect(await scheduleOf()).toMatchObject({ interval: 'manual' });
    expect(() => standIn.payOut(accountId)).toThrow(/manual/);
    // The operators see it held, with the balance and why.
    const operator = await fakeOperator(t);
    const heldNow = (await operator.client.get('/api/operator/money')).json().heldPayouts;
    expect(heldNow).toContainEqual(
      expect.objectContaining({
        id: accountId,
        status: 'held',
        amountCents: 891 + 430 - 665,
        holdReason: expect.stringContaining('7-day verification'),
      }),
    );
    const tuesday = tuesdayOnOrAfter(new Date(Date.now() + 8 * DAY_MS));
    tuesday.setUTCHours(10);
    const summary = await runPayouts({ db, provider }, tuesday);
    expect(summary).toMatchObject({ paid: 0, held: 0, errors: 0 });
    expect(await scheduleOf()).toMatchObject({ interval: 'weekly', weekly_anchor: 'tuesday' });
    // No weekly payout of our own: one list, Stripe's.
    expect(await db.select().from(payouts).where(eq(payouts.creatorId, creator.user.id))).toEqual([]);

    // Stripe pays the account out to the bank: the payout is the creator's, and the ledger's balance follows.
    const bank = standIn.payOut(accountId);
    // 891 + 430 earned, 665 refunded off the creator.
    expect(bank.amount).toBe(891 + 430 - 665);
    await delivered((e) => e.type === 'payout.paid' && e.account === accountId);
    const shown = (await creator.client.get('/api/creator/payouts')).json();
    expect(shown).toMatchObject({ paidBy: 'stripe', balanceCents: 0 });
    expect(shown.payouts).toMatchObject([{ id: bank.id, status: 'paid', amountCents: bank.amount }]);

    // A supporter's bank disputes a payment; the platform accepts the loss (closes it): the platform's books carry it.
    const disputedStart = (await postCheckout(t.client(), username, checkoutBody({ amount: 10 }))).json();
    await browser.paymentIntents.confirm(disputedStart.payment.intentId, {
      payment_method: 'pm_card_createDispute',
      client_secret: disputedStart.payment.clientSecret,
    } as Stripe.PaymentIntentConfirmParams);
    const opened = await delivered(
      (e) =>
        e.type === 'charge.dispute.funds_withdrawn' &&
        (e.data.object as Stripe.Dispute).payment_intent === disputedStart.payment.intentId,
    );
    const disputeId = (opened.data.object as Stripe.Dispute).id;
    await platform.disputes.close(disputeId);
    await delivered((e) => e.type === 'charge.dispute.closed' && (e.data.object as Stripe.Dispute).id === disputeId);
    const [lost] = await db.select().from(disputes).where(eq(disputes.id, disputeId));
    expect(lost).toMatchObject({ status: 'lost', withdrawnCents: 1000, feeCents: 1500, reinstatedCents: 0 });

    // A month on, our renewal job charges the kept card off session, routed to the creator's account.
    const renewal = await runRenewals(
      {
        db,
        provider,
        appSecret: resolveAppSecret(t.app.config),
        origin: 'http://127.0.0.1',
        now: () => new Date(Date.now() + 32 * DAY_MS),
      },
      new Date(Date.now() + 32 * DAY_MS),
    );
    expect(renewal).toMatchObject({ renewed: 1, errors: 0, failed: 0 });
    const renewed = await db
      .select()
      .from(supports)
      .where(and(eq(supports.subscriptionId, subscription!.id), eq(supports.isRenewal, true)));
    expect(renewed).toHaveLength(1);
    const renewalIntent = standIn.events
      .filter((e) => e.type === 'payment_intent.succeeded')
      .map((e) => e.data.object as Stripe.PaymentIntent)
      .find((intent) => intent.metadata.purpose === 'renewal');
    expect(renewalIntent).toMatchObject({
      amount: 500,
      application_fee_amount: 70,
      transfer_data: { destination: accountId },
    });
    await standIn.deliveriesSettled();
    expect(await db.select().from(supports).where(eq(supports.subscriptionId, subscription!.id))).toHaveLength(2);
    // The disputed payment was recorded (by the page's completion or payment_intent.succeeded) like any other.
    expect(await db.select().from(supports).where(eq(supports.creatorId, creator.user.id))).toHaveLength(4);

    const report = await checkLedgerIntegrity(db);
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, refundsChecked: 2, payoutsChecked: 1 });
  });
  it("books Stripe's actual fee: what a card costs beyond the estimate is the platform's, on its account", async () => {
    const db = t.database.db;
    const creator = await stripe.connectedCreator('US');
    const username = creator.profile.username;
    const estimate = calculateFees(1000, 'usd').processingFeeCents;
    for (const card of ['pm_card_visa', 'pm_card_gb']) {
      const paid = await stripe.pay(t.client(), username, checkoutBody({ amount: 10 }), card);
      const intent = await platform.paymentIntents.retrieve(paid.intentId, {
        expand: ['latest_charge.balance_transaction'],
      });
      const stripeFee = ((intent.latest_charge as Stripe.Charge).balance_transaction as Stripe.BalanceTransaction).fee;
      const platformEntries = await db
        .select({ type: ledgerEntries.type, amountCents: ledgerEntries.amountCents })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.supportId, paid.supportId), eq(ledgerEntries.account, 'platform')));
      // The platform's account holds what Stripe left it: the application fee less Stripe's actual fee.
      expect(platformEntries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(
        intent.application_fee_amount! - stripeFee,
      );
      const difference = platformEntries.find((e) => e.type === 'processing_fee_difference');
      if (estimate === stripeFee) expect(difference).toBeUndefined();
      else expect(difference?.amountCents).toBe(estimate - stripeFee);
    }
    // A card issued abroad costs more than the estimate the creator bore: the platform bears it.
    const [international] = await db
      .select({ amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .innerJoin(supports, eq(supports.id, ledgerEntries.supportId))
      .where(and(eq(supports.creatorId, creator.user.id), eq(ledgerEntries.type, 'processing_fee_difference')))
      .orderBy(ledgerEntries.amountCents);
    expect(international!.amountCents).toBeLessThan(0);
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });
});
