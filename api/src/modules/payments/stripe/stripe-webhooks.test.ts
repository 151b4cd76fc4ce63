import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateFees } from '@beabro/shared/money/fees';
import {
  disputes,
  emailOutbox,
  fraudAlerts,
  ledgerEntries,
  paymentEvents,
  refunds,
  supports,
  webhookDeliveries,
} from '../../../db/schema';
import { checkLedgerIntegrity } from '../../ledger/integrity-service';
import { checkoutBody, postCheckout } from '../../checkout/checkout-test-factories';
import { fakeCreator } from '../../creator-profile/fake-creator';
import { PAYOUT_DESTINATION_MESSAGES } from '../../payout-accounts/payout-destination';
import { PAYOUT_ACCOUNT_MESSAGES } from '../../payout-accounts/payout-accounts-service';
import { upsertProviderPayout } from '../../payout-accounts/payout-accounts-repository';
import { fakeOperator } from '../../operator/operator-test-factories';
import { startStripeTestApp, STRIPE_TEST_WEBHOOK_SECRET, type StripeTestApp } from '../../../testing/stripe-test-app';
import type { TestApp } from '../../../testing/test-app';
import type { StripeStandIn } from '../../../testing/stripe-stand-in/stripe-stand-in';

/*
 * PAYMENT_PROVIDER=stripe pointed at the stand-in: the app's Stripe webhook endpoints get the stand-in's events, signed
 * by the SDK's own test-header helper, over HTTP; the browser's confirmation is made as Stripe.js makes it.
 */

const webhookSecret = STRIPE_TEST_WEBHOOK_SECRET;

let stripe: StripeTestApp;
let standIn: StripeStandIn;
let t: TestApp;
/** Stripe.js in the browser: the publishable key and the intent's client secret, nothing else. */
let browser: Stripe;
let platform: Stripe;

beforeAll(async () => {
  // The creators' own webhook endpoints (dispute.* events) resolve to a public address; nothing is sent.
  stripe = await startStripeTestApp({ resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] });
  ({ standIn, t, browser, platform } = stripe);
});

afterAll(async () => {
  await stripe?.close();
});

const deliveryStatuses = (eventId: string) => stripe.deliveryStatuses(eventId);
const connectedCreator = (country?: string) => stripe.connectedCreator(country);

/** Stripe's account.updated once the creator's account finished onboarding. */
function onboarded(creatorId: string) {
  return standIn.waitForEvent((event) => {
    const account = event.data.object as Stripe.Account;
    return event.type === 'account.updated' && account.metadata?.creatorId === creatorId && account.details_submitted;
  });
}

describe(`PAYMENT_PROVIDER=stripe on the stand-in (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it("serves none of the sandbox's pages or its event endpoint", async () => {
    expect((await t.app.inject('/sandbox-pay/v1/card-frame')).statusCode).toBe(404);
    expect((await t.client().post('/api/payments/events', {})).statusCode).toBe(404);
    expect((await t.client().post('/sandbox-pay/v1/payment-methods', {})).statusCode).toBe(404);
    // The pages may load Stripe.js and its frames (only with Stripe: see page-security-policy.test.ts).
    const page = await t.app.inject('/');
    expect(page.headers['content-security-policy']).toContain("frame-src 'self' https://js.stripe.com");
  });

  it('connects a creator’s Express account from Settings; account.updated says when it can take support', async () => {
    const creator = await fakeCreator(t, { country: 'US' });
    const before = await creator.client.get('/api/creator/payout-account');
    expect(before.json()).toEqual({
      capabilities: { cardField: 'stripe-elements', connectedAccounts: true },
      payoutTerms: { country: 'US', payoutCurrency: 'usd', serviceAgreement: 'full', crossBorder: false },
      account: null,
    });
    // Nobody can pay a creator Stripe cannot route the money to: nothing is recorded, the key may be used again.
    const refused = await postCheckout(t.client(), creator.profile.username, checkoutBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAYOUT_DESTINATION_MESSAGES.notConnected(creator.profile.displayName));

    const link = await creator.client.post('/api/creator/payout-account/onboarding-link');
    expect(link.statusCode, link.body).toBe(200);
    const pending = (await creator.client.get('/api/creator/payout-account')).json();
    expect(pending.account).toMatchObject({ country: 'US', payoutsEnabled: false, canReceiveSupport: false });
    expect(pending.account.requirementsDue).toContain('external_account');
    const visited = await fetch(link.json().url, { redirect: 'manual' });
    expect(visited.status).toBe(302);
    const updated = await onboarded(creator.user.id);
    expect(await deliveryStatuses(updated.id)).toEqual([200]);
    const ready = (await creator.client.get('/api/creator/payout-account')).json();
    expect(ready.account).toEqual({
      country: 'US',
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      canReceiveSupport: true,
      requirementsDue: [],
      disabledReason: null,
    });
    const stripeAccount = await platform.accounts.retrieve(updated.account as string);
    expect(stripeAccount.controller).toMatchObject({
      fees: { payer: 'application' },
      losses: { payments: 'application' },
      stripe_dashboard: { type: 'express' },
    });
    // Made held (a manual schedule): the payouts job releases it to Stripe's Tuesdays when no hold applies.
    expect(stripeAccount.settings?.payouts?.schedule).toMatchObject({ interval: 'manual' });

    // Stripe asks for more: payouts stop, and the dashboard says what is due.
    standIn.requireInformation(updated.account as string, ['individual.verification.document']);
    const restricted = await standIn.waitForEvent(
      (event) =>
        event.type === 'account.updated' &&
        event.account === updated.account &&
        (event.data.object as Stripe.Account).payouts_enabled === false,
    );
    expect(await deliveryStatuses(restricted.id)).toEqual([200]);
    const asked = (await creator.client.get('/api/creator/payout-account')).json();
    expect(asked.account).toMatchObject({ payoutsEnabled: false });
    expect(asked.account.requirementsDue).toContain('individual.verification.document');
  });

  it('gives an Australian creator a full account in AUD, charges their supports in AUD on its behalf, and keeps the payout country it was made in', async () => {
    const creator = await connectedCreator('AU');
    const account = await platform.accounts.retrieve(creator.accountId);
    expect(account.country).toBe('AU');
    expect(account.default_currency).toBe('aud');
    expect(account.tos_acceptance?.service_agreement ?? 'full').toBe('full');
    expect(account.capabilities).toEqual({ card_payments: 'active', transfers: 'active' });
    const shown = (await creator.client.get('/api/creator/payout-account')).json();
    expect(shown.payoutTerms).toEqual({
      country: 'AU',
      payoutCurrency: 'aud',
      serviceAgreement: 'full',
      crossBorder: false,
    });
    expect(shown.account).toMatchObject({ country: 'AU', payoutsEnabled: true, canReceiveSupport: true });

    // Charged in the creator's currency on behalf of their account (the settlement merchant), the fee in it too.
    const paid = await stripe.pay(t.client(), creator.profile.username, checkoutBody({ amount: 10 }));
    const intent = await platform.paymentIntents.retrieve(paid.intentId);
    const fees = calculateFees(1000, 'aud');
    expect(intent).toMatchObject({
      amount: 1000,
      currency: 'aud',
      on_behalf_of: creator.accountId,
      application_fee_amount: 1000 - fees.creatorNetCents,
      transfer_data: { destination: creator.accountId },
    });
    // Stripe pays the AUD balance out to the Australian bank, unconverted: recorded and shown in that currency.
    await stripe.releasePayouts();
    const bank = standIn.payOut(creator.accountId);
    expect(bank).toMatchObject({ currency: 'aud', amount: fees.creatorNetCents });
    await stripe.delivered((e) => e.type === 'payout.paid' && e.account === creator.accountId);
    const payouts = (await creator.client.get('/api/creator/payouts')).json().payouts;
    expect(payouts).toMatchObject([
      { id: bank.id, amountCents: fees.creatorNetCents, currency: 'aud', status: 'paid', weekStart: null },
    ]);

    // Stripe cannot move an account to another country: Settings refuses the change, and the same country is fine.
    const moved = await creator.client.patch('/api/creator-profile', { country: 'US' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors).toEqual({ country: PAYOUT_DESTINATION_MESSAGES.countryLocked('Australia') });
    const cleared = await creator.client.patch('/api/creator-profile', { country: null });
    expect(cleared.statusCode).toBe(400);
    const kept = await creator.client.patch('/api/creator-profile', { country: 'AU', bio: 'Still in Australia.' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().profile).toMatchObject({ country: 'AU', bio: 'Still in Australia.' });
  });

  it('lets a creator without a Stripe account change their payout country', async () => {
    const creator = await fakeCreator(t, { country: 'US' });
    const moved = await creator.client.patch('/api/creator-profile', { country: 'AU' });
    expect(moved.statusCode, moved.body).toBe(200);
    const shown = (await creator.client.get('/api/creator/payout-account')).json();
    expect(shown).toMatchObject({
      account: null,
      payoutTerms: { country: 'AU', payoutCurrency: 'aud', serviceAgreement: 'full' },
    });
  });

  it('refuses onboarding without a supported payout country', async () => {
    const none = await fakeCreator(t);
    const res = await none.client.post('/api/creator/payout-account/onboarding-link');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ country: PAYOUT_ACCOUNT_MESSAGES.noCountry });
    const elsewhere = await fakeCreator(t, { country: 'FR' });
    const refused = await elsewhere.client.post('/api/creator/payout-account/onboarding-link');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.country).toBe(PAYOUT_ACCOUNT_MESSAGES.unsupportedCountry('FR'));
  });

  it('records a checkout confirmed in the browser once, from the page and from payment_intent.succeeded', async () => {
    const creator = await connectedCreator();
    const supporter = t.client();
    // The support page knows from the profile that Stripe's field takes the card.
    const profile = await supporter.get(`/api/creators/${creator.profile.username}`);
    expect(profile.json().paymentCapabilities).toEqual({ cardField: 'stripe-elements', connectedAccounts: true });
    const started = await postCheckout(supporter, creator.profile.username, checkoutBody({ amount: 10 }));
    expect(started.statusCode, started.body).toBe(200);
    const { payment } = started.json();
    expect(payment).toMatchObject({
      capabilities: { cardField: 'stripe-elements', connectedAccounts: true },
      testMode: true,
      cardFrameUrl: 'https://js.stripe.com/v3',
      publishableKey: standIn.publishableKey,
    });
    await browser.paymentIntents.confirm(payment.intentId, {
      payment_method: 'pm_card_visa',
      client_secret: payment.clientSecret,
    } as Stripe.PaymentIntentConfirmParams);
    const completed = await supporter.post(`/api/payments/intents/${payment.intentId}/complete`, {
      clientSecret: payment.clientSecret,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const succeeded = await standIn.waitForEvent(
      (event) =>
        event.type === 'payment_intent.succeeded' &&
        (event.data.object as Stripe.PaymentIntent).id === payment.intentId,
    );
    expect(await deliveryStatuses(succeeded.id)).toEqual([200]);
    standIn.redeliver(succeeded.id);
    expect(await deliveryStatuses(succeeded.id)).toEqual([200, 200]);
    const rows = await t.database.db.select().from(supports).where(eq(supports.creatorId, creator.user.id));
    expect(rows).toHaveLength(1);
    const entries = await t.database.db
      .select({ type: ledgerEntries.type, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.supportId, rows[0]!.id));
    expect(entries.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'creator_net', amountCents: 891 },
      { type: 'gross', amountCents: 1000 },
      { type: 'platform_fee', amountCents: 50 },
      { type: 'processing_fee', amountCents: 59 },
    ]);
    // The charge went to the creator's connected account, less the application fee: all but the creator net.
    const charge = await platform.charges.retrieve(
      (await platform.paymentIntents.retrieve(payment.intentId)).latest_charge as string,
    );
    expect(charge).toMatchObject({ application_fee_amount: 109, transfer_data: { destination: creator.accountId } });
    const [handled] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'stripe'), eq(paymentEvents.id, succeeded.id)));
    expect(handled).toMatchObject({ type: 'payment_intent.succeeded', intentId: payment.intentId });
  });

  it('records payout.paid, payout.failed and payout.canceled for the creator, once each', async () => {
    const creator = await connectedCreator();
    const supporter = t.client();
    const started = await postCheckout(supporter, creator.profile.username, checkoutBody({ amount: 20 }));
    const { payment } = started.json();
    await browser.paymentIntents.confirm(payment.intentId, {
      payment_method: 'pm_card_visa',
      client_secret: payment.clientSecret,
    } as Stripe.PaymentIntentConfirmParams);
    await stripe.releasePayouts();
    const paid = standIn.payOut(creator.accountId);
    const paidEvent = await standIn.waitForEvent((e) => e.type === 'payout.paid' && e.account === creator.accountId);
    expect(await deliveryStatuses(paidEvent.id)).toEqual([200]);
    standIn.redeliver(paidEvent.id);
    await standIn.deliveriesSettled();
    // One list: Stripe's payout is the creator's payout, and the ledger took it off their balance once.
    const shown = (await creator.client.get('/api/creator/payouts')).json();
    expect(shown).toMatchObject({ paidBy: 'stripe', balanceCents: 0 });
    expect(shown.payouts).toEqual([
      {
        id: paid.id,
        weekStart: null,
        weekEnd: null,
        amountCents: paid.amount,
        currency: 'usd',
        status: 'paid',
        holdReason: null,
        paidAt: new Date(paid.arrival_date * 1000).toISOString(),
        arrivalDate: new Date(paid.arrival_date * 1000).toISOString(),
        failureCode: null,
        failureMessage: null,
        createdAt: new Date(paid.created * 1000).toISOString(),
      },
    ]);
    expect(paid.amount).toBe(1812);
    const booked = await t.database.db
      .select({ type: ledgerEntries.type, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.providerPayoutId, paid.id));
    expect(booked).toEqual([{ type: 'payout', amountCents: -1812 }]);
    const sentMail = await t.database.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `payout-sent:${paid.id}`));
    expect(sentMail).toEqual([{ subject: 'Your payout of $18.12 was paid to your bank' }]);
    // The CSV download lists the same payout.
    const csv = (await creator.client.get('/api/creator/payouts/export.csv')).body.split('\r\n');
    expect(csv[1]).toBe(
      [
        new Date(paid.created * 1000).toISOString(),
        '',
        '',
        new Date(paid.arrival_date * 1000).toISOString().slice(0, 10),
        '18.12',
        'USD',
        'Paid',
        '',
      ].join(','),
    );

    const supporter2 = t.client();
    const again = (await postCheckout(supporter2, creator.profile.username, checkoutBody({ amount: 5 }))).json();
    await browser.paymentIntents.confirm(again.payment.intentId, {
      payment_method: 'pm_card_visa',
      client_secret: again.payment.clientSecret,
    } as Stripe.PaymentIntentConfirmParams);
    const failed = standIn.payOut(creator.accountId, { failureCode: 'account_closed' });
    const failedEvent = await standIn.waitForEvent(
      (e) => e.type === 'payout.failed' && e.account === creator.accountId,
    );
    expect(await deliveryStatuses(failedEvent.id)).toEqual([200]);
    const after = (await creator.client.get('/api/creator/payouts')).json();
    expect(after.payouts.find((p: { id: string }) => p.id === failed.id)).toMatchObject({
      status: 'failed',
      failureCode: 'account_closed',
    });
    // The bank returned it: Stripe put it back on the balance, and so did the ledger.
    expect(after.balanceCents).toBe(failed.amount);
    const failedMail = await t.database.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `payout-failed:${failed.id}`));
    expect(failedMail).toHaveLength(1);
    // The operators see the returned payout, and the creator's one list, in the console.
    const operator = await fakeOperator(t);
    const money = (await operator.client.get('/api/operator/money')).json();
    expect(money.failedPayouts).toContainEqual(
      expect.objectContaining({ id: failed.id, weekStart: null, status: 'failed', username: creator.profile.username }),
    );
    const person = (await operator.client.get(`/api/operator/people/${creator.user.id}`)).json();
    expect(person.payouts.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([
      [failed.id, 'failed'],
      [paid.id, 'paid'],
    ]);

    // Stripe cancels a payout before it reaches the bank: canceled, and final (a late payout.paid changes nothing).
    const canceled = standIn.payOut(creator.accountId, { cancel: true });
    const canceledEvent = await standIn.waitForEvent(
      (e) => e.type === 'payout.canceled' && e.account === creator.accountId,
    );
    expect(await deliveryStatuses(canceledEvent.id)).toEqual([200]);
    const latePaid = await upsertProviderPayout(t.database.db, {
      provider: 'stripe',
      id: canceled.id,
      creatorId: creator.user.id,
      accountId: creator.accountId,
      amountCents: canceled.amount,
      currency: 'usd',
      status: 'paid',
      eventCreatedAt: new Date((canceledEvent.created + 60) * 1000),
      updatedAt: new Date(),
    });
    expect(latePaid).toBe(false);
    const final = (await creator.client.get('/api/creator/payouts')).json();
    expect(final.balanceCents).toBe(failed.amount);
    expect(final.payouts.find((p: { id: string }) => p.id === canceled.id)).toMatchObject({
      status: 'canceled',
      amountCents: canceled.amount,
    });
  });

  it('refunds and flags a support on radar.early_fraud_warning.created, once', async () => {
    const creator = await connectedCreator();
    const supporter = t.client();
    const { payment } = (await postCheckout(supporter, creator.profile.username, checkoutBody({ amount: 10 }))).json();
    await browser.paymentIntents.confirm(payment.intentId, {
      payment_method: 'pm_card_earlyFraudWarning',
      client_secret: payment.clientSecret,
    } as Stripe.PaymentIntentConfirmParams);
    const completed = await supporter.post(`/api/payments/intents/${payment.intentId}/complete`, {
      clientSecret: payment.clientSecret,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const supportId: string = completed.json().receipt.supportId;
    const warning = await standIn.waitForEvent(
      (e) =>
        e.type === 'radar.early_fraud_warning.created' &&
        (e.data.object as Stripe.Radar.EarlyFraudWarning).payment_intent === payment.intentId,
    );
    expect(await deliveryStatuses(warning.id)).toEqual([200]);
    standIn.redeliver(warning.id);
    await standIn.deliveriesSettled();
    const [support] = await t.database.db.select().from(supports).where(eq(supports.id, supportId));
    expect(support?.fraudFlaggedAt).toBeInstanceOf(Date);
    const refunded = await t.database.db.select().from(refunds).where(eq(refunds.supportId, supportId));
    expect(refunded).toMatchObject([{ amountCents: 1000, reason: 'fraudulent', status: 'succeeded' }]);
    const alerts = await t.database.db
      .select()
      .from(fraudAlerts)
      .where(eq(fraudAlerts.key, `support:${supportId}`));
    expect(alerts).toHaveLength(1);
    expect((await checkLedgerIntegrity(t.database.db)).problems).toEqual([]);
  });

  it('books a dispute the platform bears, tells the creator by email and webhook, and reinstates a won one', async () => {
    const creator = await connectedCreator();
    const endpoint = await creator.client.post('/api/creator/webhooks/endpoints', {
      url: 'https://hooks.example.com/disputes',
      events: ['dispute.created', 'dispute.closed'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const supporter = t.client();
    const { payment } = (await postCheckout(supporter, creator.profile.username, checkoutBody({ amount: 10 }))).json();
    await browser.paymentIntents.confirm(payment.intentId, {
      payment_method: 'pm_card_createDispute',
      client_secret: payment.clientSecret,
    } as Stripe.PaymentIntentConfirmParams);
    expect(
      (
        await supporter.post(`/api/payments/intents/${payment.intentId}/complete`, {
          clientSecret: payment.clientSecret,
        })
      ).statusCode,
    ).toBe(200);
    const withdrawn = await standIn.waitForEvent(
      (e) =>
        e.type === 'charge.dispute.funds_withdrawn' &&
        (e.data.object as Stripe.Dispute).payment_intent === payment.intentId,
    );
    expect(await deliveryStatuses(withdrawn.id)).toEqual([200]);
    const disputeId = (withdrawn.data.object as Stripe.Dispute).id;
    const entries = () =>
      t.database.db
        .select({ type: ledgerEntries.type, account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.disputeId, disputeId));
    expect((await entries()).sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'dispute', account: 'platform', amountCents: -1000 },
      { type: 'dispute_fee', account: 'platform', amountCents: -1500 },
    ]);
    // The creator's balance is untouched: the platform bears the loss.
    const [creatorNet] = await t.database.db
      .select({ amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.creatorId, creator.user.id), eq(ledgerEntries.account, `creator:${creator.user.id}`)),
      );
    expect(creatorNet).toEqual({ amountCents: 891 });

    await platform.disputes.update(disputeId, { evidence: { uncategorized_text: 'winning_evidence' }, submit: true });
    const closed = await standIn.waitForEvent(
      (e) => e.type === 'charge.dispute.closed' && e.data.object.id === disputeId,
    );
    expect(await deliveryStatuses(closed.id)).toEqual([200]);
    standIn.redeliver(closed.id);
    await standIn.deliveriesSettled();
    const [row] = await t.database.db.select().from(disputes).where(eq(disputes.id, disputeId));
    expect(row).toMatchObject({ status: 'won', withdrawnCents: 1000, feeCents: 1500, reinstatedCents: 1000 });
    expect(row!.closedAt).not.toBeNull();
    expect((await entries()).find((e) => e.type === 'dispute_reinstated')).toEqual({
      type: 'dispute_reinstated',
      account: 'platform',
      amountCents: 1000,
    });
    const mail = await t.database.db
      .select({ kind: emailOutbox.kind, subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, creator.email))
      // In the order they were queued (a table has none of its own: PostgreSQL may return either first).
      .orderBy(emailOutbox.createdAt);
    expect(mail.filter((m) => m.kind.startsWith('dispute')).map((m) => m.subject)).toEqual([
      'A supporter disputed a payment of $10.00',
      'The dispute of $10.00 was won',
    ]);
    const events = await t.database.db
      .select({ type: webhookDeliveries.eventType, body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.creatorId, creator.user.id));
    expect(events.map((e) => e.type).sort()).toEqual(['dispute.closed', 'dispute.created']);
    expect(JSON.parse(events.find((e) => e.type === 'dispute.closed')!.body).data.dispute).toMatchObject({
      id: disputeId,
      amountCents: 1000,
      reason: 'fraudulent',
      status: 'won',
    });
    expect((await checkLedgerIntegrity(t.database.db)).problems).toEqual([]);
  });

  it('refuses a bad or stale signature and acknowledges event types it does not handle', async () => {
    const body = JSON.stringify({
      id: `evt_unknown_${process.pid}`,
      object: 'event',
      type: 'customer.tax_id.created',
      data: { object: { id: 'txi_1', object: 'tax_id' } },
    });
    const signed = (secret: string, timestamp?: number) =>
      platform.webhooks.generateTestHeaderString({ payload: body, secret, ...(timestamp ? { timestamp } : {}) });
    const send = (header: string, path = 'stripe') =>
      t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${path}`,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload: body,
      });
    expect((await send(signed('whsec_someone_else'))).statusCode).toBe(400);
    expect((await send(signed(webhookSecret, Math.floor(Date.now() / 1000) - 600))).statusCode).toBe(400);
    // Each endpoint takes its own secret only.
    expect((await send(signed(webhookSecret), 'stripe-connect')).statusCode).toBe(400);
    const first = await send(signed(webhookSecret));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await send(signed(webhookSecret))).json()).toEqual({ received: true, duplicate: true });
  });
});
