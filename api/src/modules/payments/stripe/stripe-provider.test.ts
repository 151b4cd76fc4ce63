import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFeeCents, calculateFees, calculateRefundSplit } from '@beabro/shared/money/fees';
import {
  IdempotencyKeyReusedError,
  chargeResultOf,
  type CreateIntentRequest,
  type ProviderEvent,
} from '../payment-provider';
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
    applicationFeeCents: applicationFeeCents(1000, 'usd'),
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
      applicationFeeCents: 109,
      destination: creatorAccount,
      metadata: { supportAttemptId: 'att_1' },
      chargeId: null,
      providerFeeCents: null,
      paymentMethod: null,
      lastError: null,
    });
    expect(created.clientSecret).toContain('_secret_');
    await confirmInBrowser(created.id, created.clientSecret, 'pm_card_visa');
    const paid = await provider.retrieveIntent(created.id);
    expect(paid).toMatchObject({ status: 'succeeded', paymentMethod: { brand: 'Visa', last4: '4242' } });
    expect(paid?.chargeId).toMatch(/^ch_/);
    expect(paid?.paymentMethod?.id).toMatch(/^pm_/);
    // Stripe's fee for the domestic card, as it charged the platform.
    expect(paid?.providerFeeCents).toBe(59);
    // The whole payment went to the creator's account, and the application fee (all but the creator net) came back.
    const charge = await platform.charges.retrieve(paid!.chargeId!);
    expect((await platform.transfers.retrieve(charge.transfer as string)).amount).toBe(1000);
    expect((await platform.applicationFees.retrieve(charge.application_fee as string)).amount).toBe(109);
    // Made on behalf of the creator's account: it is the settlement merchant, in dollars like the charge.
    expect(await platform.paymentIntents.retrieve(created.id)).toMatchObject({
      currency: 'usd',
      on_behalf_of: creatorAccount,
      transfer_data: { destination: creatorAccount },
    });
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
    const refund = {
      chargeId,
      amountCents: 400,
      applicationFeeRefundCents: 20,
      idempotencyKey: nextKey(),
      description: 'Refund',
    };
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
    expect((await platform.transfers.retrieve(charge.transfer as string)).amount_reversed).toBe(400);
    // Exactly what was asked of the application fee, once, whatever the retries.
    expect((await platform.applicationFees.retrieve(charge.application_fee as string)).amount_refunded).toBe(20);
  });

  it('finds what a re-send made a day earlier by its key, which Stripe forgot: no second intent or refund', async () => {
    const request = intentRequest();
    const first = await provider.createIntent(request);
    await confirmInBrowser(first.id, first.clientSecret, 'pm_card_visa');
    const chargeId = (await provider.retrieveIntent(first.id))!.chargeId!;
    const refund = {
      chargeId,
      amountCents: 300,
      applicationFeeRefundCents: 15,
      idempotencyKey: nextKey(),
      description: 'Refund',
    };
    const refunded = await provider.refund(refund);
    const charge = await platform.charges.retrieve(chargeId);
    // Stripe keeps a key's result for 24 hours; the re-sends come a day and an hour after the first.
    standIn.advanceClock(25 * 60 * 60);
    const firstSentAt = new Date(Date.now() - 25 * 60 * 60 * 1000);

    const again = await provider.createIntent({ ...request, firstSentAt });
    expect(again).toMatchObject({ id: first.id, status: 'succeeded', chargeId });
    expect(await provider.refund({ ...refund, firstSentAt })).toEqual(refunded);
    expect((await platform.charges.retrieve(chargeId)).amount_refunded).toBe(300);
    expect((await platform.applicationFees.retrieve(charge.application_fee as string)).amount_refunded).toBe(15);
    // A re-send within the hour trusts the key; the same re-send without the lookup is what the lookup prevents.
    expect((await provider.createIntent(request)).id).not.toBe(first.id);
  });

  /** A creator's connected account of their own (in the country's currency), so its balance is theirs alone. */
  async function freshCreatorAccount(country = 'US'): Promise<string> {
    const account = await platform.accounts.create({
      country,
      controller: {
        fees: { payer: 'application' },
        losses: { payments: 'application' },
        stripe_dashboard: { type: 'express' },
      },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    return standIn.completeOnboarding(account.id).id;
  }

  /** What a balance holds, available and pending together (the platform's without an account). */
  async function balanceOf(account?: string): Promise<number> {
    const balance = await platform.balance.retrieve({}, account ? { stripeAccount: account } : {});
    return [...balance.available, ...balance.pending].reduce((sum, funds) => sum + funds.amount, 0);
  }

  /** What a balance holds in one currency, available and pending together. */
  async function balanceIn(account: string, currency: string): Promise<number> {
    const balance = await platform.balance.retrieve({}, { stripeAccount: account });
    return [...balance.available, ...balance.pending]
      .filter((funds) => funds.currency === currency)
      .reduce((sum, funds) => sum + funds.amount, 0);
  }

  /** Every balance transaction of the platform (null) or an account so far, whatever the stand-in's clock says. */
  function allBalanceTransactions(accountId: string | null) {
    return provider.listBalanceTransactions({
      accountId,
      from: new Date(0),
      to: new Date(Date.now() + 30 * 86_400_000),
    });
  }

  it("charges a UK creator's supporter in pounds on behalf of their account, the application fee in pence", async () => {
    const account = await freshCreatorAccount('GB');
    const fees = calculateFees(1000, 'gbp');
    const created = await provider.createIntent(
      intentRequest({ currency: 'gbp', applicationFeeCents: applicationFeeCents(1000, 'gbp'), destination: account }),
    );
    // 5% and 2.9% + 20p: 50 + 49 pence of £10.00, in pence.
    expect(fees).toMatchObject({ platformFeeCents: 50, processingFeeCents: 49, creatorNetCents: 901 });
    expect(created).toMatchObject({
      currency: 'gbp',
      amountCents: 1000,
      applicationFeeCents: 99,
      destination: account,
    });
    expect(await platform.paymentIntents.retrieve(created.id)).toMatchObject({
      amount: 1000,
      currency: 'gbp',
      application_fee_amount: 99,
      on_behalf_of: account,
      transfer_data: { destination: account },
    });

    await confirmInBrowser(created.id, created.clientSecret, 'pm_card_gb');
    const paid = (await provider.retrieveIntent(created.id))!;
    // A UK card, the UK account the settlement merchant: Stripe's domestic fee, 2.9% + 20p, read in pence.
    expect(paid).toMatchObject({ status: 'succeeded', currency: 'gbp', providerFeeCents: 49 });
    const charge = await platform.charges.retrieve(paid.chargeId!, { expand: ['transfer', 'application_fee'] });
    expect(charge).toMatchObject({
      currency: 'gbp',
      on_behalf_of: account,
      transfer: { amount: 1000, currency: 'gbp' },
      application_fee: { amount: 99, currency: 'gbp' },
    });
    // The creator's balance is in pounds: the creator net, to the penny, with nothing converted.
    expect(await balanceIn(account, 'gbp')).toBe(fees.creatorNetCents);
    expect(await balanceIn(account, 'usd')).toBe(0);

    // The balance transactions the reconciliation reads carry their currency: the account's and the platform's.
    expect((await allBalanceTransactions(account)).map((t) => [t.type, t.currency, t.netCents])).toEqual([
      ['payment', 'gbp', fees.creatorNetCents],
    ]);
    const sources = new Set([
      charge.id,
      (charge.transfer as Stripe.Transfer).id,
      (charge.application_fee as Stripe.ApplicationFee).id,
    ]);
    const onPlatform = (await allBalanceTransactions(null)).filter((t) => t.sourceId && sources.has(t.sourceId));
    expect(onPlatform.map((t) => [t.type, t.currency, t.amountCents, t.feeCents]).sort()).toEqual(
      [
        ['application_fee', 'gbp', 99, 0],
        ['charge', 'gbp', 1000, 49],
        ['transfer', 'gbp', -1000, 0],
      ].sort(),
    );

    // A full refund in pounds: the account loses what the ledger takes off the creator, the platform fee given back.
    const refunded = await provider.refund({
      chargeId: paid.chargeId!,
      amountCents: 1000,
      applicationFeeRefundCents: fees.platformFeeCents,
      idempotencyKey: nextKey(),
      description: 'Refund in pounds',
    });
    expect(refunded.status).toBe('succeeded');
    expect(await balanceIn(account, 'gbp')).toBe(fees.creatorNetCents - (1000 - fees.platformFeeCents));
  });

  it("knows what a payout took off an account's balance in the account's own currency", async () => {
    const account = await freshCreatorAccount('CA');
    const created = await provider.createIntent(
      intentRequest({
        currency: 'cad',
        applicationFeeCents: applicationFeeCents(2000, 'cad'),
        amountCents: 2000,
        destination: account,
      }),
    );
    await confirmInBrowser(created.id, created.clientSecret, 'pm_card_visa');
    const payout = standIn.payOut(account);
    expect(payout).toMatchObject({ currency: 'cad', amount: calculateFees(2000, 'cad').creatorNetCents });
    expect(await provider.connectedAccounts.payoutDebitCents(account, payout.balance_transaction as string)).toBe(
      calculateFees(2000, 'cad').creatorNetCents,
    );
  });

  it('keeps the charges of an account under the recipient agreement (made before) the platform’s: no on_behalf_of', async () => {
    const made = await platform.accounts.create({
      country: 'AU',
      controller: {
        fees: { payer: 'application' },
        losses: { payments: 'application' },
        stripe_dashboard: { type: 'express' },
      },
      capabilities: { transfers: { requested: true } },
      tos_acceptance: { service_agreement: 'recipient' },
    });
    const account = standIn.completeOnboarding(made.id).id;
    const created = await provider.createIntent(intentRequest({ destination: account }));
    await confirmInBrowser(created.id, created.clientSecret, 'pm_card_visa');
    expect(await provider.retrieveIntent(created.id)).toMatchObject({ status: 'succeeded', currency: 'usd' });
    expect(await platform.paymentIntents.retrieve(created.id)).toMatchObject({
      on_behalf_of: null,
      transfer_data: { destination: account },
    });
  });

  it('knows no intent in a currency Be a Bro does not take (made in Stripe’s dashboard)', async () => {
    const euros = await platform.paymentIntents.create({
      amount: 1000,
      currency: 'eur',
      payment_method: 'pm_card_visa',
      confirm: true,
      allowed_payment_method_types: ['card'],
    } as Stripe.PaymentIntentCreateParams);
    expect(euros.status).toBe('succeeded');
    expect(await provider.retrieveIntent(euros.id)).toBeNull();
    expect(await provider.cancelIntent(euros.id)).toBeNull();
  });

  /** Stripe's fee on a domestic card: 2.9% + 30c rounded to the cent, halves up. */
  const stripeDomesticFee = (amountCents: number) => Math.floor((amountCents * 29 + 500) / 1000) + 30;

  it("leaves exactly the ledger's creator net on the creator's account, before and after refunds, and the platform its margin", async () => {
    const random = Array.from({ length: 3 }, () => 100 + Math.floor(Math.random() * 999_900));
    const platformBefore = await balanceOf();
    let expectedPlatform = 0;
    for (const amountCents of [100, 200, 500, 1000, 1429, 10000, ...random]) {
      const account = await freshCreatorAccount();
      const fees = calculateFees(amountCents, 'usd');
      const created = await provider.createIntent(
        intentRequest({
          amountCents,
          applicationFeeCents: applicationFeeCents(amountCents, 'usd'),
          destination: account,
        }),
      );
      await confirmInBrowser(created.id, created.clientSecret, 'pm_card_visa');
      const paid = (await provider.retrieveIntent(created.id))!;
      expect(paid.providerFeeCents, `Stripe's fee at ${amountCents}`).toBe(stripeDomesticFee(amountCents));
      expect(await balanceOf(account), `creator's balance at ${amountCents}`).toBe(fees.creatorNetCents);
      expectedPlatform += applicationFeeCents(amountCents, 'usd') - paid.providerFeeCents!;
      expect(applicationFeeCents(amountCents, 'usd') - paid.providerFeeCents!).toBeGreaterThanOrEqual(0);

      // A partial refund, then the rest, each split as the ledger splits it (running total).
      const partCents = Math.max(1, Math.floor(amountCents / 3));
      let soFar = { refundedCents: 0, platformFeeReturnedCents: 0 };
      let creatorLeft = fees.creatorNetCents;
      for (const refundCents of [partCents, amountCents - partCents]) {
        const split = calculateRefundSplit(fees, soFar, refundCents);
        const result = await provider.refund({
          chargeId: paid.chargeId!,
          amountCents: refundCents,
          applicationFeeRefundCents: split.platformFeeReturnedCents,
          idempotencyKey: nextKey(),
          description: `refund at ${amountCents}`,
        });
        expect(result.status).toBe('succeeded');
        creatorLeft -= split.creatorDebitCents;
        expectedPlatform -= split.platformFeeReturnedCents;
        soFar = {
          refundedCents: soFar.refundedCents + refundCents,
          platformFeeReturnedCents: soFar.platformFeeReturnedCents + split.platformFeeReturnedCents,
        };
        expect(await balanceOf(account), `creator's balance at ${amountCents} after ${refundCents}`).toBe(creatorLeft);
      }
      // A full refund takes the amount minus the platform fee off the creator: the processing fee stays with them.
      expect(creatorLeft).toBe(fees.creatorNetCents - (amountCents - fees.platformFeeCents));
    }
    // The platform kept the application fees, paid Stripe's fees and gave back the platform fees refunded.
    expect((await balanceOf()) - platformBefore).toBe(expectedPlatform);
  });

  it("knows Stripe's fee for an international card, which the platform bears", async () => {
    const created = await provider.createIntent(intentRequest());
    await confirmInBrowser(created.id, created.clientSecret, 'pm_card_gb');
    const paid = await provider.retrieveIntent(created.id);
    // 4.4% + 30c of $10: 15 cents over the 59 the supporter was shown, out of the platform's 109.
    expect(paid).toMatchObject({ status: 'succeeded', providerFeeCents: 74, applicationFeeCents: 109 });
  });

  it('makes intents that take cards only: a Link confirmation of our intent is refused', async () => {
    const created = await provider.createIntent(intentRequest({ keepCard: true }));
    const link = await browser.paymentMethods.create({ type: 'link', billing_details: { email: 'bro@example.com' } });
    await expect(
      browser.paymentIntents.confirm(created.id, {
        payment_method: link.id,
        client_secret: created.clientSecret,
      } as Stripe.PaymentIntentConfirmParams),
    ).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_incompatible_payment_method' });
    expect(await provider.retrieveIntent(created.id)).toMatchObject({ status: 'requires_payment_method' });
    const stripeIntent = await platform.paymentIntents.retrieve(created.id);
    expect(stripeIntent).toMatchObject({ allowed_payment_method_types: ['card'], payment_method_types: ['card'] });
  });

  it('records an intent Stripe paid with a method that is not a card rather than throwing', async () => {
    // Made outside the adapter (an intent that takes the Dashboard's methods): Link pays, no card on it.
    const customer = await platform.customers.create({ email: 'bro@example.com' });
    const link = await browser.paymentMethods.create({ type: 'link' });
    const intent = await platform.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      customer: customer.id,
      payment_method: link.id,
      setup_future_usage: 'off_session',
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    const read = (await provider.retrieveIntent(intent.id))!;
    expect(read).toMatchObject({ status: 'succeeded', paymentMethod: { id: link.id, brand: 'Link', last4: '0000' } });
    expect(chargeResultOf(read)).toMatchObject({
      status: 'succeeded',
      cardBrand: 'Link',
      cardLast4: '0000',
      paymentMethodId: link.id,
    });
  });

  it('answers a refund of a disputed charge with charge_disputed', async () => {
    const created = await provider.createIntent(intentRequest());
    await confirmInBrowser(created.id, created.clientSecret, 'pm_card_createDispute');
    await standIn.waitForEvent(
      (event) =>
        event.type === 'charge.dispute.created' && (event.data.object as Stripe.Dispute).payment_intent === created.id,
    );
    const chargeId = (await provider.retrieveIntent(created.id))!.chargeId!;
    const result = await provider.refund({
      chargeId,
      amountCents: 1000,
      applicationFeeRefundCents: 50,
      idempotencyKey: nextKey(),
      description: 'Refund',
    });
    expect(result).toMatchObject({ status: 'failed', code: 'charge_disputed' });
    expect(result.status === 'failed' && result.message).toMatch(/disputed/);
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
    const request = { amountCents: 950, currency: 'usd' as const, idempotencyKey: nextKey(), description: 'Payout' };
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
