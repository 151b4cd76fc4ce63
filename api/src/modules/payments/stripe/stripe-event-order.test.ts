import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CARD_CHANGE_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { resolveAppSecret } from '../../../config/env';
import {
  disputes,
  emailOutbox,
  ledgerEntries,
  paymentEvents,
  payoutAccounts,
  providerPayouts,
  refunds,
  subscriptions,
  supports,
} from '../../../db/schema';
import { signCancelToken } from '../../subscriptions/subscription-link';
import { checkLedgerIntegrity } from '../../ledger/integrity-service';
import { checkoutBody } from '../../checkout/checkout-test-factories';
import { startStripeTestApp, type StripeTestApp } from '../../../testing/stripe-test-app';
import type { TestApp } from '../../../testing/test-app';
import type { StripeStandIn } from '../../../testing/stripe-stand-in/stripe-stand-in';

/*
 * Stripe sends each event at least once and in no guaranteed order. The stand-in holds its events and releases them
 * in the order a test chooses: an account, a payout or a dispute ends as the newest event (by Stripe's `created`)
 * says, whatever the order they arrived in; an older one is answered 200 and ignored. A card change keeps the card of
 * the setup started last, whatever the order its setups' events arrive in.
 */

let stripe: StripeTestApp;
let standIn: StripeStandIn;
let t: TestApp;
let platform: Stripe;

beforeAll(async () => {
  stripe = await startStripeTestApp({ resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] });
  ({ standIn, t, platform } = stripe);
});

afterAll(async () => {
  await stripe?.close();
});

/** The one held event that matches (they are recorded while held). */
function heldEvent(match: (event: Stripe.Event) => boolean): Stripe.Event {
  const found = standIn.events.filter(match);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** Every delivery of each event was answered 200 (an ignored one too: Stripe must stop resending it). */
async function allAnswered200(events: Stripe.Event[]) {
  for (const event of events) {
    const statuses = await stripe.deliveryStatuses(event.id);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
  }
}

async function recordedEvents(eventId: string) {
  return t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId));
}

describe(`Stripe's events applied in the order Stripe created them (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('keeps the newest account.updated when an older one arrives late, and after a redelivery of it', async () => {
    const creator = await stripe.connectedCreator();
    standIn.holdEvents();
    standIn.requireInformation(creator.accountId, ['individual.verification.document']);
    // A minute later the creator gives Stripe what it asked for: payouts resume.
    standIn.advanceClock(60);
    standIn.completeOnboarding(creator.accountId);
    const ofAccount = (event: Stripe.Event) => event.type === 'account.updated' && event.account === creator.accountId;
    const restricted = heldEvent(
      (event) => ofAccount(event) && (event.data.object as Stripe.Account).payouts_enabled === false,
    );
    const resumed = heldEvent(
      (event) =>
        ofAccount(event) &&
        event.created > restricted.created &&
        (event.data.object as Stripe.Account).payouts_enabled === true,
    );

    await standIn.releaseEvents([resumed.id, restricted.id]);

    await allAnswered200([resumed, restricted]);
    const shown = (await creator.client.get('/api/creator/payout-account')).json();
    expect(shown.account).toMatchObject({ payoutsEnabled: true, requirementsDue: [], disabledReason: null });
    const [row] = await t.database.db
      .select({ statusEventAt: payoutAccounts.statusEventAt })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.accountId, creator.accountId));
    expect(row?.statusEventAt).toEqual(new Date(resumed.created * 1000));
    // Both were recorded as handled: a redelivery of the late one is a duplicate and changes nothing.
    expect(await recordedEvents(restricted.id)).toHaveLength(1);
    standIn.redeliver(restricted.id);
    await allAnswered200([restricted]);
    expect((await creator.client.get('/api/creator/payout-account')).json().account).toMatchObject({
      payoutsEnabled: true,
    });
    expect(await recordedEvents(restricted.id)).toHaveLength(1);

    // In order, the newer restriction applies.
    standIn.advanceClock(60);
    standIn.requireInformation(creator.accountId, ['individual.verification.document']);
    const again = await standIn.waitForEvent(
      (event) =>
        ofAccount(event) && event.created > resumed.created && !(event.data.object as Stripe.Account).payouts_enabled,
    );
    await allAnswered200([again]);
    expect((await creator.client.get('/api/creator/payout-account')).json().account).toMatchObject({
      payoutsEnabled: false,
      requirementsDue: ['individual.verification.document'],
    });
  });

  it('keeps a payout failed when its older payout.paid arrives after payout.failed', async () => {
    const creator = await stripe.connectedCreator();
    await stripe.pay(t.client(), creator.profile.username, checkoutBody({ amount: 20 }));
    await stripe.releasePayouts();
    standIn.holdEvents();
    const payout = standIn.payOut(creator.accountId);
    // The bank returns the money later: Stripe sends payout.failed after payout.paid.
    standIn.advanceClock(3600);
    standIn.failPaidPayout(payout.id, 'account_closed');
    const paid = heldEvent((event) => event.type === 'payout.paid' && event.data.object.id === payout.id);
    const failed = heldEvent((event) => event.type === 'payout.failed' && event.data.object.id === payout.id);
    expect(failed.created).toBeGreaterThan(paid.created);

    await standIn.releaseEvents([failed.id, paid.id]);

    await allAnswered200([failed, paid]);
    const shown = (await creator.client.get('/api/creator/payouts')).json();
    expect(shown.payouts).toEqual([
      expect.objectContaining({ id: payout.id, status: 'failed', failureCode: 'account_closed' }),
    ]);
    const [row] = await t.database.db.select().from(providerPayouts).where(eq(providerPayouts.id, payout.id));
    expect(row?.eventCreatedAt).toEqual(new Date(failed.created * 1000));
  });

  it('applies payout.failed after payout.paid, and never leaves failed for paid sent in the same second', async () => {
    const creator = await stripe.connectedCreator();
    await stripe.pay(t.client(), creator.profile.username, checkoutBody({ amount: 20 }));
    // In order: paid, then failed (the bank returned it).
    await stripe.releasePayouts();
    const first = standIn.payOut(creator.accountId);
    const firstPaid = await standIn.waitForEvent(
      (event) => event.type === 'payout.paid' && event.data.object.id === first.id,
    );
    await allAnswered200([firstPaid]);
    standIn.failPaidPayout(first.id, 'no_account');
    const firstFailed = await standIn.waitForEvent(
      (event) => event.type === 'payout.failed' && event.data.object.id === first.id,
    );
    await allAnswered200([firstFailed]);
    const payoutsShown = async () =>
      (await creator.client.get('/api/creator/payouts')).json().payouts as {
        id: string;
        status: string;
        failureCode: string | null;
      }[];
    expect((await payoutsShown()).find((p) => p.id === first.id)).toMatchObject({
      status: 'failed',
      failureCode: 'no_account',
    });

    // Paid and failed created in the same second, failed arriving first: failed is final.
    standIn.holdEvents();
    const second = standIn.payOut(creator.accountId);
    standIn.failPaidPayout(second.id, 'could_not_process');
    const secondPaid = heldEvent((event) => event.type === 'payout.paid' && event.data.object.id === second.id);
    const secondFailed = heldEvent((event) => event.type === 'payout.failed' && event.data.object.id === second.id);
    // Stripe's `created` is in whole seconds: both may carry the same (made certain here, before they are signed).
    secondPaid.created = secondFailed.created;
    // Sent twice each, as Stripe may: the repeats are duplicates.
    await standIn.releaseEvents([secondFailed.id, secondPaid.id, secondFailed.id, secondPaid.id]);
    await allAnswered200([secondFailed, secondPaid]);
    expect(await stripe.deliveryStatuses(secondPaid.id)).toEqual([200, 200]);
    expect((await payoutsShown()).find((p) => p.id === second.id)).toMatchObject({
      status: 'failed',
      failureCode: 'could_not_process',
    });
    expect(await recordedEvents(secondPaid.id)).toHaveLength(1);
  });

  it('keeps a dispute under review when its older events arrive late, and books what they withdrew', async () => {
    const creator = await stripe.connectedCreator();
    standIn.holdEvents();
    const { intentId } = await stripe.pay(
      t.client(),
      creator.profile.username,
      checkoutBody({ amount: 10 }),
      'pm_card_createDispute',
    );
    const ofDispute = (type: string) => (event: Stripe.Event) =>
      event.type === type && (event.data.object as Stripe.Dispute).payment_intent === intentId;
    const created = heldEvent(ofDispute('charge.dispute.created'));
    const withdrawn = heldEvent(ofDispute('charge.dispute.funds_withdrawn'));
    const disputeId = (created.data.object as Stripe.Dispute).id;
    standIn.advanceClock(60);
    await platform.disputes.update(disputeId, { evidence: { uncategorized_text: 'Delivered on time.' }, submit: true });
    const updated = heldEvent(ofDispute('charge.dispute.updated'));
    expect((updated.data.object as Stripe.Dispute).status).toBe('under_review');

    await standIn.releaseEvents([updated.id, withdrawn.id, created.id]);

    await allAnswered200([updated, withdrawn, created]);
    const [row] = await t.database.db.select().from(disputes).where(eq(disputes.id, disputeId));
    expect(row).toMatchObject({ status: 'under_review', withdrawnCents: 1000, feeCents: 1500, closedAt: null });
    expect(row?.statusEventAt).toEqual(new Date(updated.created * 1000));
    const entries = await t.database.db
      .select({ type: ledgerEntries.type, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.disputeId, disputeId));
    expect(entries.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'dispute', amountCents: -1000 },
      { type: 'dispute_fee', amountCents: -1500 },
    ]);

    // Won: the closing events arrive before the update that preceded them; the dispute stays won.
    standIn.holdEvents();
    standIn.advanceClock(60);
    await platform.disputes.update(disputeId, { evidence: { uncategorized_text: 'winning_evidence' }, submit: true });
    const closed = heldEvent(ofDispute('charge.dispute.closed'));
    const reinstated = heldEvent(ofDispute('charge.dispute.funds_reinstated'));
    const lastUpdate = heldEvent((event) => ofDispute('charge.dispute.updated')(event) && event.id !== updated.id);
    await standIn.releaseEvents([closed.id, reinstated.id, lastUpdate.id]);
    standIn.redeliver(updated.id);
    await allAnswered200([closed, reinstated, lastUpdate, updated]);
    const [won] = await t.database.db.select().from(disputes).where(eq(disputes.id, disputeId));
    expect(won).toMatchObject({ status: 'won', reinstatedCents: 1000 });
    expect(won?.closedAt).not.toBeNull();
    expect((await checkLedgerIntegrity(t.database.db)).problems).toEqual([]);
  });

  it('records a refund of ours once when its events arrive late and out of order, its later failure included', async () => {
    const creator = await stripe.connectedCreator();
    const { intentId, supportId } = await stripe.pay(
      t.client(),
      creator.profile.username,
      checkoutBody({ amount: 10 }),
    );
    standIn.holdEvents();
    const refunded = await creator.client.request({
      method: 'POST',
      url: `/api/creator/supports/${supportId}/refunds`,
      headers: { 'idempotency-key': `order-refund-${randomUUID()}` },
      payload: { amountCents: 400, reason: 'requested_by_supporter', note: '', cancelSubscription: false },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const created = heldEvent(
      (event) => event.type === 'refund.created' && (event.data.object as Stripe.Refund).payment_intent === intentId,
    );
    const refundId = (created.data.object as Stripe.Refund).id;
    const chargeRefunded = heldEvent(
      (event) => event.type === 'charge.refunded' && (event.data.object as Stripe.Charge).payment_intent === intentId,
    );
    // The card's bank refuses the refund later.
    standIn.advanceClock(3600);
    standIn.failRefund(refundId);
    const ofRefund = (type: string) => (event: Stripe.Event) =>
      event.type === type && (event.data.object as Stripe.Refund).id === refundId;
    const failed = heldEvent(ofRefund('refund.failed'));
    const updated = heldEvent(ofRefund('refund.updated'));
    expect(updated.data.object).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect(updated.data.previous_attributes).toEqual({ status: 'succeeded' });

    await standIn.releaseEvents([failed.id, updated.id, chargeRefunded.id, created.id, chargeRefunded.id]);

    await allAnswered200([failed, updated, chargeRefunded, created]);
    // The late charge.refunded (twice) finds the refund reserved before Stripe was called: nothing more is recorded.
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.supportId, supportId));
    expect(rows.map((row) => row.amountCents)).toEqual([400]);
    expect((await checkLedgerIntegrity(t.database.db)).problems).toEqual([]);
  });
  it('keeps the newest card change when card setups’ events arrive late, twice and out of order', async () => {
    const creator = await stripe.connectedCreator();
    const guest = t.client();
    const email = `order-card-${randomUUID()}@example.com`;
    const { supportId } = await stripe.pay(
      guest,
      creator.profile.username,
      checkoutBody({ amount: 6, isRecurring: true, email }),
    );
    const [support] = await t.database.db.select().from(supports).where(eq(supports.id, supportId));
    const id = support!.subscriptionId!;
    const token = signCancelToken(resolveAppSecret(t.app.config), id);
    const start = async () => (await guest.post('/api/subscriptions/card-by-link', { token })).json().setup;
    const confirm = (setup: { setupId: string; clientSecret: string }, card: string) =>
      stripe.browser.setupIntents.confirm(setup.setupId, {
        payment_method: card,
        client_secret: setup.clientSecret,
      } as Stripe.SetupIntentConfirmParams);
    const ofSetup = (type: string, setupId: string) =>
      heldEvent((event) => event.type === type && (event.data.object as Stripe.SetupIntent).id === setupId);

    // Two card changes started one after the other, both saved at Stripe; the page never calls back.
    standIn.holdEvents();
    const older = await start();
    const newer = await start();
    expect((await platform.setupIntents.retrieve(older.setupId)).metadata).toMatchObject({ setupNumber: '1' });
    expect((await platform.setupIntents.retrieve(newer.setupId)).metadata).toMatchObject({ setupNumber: '2' });
    expect((await confirm(older, 'pm_card_authenticationRequiredOnSetup')).status).toBe('requires_action');
    standIn.completeSetupAuthentication(older.setupId, 'approve');
    await confirm(newer, 'pm_card_mastercard');
    const events = {
      olderCreated: ofSetup('setup_intent.created', older.setupId),
      olderAction: ofSetup('setup_intent.requires_action', older.setupId),
      olderSucceeded: ofSetup('setup_intent.succeeded', older.setupId),
      newerCreated: ofSetup('setup_intent.created', newer.setupId),
      newerSucceeded: ofSetup('setup_intent.succeeded', newer.setupId),
    };

    await standIn.releaseEvents([
      events.newerSucceeded.id,
      events.olderSucceeded.id,
      events.olderAction.id,
      events.newerCreated.id,
      events.olderCreated.id,
      events.olderSucceeded.id,
      events.newerSucceeded.id,
    ]);

    await allAnswered200(Object.values(events));
    expect(await stripe.deliveryStatuses(events.olderSucceeded.id)).toEqual([200, 200]);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(row).toMatchObject({ cardBrand: 'Mastercard', cardLast4: '4444', cardSetupNumber: 2 });
    // The older setup's card is never charged: Stripe no longer keeps it for the customer.
    const olderCard = (await platform.setupIntents.retrieve(older.setupId)).payment_method as string;
    expect((await platform.paymentMethods.retrieve(olderCard)).customer).toBeNull();
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'subscription-card-changed')));
    expect(mails).toHaveLength(1);
    for (const event of Object.values(events)) expect(await recordedEvents(event.id)).toHaveLength(1);

    // The older setup's page calling back late is told a newer card was kept.
    const late = await guest.post('/api/subscriptions/card-by-link/complete', { token, setupId: older.setupId });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(CARD_CHANGE_MESSAGES.newerCard);
    const [kept] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(kept?.paymentMethodToken).toBe(row?.paymentMethodToken);
  });
});
