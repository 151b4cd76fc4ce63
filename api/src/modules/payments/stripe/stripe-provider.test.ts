import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdempotencyKeyReusedError, type CreateIntentRequest, type ProviderEvent } from '../payment-provider';
import { startStripeStandIn, type StripeStandIn } from '../../../testing/stripe-stand-in/stripe-stand-in';
import { StripePaymentProvider } from './stripe-provider';

/* The Stripe adapter through the real SDK against the stand-in: what the checkout, renewals and refunds will call. */

const webhookSecret = 'whsec_adapter_platform';
const connectWebhookSecret = 'whsec_adapter_connect';

let standIn: StripeStandIn;
let provider: StripePaymentProvider;
/** Stripe.js in the browser: the publishable key and the intent's client secret, nothing else. */
let browser: Stripe;
let platform: Stripe;
let creatorAccount: string;
let receiver: http.Server;
const verified: (ProviderEvent | null)[] = [];

let keyCounter = 0;
const nextKey = () => `adapter-test-${process.pid}-${++keyCounter}`;

function intentRequest(overrides: Partial<CreateIntentRequest> = {}): CreateIntentRequest {
  return {
    amountCents: 1000,
    currency: 'usd',
    customer: 'bro@example.com',
    keepCard: false,
    applicationFeeCents: 50,
    destination: creatorAccount,
    description: 'Support for @creator',
    metadata: { supportAttemptId: 'att_1' },
    idempotencyKey: nextKey(),
    ...overrides,
  };
}

/** What Stripe.js does when the supporter submits the Payment Element. */
async function confirmInBrowser(intentId: string, clientSecret: string, paymentMethod: string) {
  return browser.paymentIntents
    .confirm(intentId, {
      payment_method: paymentMethod,
      client_secret: clientSecret,
    } as Stripe.PaymentIntentConfirmParams)
    .catch((error: unknown) => {
      if (error instanceof Stripe.errors.StripeCardError) return null;
      throw error;
    });
}

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const event = provider.verifySignedEvent(
        Buffer.concat(chunks).toString('utf8'),
        request.headers['stripe-signature'] as string | undefined,
      );
      verified.push(event);
      response.writeHead(event ? 200 : 400).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  standIn = await startStripeStandIn({
    webhookEndpoints: [
      { url: `${url}/platform`, secret: webhookSecret },
      { url: `${url}/connect`, secret: connectWebhookSecret, connect: true },
    ],
  });
  provider = new StripePaymentProvider({
    secretKey: standIn.secretKey,
    webhookSecret,
    connectWebhookSecret,
    cardFrameUrl: '/pay/stripe/card-field',
    api: standIn.sdkOptions,
  });
  browser = new Stripe(standIn.publishableKey, { ...standIn.sdkOptions, maxNetworkRetries: 0 });
  platform = new Stripe(standIn.secretKey, { ...standIn.sdkOptions, maxNetworkRetries: 0 });
  const account = await platform.accounts.create({
    country: 'US',
    controller: {
      fees: { payer: 'application' },
      losses: { payments: 'application' },
      stripe_dashboard: { type: 'express' },
    },
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
  });
  creatorAccount = standIn.completeOnboarding(account.id).id;
});

afterAll(async () => {
  await standIn?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

describe('StripePaymentProvider', () => {
  it('says what it is', () => {
    expect(provider).toMatchObject({
      name: 'stripe',
      testMode: true,
      cardField: { frameUrl: '/pay/stripe/card-field' },
    });
  });

  it('creates an intent the browser confirms, and reads the outcome back with the kept card', async () => {
    const created = await provider.createIntent(intentRequest({ keepCard: true }));
    expect(created).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 1000,
      currency: 'usd',
      customer: 'bro@example.com',
      keepCard: true,
      applicationFeeCents: 50,
      destination: creatorAccount,
      metadata: { supportAttemptId: 'att_1' },
      chargeId: null,
      paymentMethod: null,
      lastError: null,
    });
    expect(created.clientSecret).toContain('_secret_');
    await confirmInBrowser(created.id, created.clientSecret, 'pm_card_visa');
    const paid = await provider.retrieveIntent(created.id);
    expect(paid).toMatchObject({ status: 'succeeded', paymentMethod: { brand: 'Visa', last4: '4242' } });
    expect(paid?.chargeId).toMatch(/^ch_/);
    expect(paid?.paymentMethod?.id).toMatch(/^pm_/);
    // The creator got the payment minus the platform fee.
    const charge = await platform.charges.retrieve(paid!.chargeId!);
    expect((await platform.transfers.retrieve(charge.transfer as string)).amount).toBe(950);
  });

  it('does not keep a one-off card', async () => {
    const created = await provider.createIntent(intentRequest());
    await confirmInBrowser(created.id, created.clientSecret, 'pm_card_mastercard');
    const paid = await provider.retrieveIntent(created.id);
    expect(paid).toMatchObject({
      status: 'succeeded',
      keepCard: false,
      paymentMethod: { id: null, brand: 'Mastercard', last4: '4444' },
    });
  });

  it('replays an intent for a repeated key and refuses the key for another payment', async () => {
    const request = intentRequest();
    const first = await provider.createIntent(request);
    expect((await provider.createIntent(request)).id).toBe(first.id);
    await expect(provider.createIntent({ ...request, amountCents: 2000 })).rejects.toBeInstanceOf(
      IdempotencyKeyReusedError,
    );
  });

  it("shows 3-D Secure, then the card's answer", async () => {
    const created = await provider.createIntent(intentRequest());
    await confirmInBrowser(created.id, created.clientSecret, 'pm_card_authenticationRequired');
    expect((await provider.retrieveIntent(created.id))?.status).toBe('requires_action');
    standIn.completeAuthentication(created.id, 'fail');
    expect(await provider.retrieveIntent(created.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'authentication_failed' },
    });
  });

  it("gives a declined card's reason with its brand and last four", async () => {
    const created = await provider.createIntent(intentRequest());
    await confirmInBrowser(created.id, created.clientSecret, 'pm_card_chargeDeclinedInsufficientFunds');
    const declined = await provider.retrieveIntent(created.id);
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      chargeId: null,
      paymentMethod: { id: null, brand: 'Visa', last4: '9995' },
      lastError: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
  });

  it('charges a kept card off session for a renewal, and reports authentication required as an answer', async () => {
    const first = await provider.createIntent(intentRequest({ keepCard: true }));
    await confirmInBrowser(first.id, first.clientSecret, 'pm_card_visa');
    const kept = (await provider.retrieveIntent(first.id))!.paymentMethod!.id!;
    const renewal = { ...intentRequest(), paymentMethodId: kept };
    const renewed = await provider.chargeOffSession(renewal);
    expect(renewed).toMatchObject({ status: 'succeeded', amountCents: 1000, customer: 'bro@example.com' });
    expect((await provider.chargeOffSession(renewal)).id).toBe(renewed.id);

    const strict = await provider.createIntent(intentRequest({ keepCard: true }));
    await confirmInBrowser(strict.id, strict.clientSecret, 'pm_card_authenticationRequired');
    standIn.completeAuthentication(strict.id, 'approve');
    const strictCard = (await provider.retrieveIntent(strict.id))!.paymentMethod!.id!;
    const needsAuthentication = await provider.chargeOffSession({ ...intentRequest(), paymentMethodId: strictCard });
    expect(needsAuthentication).toMatchObject({
      status: 'requires_payment_method',
      chargeId: null,
      lastError: { code: 'authentication_required' },
      paymentMethod: { id: strictCard, last4: '3184' },
    });
  });

  it('saves a replacement card with a SetupIntent on the same customer; renewals then charge it', async () => {
    const first = await provider.createIntent(intentRequest({ keepCard: true }));
    await confirmInBrowser(first.id, first.clientSecret, 'pm_card_visa');
    const old = (await provider.retrieveIntent(first.id))!.paymentMethod!.id!;

    const request = { replacesPaymentMethodId: old, customer: 'bro@example.com', metadata: { subscriptionId: 's1' } };
    const setup = await provider.createCardSetup({ ...request, idempotencyKey: nextKey() });
    expect(setup).toMatchObject({
      status: 'requires_payment_method',
      metadata: { subscriptionId: 's1' },
      paymentMethod: null,
      lastError: null,
    });
    expect(setup.clientSecret).toContain('_secret_');
    // What Stripe.js's confirmSetup does in the Payment Element (setup mode).
    await browser.setupIntents.confirm(setup.id, {
      payment_method: 'pm_card_mastercard',
      client_secret: setup.clientSecret,
    } as Stripe.SetupIntentConfirmParams);
    const saved = await provider.retrieveCardSetup(setup.id);
    expect(saved).toMatchObject({ status: 'succeeded', paymentMethod: { brand: 'Mastercard', last4: '4444' } });
    const method = await platform.paymentMethods.retrieve(saved!.paymentMethod!.id);
    const oldMethod = await platform.paymentMethods.retrieve(old);
    expect(method.customer).toBe(oldMethod.customer);
    const renewed = await provider.chargeOffSession({ ...intentRequest(), paymentMethodId: method.id });
    expect(renewed).toMatchObject({ status: 'succeeded', paymentMethod: { last4: '4444' } });

    // A card that wants 3-D Secure asks while being saved; once authenticated it is set up for off-session renewals.
    const secure = await provider.createCardSetup({ ...request, idempotencyKey: nextKey() });
    await browser.setupIntents.confirm(secure.id, {
      payment_method: 'pm_card_authenticationRequiredOnSetup',
      client_secret: secure.clientSecret,
    } as Stripe.SetupIntentConfirmParams);
    expect(await provider.retrieveCardSetup(secure.id)).toMatchObject({
      status: 'requires_action',
      paymentMethod: null,
    });
    standIn.completeSetupAuthentication(secure.id, 'approve');
    const authenticated = (await provider.retrieveCardSetup(secure.id))!;
    expect(authenticated).toMatchObject({ status: 'succeeded', paymentMethod: { last4: '3155' } });
    expect(
      await provider.chargeOffSession({ ...intentRequest(), paymentMethodId: authenticated.paymentMethod!.id }),
    ).toMatchObject({ status: 'succeeded' });

    // A card refused on attach is refused while being saved, with Stripe's reason.
    const refused = await provider.createCardSetup({ ...request, idempotencyKey: nextKey() });
    await expect(
      browser.setupIntents.confirm(refused.id, {
        payment_method: 'pm_card_chargeDeclined',
        client_secret: refused.clientSecret,
      } as Stripe.SetupIntentConfirmParams),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(await provider.retrieveCardSetup(refused.id)).toMatchObject({
      status: 'requires_payment_method',
      paymentMethod: null,
      lastError: { code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(await provider.retrieveCardSetup('seti_unknown')).toBeNull();
  });

  it('charges a kept card on session: a bank challenge is left for the page (handleNextAction)', async () => {
    const first = await provider.createIntent(intentRequest({ keepCard: true }));
    await confirmInBrowser(first.id, first.clientSecret, 'pm_card_authenticationRequired');
    expect((await provider.retrieveIntent(first.id))?.status).toBe('requires_action');
    standIn.completeAuthentication(first.id, 'approve');
    const kept = (await provider.retrieveIntent(first.id))!.paymentMethod!.id!;
    const retry = await provider.chargeOnSession({ ...intentRequest(), paymentMethodId: kept });
    expect(retry).toMatchObject({ status: 'requires_action', amountCents: 1000 });
    standIn.completeAuthentication(retry.id, 'approve');
    expect(await provider.retrieveIntent(retry.id)).toMatchObject({
      status: 'succeeded',
      chargeId: expect.any(String),
    });

    const visa = await provider.createIntent(intentRequest({ keepCard: true }));
    await confirmInBrowser(visa.id, visa.clientSecret, 'pm_card_visa');
    const visaKept = (await provider.retrieveIntent(visa.id))!.paymentMethod!.id!;
    expect(await provider.chargeOnSession({ ...intentRequest(), paymentMethodId: visaKept })).toMatchObject({
      status: 'succeeded',
    });
  });

  it('refunds in parts with the transfer reversed and the fee returned, never more than the charge', async () => {
    const created = await provider.createIntent(intentRequest());
    await confirmInBrowser(created.id, created.clientSecret, 'pm_card_visa');
    const chargeId = (await provider.retrieveIntent(created.id))!.chargeId!;
    const refund = { chargeId, amountCents: 400, idempotencyKey: nextKey(), description: 'Refund' };
    const first = await provider.refund(refund);
    expect(first).toMatchObject({ status: 'succeeded', refundId: expect.stringMatching(/^re_/) });
    expect(await provider.refund(refund)).toEqual(first);
    await expect(provider.refund({ ...refund, amountCents: 300 })).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(await provider.refund({ ...refund, amountCents: 700, idempotencyKey: nextKey() })).toMatchObject({
      status: 'failed',
      code: 'amount_too_large',
    });
    expect(await provider.refund({ ...refund, chargeId: 'ch_missing', idempotencyKey: nextKey() })).toMatchObject({
      status: 'failed',
      code: 'charge_not_found',
    });
    const charge = await platform.charges.retrieve(chargeId);
    expect((await platform.transfers.retrieve(charge.transfer as string)).amount_reversed).toBe(380);
    expect((await platform.applicationFees.retrieve(charge.application_fee as string)).amount_refunded).toBe(20);
  });

  it('cancels an unpaid intent, leaves a paid one, and knows no unknown one', async () => {
    const unpaid = await provider.createIntent(intentRequest());
    expect((await provider.cancelIntent(unpaid.id))?.status).toBe('canceled');
    const paid = await provider.createIntent(intentRequest());
    await confirmInBrowser(paid.id, paid.clientSecret, 'pm_card_visa');
    expect((await provider.cancelIntent(paid.id))?.status).toBe('succeeded');
    expect(await provider.cancelIntent('pi_unknown')).toBeNull();
    expect(await provider.retrieveIntent('pi_unknown')).toBeNull();
  });

  it("verifies Stripe's signed events from both endpoints and names the intent", async () => {
    const created = await provider.createIntent(intentRequest());
    await confirmInBrowser(created.id, created.clientSecret, 'pm_card_visa');
    await standIn.waitForEvent(
      (event) => event.type === 'payment_intent.succeeded' && event.data.object.id === created.id,
    );
    await standIn.deliveriesSettled();
    expect(verified).not.toContain(null);
    expect(verified).toContainEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'payment_intent.succeeded',
      intentId: created.id,
    });
    expect(verified).toContainEqual(expect.objectContaining({ type: 'charge.succeeded', intentId: created.id }));
    expect(verified).toContainEqual(expect.objectContaining({ type: 'account.updated', intentId: null }));

    const raw = JSON.stringify(standIn.events.at(-1));
    const signer = new Stripe('sk_test_signer');
    const header = (secret: string, timestamp?: number) =>
      signer.webhooks.generateTestHeaderString({ payload: raw, secret, ...(timestamp ? { timestamp } : {}) });
    expect(provider.verifySignedEvent(raw, header(webhookSecret))).not.toBeNull();
    expect(provider.verifySignedEvent(raw, header('whsec_someone_else'))).toBeNull();
    expect(provider.verifySignedEvent(`${raw} `, header(webhookSecret))).toBeNull();
    expect(provider.verifySignedEvent(raw, header(webhookSecret, Math.floor(Date.now() / 1000) - 600))).toBeNull();
    expect(provider.verifySignedEvent(raw, undefined)).toBeNull();
  });

  it('closes a week of destination charges without moving the money again, only to an active connected account', async () => {
    const request = { amountCents: 950, idempotencyKey: nextKey(), description: 'Payout' };
    await expect(provider.transfer({ ...request, destination: creatorAccount })).resolves.toEqual({
      transferId: `destination_charges:${creatorAccount}`,
    });
    await expect(provider.transfer({ ...request, destination: 'creator:1' })).rejects.toThrow(/not one/);
    const pending = await platform.accounts.create({
      country: 'US',
      controller: {
        fees: { payer: 'application' },
        losses: { payments: 'application' },
        stripe_dashboard: { type: 'express' },
      },
      capabilities: { transfers: { requested: true } },
    });
    await expect(provider.transfer({ ...request, destination: pending.id })).rejects.toThrow(
      /cannot receive transfers/,
    );
  });
});
