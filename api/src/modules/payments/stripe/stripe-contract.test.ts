import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../../testing/stripe-stand-in/stripe-stand-in';

/*
 * What our Stripe adapter relies on, checked through the real `stripe` SDK. The shared part runs against the local
 * stand-in always and against Stripe's test mode when STRIPE_TEST_SECRET_KEY (and an onboarded connected account,
 * STRIPE_TEST_CONNECTED_ACCOUNT) are set, so a difference between the two shows up as a failing test on the live run.
 * Webhook delivery, 3-D Secure answers, onboarding pages and payouts need a browser, a public URL or time on
 * Stripe's side: those run against the stand-in only.
 */

interface ContractTarget {
  stripe: Stripe;
  /** A connected account that finished onboarding (transfers and card_payments active). */
  activeAccount: string;
}

const liveKey = process.env.STRIPE_TEST_SECRET_KEY;
const liveAccount = process.env.STRIPE_TEST_CONNECTED_ACCOUNT;
if (liveKey && !liveKey.startsWith('sk_test_') && !liveKey.startsWith('rk_test_')) {
  throw new Error('STRIPE_TEST_SECRET_KEY must be a test-mode key (sk_test_...): this suite creates payments');
}

/** Waits for a condition Stripe reaches on its own (a dispute opening, a dispute closing). */
async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function cardError(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as Stripe.errors.StripeError;
}

/** A card payment confirmed on the server: redirects off, so no redirect-based method asks for a return_url. */
function cardPayment(params: Partial<Stripe.PaymentIntentCreateParams>): Stripe.PaymentIntentCreateParams {
  return {
    amount: 2000,
    currency: 'usd',
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    ...params,
  };
}

/** `timeout` per case: Stripe's own round trips (and a dispute opening and closing) take longer than the stand-in's. */
function sharedContract(getTarget: () => ContractTarget, timeout: number) {
  it(
    'creates and retrieves a customer',
    async () => {
      const { stripe } = getTarget();
      const customer = await stripe.customers.create({ email: 'bro@example.com', metadata: { supporterId: 's1' } });
      expect(customer.id).toMatch(/^cus_/);
      const again = await stripe.customers.retrieve(customer.id);
      expect(again).toMatchObject({ id: customer.id, email: 'bro@example.com', metadata: { supporterId: 's1' } });
    },
    timeout,
  );

  it(
    'attaches a test card to a customer and lists it',
    async () => {
      const { stripe } = getTarget();
      const customer = await stripe.customers.create({});
      const method = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
      expect(method).toMatchObject({ customer: customer.id, type: 'card', card: { brand: 'visa', last4: '4242' } });
      const methods = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
      expect(methods.data.map((item) => item.id)).toEqual([method.id]);
      const created = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_mastercard' } });
      expect(created.card?.last4).toBe('4444');
    },
    timeout,
  );

  it(
    'refuses to attach the generic-decline card',
    async () => {
      const { stripe } = getTarget();
      const customer = await stripe.customers.create({});
      const error = await cardError(stripe.paymentMethods.attach('pm_card_chargeDeclined', { customer: customer.id }));
      expect(error).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
    },
    timeout,
  );

  it(
    'saves a card for later with a SetupIntent on a customer, then charges it off session; a declined card is refused',
    async () => {
      const { stripe } = getTarget();
      const customer = await stripe.customers.create({ email: 'bro@example.com' });
      const setup = await stripe.setupIntents.create({
        customer: customer.id,
        usage: 'off_session',
        metadata: { subscriptionId: 'sub_1' },
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      });
      expect(setup).toMatchObject({
        status: 'requires_payment_method',
        usage: 'off_session',
        customer: customer.id,
        metadata: { subscriptionId: 'sub_1' },
      });
      expect(setup.client_secret).toContain('_secret_');
      const saved = await stripe.setupIntents.confirm(setup.id, { payment_method: 'pm_card_mastercard' });
      expect(saved.status).toBe('succeeded');
      const method = await stripe.paymentMethods.retrieve(saved.payment_method as string);
      expect(method).toMatchObject({ customer: customer.id, card: { brand: 'mastercard', last4: '4444' } });
      const renewal = await stripe.paymentIntents.create(
        cardPayment({ customer: customer.id, payment_method: method.id, confirm: true, off_session: true }),
      );
      expect(renewal.status).toBe('succeeded');

      const refused = await stripe.setupIntents.create({
        customer: customer.id,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      });
      const error = await cardError(
        stripe.setupIntents.confirm(refused.id, { payment_method: 'pm_card_chargeDeclined' }),
      );
      expect(error).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
      expect((await stripe.setupIntents.retrieve(refused.id)).status).toBe('requires_payment_method');
    },
    timeout,
  );

  it(
    "charges a card to the creator: the whole amount transferred, the application fee taken back, Stripe's fee on the platform",
    async () => {
      const { stripe, activeAccount } = getTarget();
      const customer = await stripe.customers.create({});
      const intent = await stripe.paymentIntents.create(
        cardPayment({
          amount: 1000,
          customer: customer.id,
          payment_method: 'pm_card_visa',
          confirm: true,
          setup_future_usage: 'off_session',
          application_fee_amount: 109,
          transfer_data: { destination: activeAccount },
          on_behalf_of: activeAccount,
          metadata: { supportId: 'sup_1' },
          expand: ['latest_charge.balance_transaction'],
        }),
      );
      expect(intent).toMatchObject({
        status: 'succeeded',
        amount_received: 1000,
        application_fee_amount: 109,
        transfer_data: { destination: activeAccount },
        metadata: { supportId: 'sup_1' },
      });
      const charge = intent.latest_charge as Stripe.Charge;
      expect(charge).toMatchObject({ status: 'succeeded', paid: true, payment_intent: intent.id });
      expect(charge.payment_method_details?.card).toMatchObject({ brand: 'visa', last4: '4242', country: 'US' });
      // Stripe's fee on a domestic card, 2.9% + 30c, is charged to the platform on the charge's balance transaction.
      expect(charge.balance_transaction).toMatchObject({ type: 'charge', amount: 1000, fee: 59, net: 941 });
      const transfer = await stripe.transfers.retrieve(charge.transfer as string);
      expect(transfer).toMatchObject({ amount: 1000, destination: activeAccount });
      const fee = await stripe.applicationFees.retrieve(charge.application_fee as string);
      expect(fee).toMatchObject({ amount: 109, account: activeAccount, charge: charge.id });
      // setup_future_usage kept the card on the customer for renewals.
      const kept = await stripe.paymentMethods.retrieve(intent.payment_method as string);
      expect(kept.customer).toBe(customer.id);
    },
    timeout,
  );

  it(
    'asks for 3-D Secure on session when the card requires authentication',
    async () => {
      const { stripe } = getTarget();
      const intent = await stripe.paymentIntents.create(
        cardPayment({
          payment_method: 'pm_card_authenticationRequired',
          confirm: true,
          return_url: 'https://example.com/back',
        }),
      );
      expect(intent.status).toBe('requires_action');
      expect(intent.next_action?.type).toBe('redirect_to_url');
      expect(intent.next_action?.redirect_to_url?.url).toMatch(/^https?:\/\//);
      const withoutReturn = await stripe.paymentIntents.create(
        cardPayment({ payment_method: 'pm_card_authenticationRequired', confirm: true }),
      );
      expect(withoutReturn).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    },
    timeout,
  );

  it(
    'declines an off-session charge of a card that requires authentication, with the intent attached',
    async () => {
      const { stripe } = getTarget();
      const customer = await stripe.customers.create({});
      const method = await stripe.paymentMethods.attach('pm_card_authenticationRequired', { customer: customer.id });
      const error = await cardError(
        stripe.paymentIntents.create(
          cardPayment({ customer: customer.id, payment_method: method.id, off_session: true, confirm: true }),
        ),
      );
      expect(error).toMatchObject({
        type: 'StripeCardError',
        statusCode: 402,
        code: 'authentication_required',
        decline_code: 'authentication_required',
      });
      expect(error.payment_intent).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: { code: 'authentication_required' },
      });
      const intent = await stripe.paymentIntents.retrieve(error.payment_intent!.id);
      expect(intent.status).toBe('requires_payment_method');
      expect(intent.last_payment_error?.payment_method?.id).toBe(method.id);
    },
    timeout,
  );

  it.each([
    ['pm_card_chargeDeclined', 'card_declined', 'generic_decline'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'card_declined', 'insufficient_funds'],
    ['pm_card_chargeDeclinedLostCard', 'card_declined', 'lost_card'],
    ['pm_card_chargeDeclinedStolenCard', 'card_declined', 'stolen_card'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'not checked'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc', 'not checked'],
    ['pm_card_chargeDeclinedProcessingError', 'processing_error', 'not checked'],
  ])(
    '%s fails with code %s, decline_code %s',
    async (card, code, declineCode) => {
      const { stripe } = getTarget();
      const error = await cardError(stripe.paymentIntents.create(cardPayment({ payment_method: card, confirm: true })));
      expect(error).toMatchObject({ type: 'StripeCardError', statusCode: 402, code });
      if (code === 'card_declined') expect(error.decline_code).toBe(declineCode);
      expect(error.message).not.toBe('');
      expect(error.payment_intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code } });
    },
    timeout,
  );

  it(
    'refunds in parts, reversing the transfer and returning the application fee pro rata',
    async () => {
      const { stripe, activeAccount } = getTarget();
      const intent = await stripe.paymentIntents.create(
        cardPayment({
          amount: 1000,
          payment_method: 'pm_card_visa',
          confirm: true,
          application_fee_amount: 50,
          transfer_data: { destination: activeAccount },
        }),
      );
      const first = await stripe.refunds.create({
        payment_intent: intent.id,
        amount: 400,
        reverse_transfer: true,
        refund_application_fee: true,
      });
      expect(first).toMatchObject({ amount: 400, status: 'succeeded', payment_intent: intent.id });
      expect(first.transfer_reversal).toMatch(/^trr_/);
      let charge = await stripe.charges.retrieve(intent.latest_charge as string);
      let transfer = await stripe.transfers.retrieve(charge.transfer as string);
      // The transfer was the whole amount, so its reversal is the whole refund.
      expect(transfer.amount_reversed).toBe(400);
      let fee = await stripe.applicationFees.retrieve(charge.application_fee as string);
      expect(fee.amount_refunded).toBe(20);
      const tooMuch = await cardError(stripe.refunds.create({ payment_intent: intent.id, amount: 700 }));
      expect(tooMuch).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'amount' });
      await stripe.refunds.create({ payment_intent: intent.id, reverse_transfer: true, refund_application_fee: true });
      charge = await stripe.charges.retrieve(intent.latest_charge as string);
      expect(charge).toMatchObject({ amount_refunded: 1000, refunded: true });
      transfer = await stripe.transfers.retrieve(charge.transfer as string);
      expect(transfer).toMatchObject({ amount_reversed: 1000, reversed: true });
      fee = await stripe.applicationFees.retrieve(charge.application_fee as string);
      expect(fee).toMatchObject({ amount_refunded: 50, refunded: true });
      const again = await cardError(stripe.refunds.create({ payment_intent: intent.id }));
      expect(again).toMatchObject({ type: 'StripeInvalidRequestError', code: 'charge_already_refunded' });
    },
    timeout,
  );

  it(
    'refunds as the adapter does: the whole refund reversed from the account, then an exact part of the application fee',
    async () => {
      const { stripe, activeAccount } = getTarget();
      const intent = await stripe.paymentIntents.create(
        cardPayment({
          amount: 1000,
          payment_method: 'pm_card_visa',
          confirm: true,
          application_fee_amount: 109,
          transfer_data: { destination: activeAccount },
        }),
      );
      const refund = await stripe.refunds.create({
        charge: intent.latest_charge as string,
        amount: 400,
        reverse_transfer: true,
        refund_application_fee: false,
        expand: ['charge'],
      });
      const charge = refund.charge as Stripe.Charge;
      expect((await stripe.transfers.retrieve(charge.transfer as string)).amount_reversed).toBe(400);
      const feeId = charge.application_fee as string;
      expect((await stripe.applicationFees.retrieve(feeId)).amount_refunded).toBe(0);
      const feeRefund = await stripe.applicationFees.createRefund(feeId, { amount: 20 });
      expect(feeRefund).toMatchObject({ object: 'fee_refund', amount: 20, fee: feeId });
      expect(await stripe.applicationFees.retrieve(feeId)).toMatchObject({ amount_refunded: 20, refunded: false });
      const tooMuch = await cardError(stripe.applicationFees.createRefund(feeId, { amount: 90 }));
      expect(tooMuch).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    },
    timeout,
  );

  it(
    'takes cards only when allowed_payment_method_types says so; payment_method_types is not writable',
    async () => {
      const { stripe } = getTarget();
      const intent = await stripe.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        allowed_payment_method_types: ['card'],
      });
      expect(intent).toMatchObject({ allowed_payment_method_types: ['card'], payment_method_types: ['card'] });
      // Cards only: a server-side confirm needs no return_url.
      const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
      expect(paid.status).toBe('succeeded');
      const setup = await stripe.setupIntents.create({ usage: 'off_session', allowed_payment_method_types: ['card'] });
      expect(setup.payment_method_types).toEqual(['card']);
      const old = await cardError(
        stripe.paymentIntents.create({
          amount: 1000,
          currency: 'usd',
          payment_method_types: ['card'],
        } as Stripe.PaymentIntentCreateParams),
      );
      expect(old).toMatchObject({ statusCode: 400, code: 'payment_method_types_no_longer_supported' });
    },
    timeout,
  );

  it(
    "charges 1.5% more for a card issued outside the US: Stripe's fee is the balance transaction's",
    async () => {
      const { stripe } = getTarget();
      const intent = await stripe.paymentIntents.create(
        cardPayment({
          amount: 1000,
          payment_method: 'pm_card_gb',
          confirm: true,
          expand: ['latest_charge.balance_transaction'],
        }),
      );
      const charge = intent.latest_charge as Stripe.Charge;
      expect(charge.payment_method_details?.card?.country).toBe('GB');
      expect(charge.balance_transaction).toMatchObject({ amount: 1000, fee: 74, net: 926 });
    },
    timeout,
  );

  it(
    'creates a connected account the platform controls, and an onboarding link',
    async () => {
      const { stripe } = getTarget();
      const account = await stripe.accounts.create({
        country: 'US',
        email: 'creator@example.com',
        controller: {
          fees: { payer: 'application' },
          losses: { payments: 'application' },
          stripe_dashboard: { type: 'express' },
        },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        settings: { payouts: { schedule: { interval: 'weekly', weekly_anchor: 'tuesday' } } },
      });
      expect(account).toMatchObject({
        id: expect.stringMatching(/^acct_/),
        type: 'express',
        controller: {
          fees: { payer: 'application' },
          losses: { payments: 'application' },
          stripe_dashboard: { type: 'express' },
          is_controller: true,
        },
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        settings: { payouts: { schedule: { interval: 'weekly', weekly_anchor: 'tuesday' } } },
      });
      expect(account.requirements?.currently_due?.length).toBeGreaterThan(0);
      const retrieved = await stripe.accounts.retrieve(account.id);
      expect(retrieved.id).toBe(account.id);
      const link = await stripe.accountLinks.create({
        account: account.id,
        type: 'account_onboarding',
        refresh_url: 'https://example.com/settings/payouts?refresh=1',
        return_url: 'https://example.com/settings/payouts',
      });
      expect(link.url).toMatch(/^https?:\/\//);
      expect(link.expires_at).toBeGreaterThan(link.created);

      // A charge cannot go to an account that has not finished onboarding.
      const error = await cardError(
        stripe.paymentIntents.create(
          cardPayment({
            payment_method: 'pm_card_visa',
            application_fee_amount: 50,
            transfer_data: { destination: account.id },
          }),
        ),
      );
      expect(error).toMatchObject({ statusCode: 400, code: 'insufficient_capabilities_for_transfer' });
    },
    timeout,
  );

  it(
    'updates an intent before confirmation and cancels an abandoned one',
    async () => {
      const { stripe, activeAccount } = getTarget();
      const intent = await stripe.paymentIntents.create(
        cardPayment({ amount: 1000, application_fee_amount: 50, transfer_data: { destination: activeAccount } }),
      );
      expect(intent).toMatchObject({
        status: 'requires_payment_method',
        client_secret: expect.stringContaining('_secret_'),
      });
      const updated = await stripe.paymentIntents.update(intent.id, {
        amount: 2500,
        application_fee_amount: 125,
        metadata: { tier: 'gold' },
      });
      expect(updated).toMatchObject({ amount: 2500, application_fee_amount: 125, metadata: { tier: 'gold' } });
      const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
      expect(confirmed).toMatchObject({ status: 'succeeded', amount_received: 2500 });
      const late = await cardError(stripe.paymentIntents.update(intent.id, { amount: 3000 }));
      expect(late).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });

      const abandoned = await stripe.paymentIntents.create(cardPayment({}));
      const canceled = await stripe.paymentIntents.cancel(abandoned.id, { cancellation_reason: 'abandoned' });
      expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
      const again = await cardError(stripe.paymentIntents.confirm(abandoned.id, { payment_method: 'pm_card_visa' }));
      expect(again).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    },
    timeout,
  );

  it(
    'replays the first result for a repeated idempotency key and refuses it for other parameters',
    async () => {
      const { stripe } = getTarget();
      const key = `contract-${Date.now()}-${Math.random()}`;
      const params = cardPayment({ amount: 1500, payment_method: 'pm_card_visa', confirm: true });
      const first = await stripe.paymentIntents.create(params, { idempotencyKey: key });
      const second = await stripe.paymentIntents.create(params, { idempotencyKey: key });
      expect(second.id).toBe(first.id);
      expect(second.latest_charge).toBe(first.latest_charge);
      expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
      const conflict = await cardError(
        stripe.paymentIntents.create({ ...params, amount: 1600 }, { idempotencyKey: key }),
      );
      expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

      // A decline is a result too: the retry gets the same error and charge, not a second attempt.
      const declineKey = `${key}-declined`;
      const declined = cardPayment({ payment_method: 'pm_card_chargeDeclined', confirm: true });
      const firstError = await cardError(stripe.paymentIntents.create(declined, { idempotencyKey: declineKey }));
      const secondError = await cardError(stripe.paymentIntents.create(declined, { idempotencyKey: declineKey }));
      expect(secondError.payment_intent?.id).toBe(firstError.payment_intent?.id);
      expect(secondError.charge).toBe(firstError.charge);
    },
    timeout,
  );

  it(
    'answers invalid requests with the parameter at fault',
    async () => {
      const { stripe, activeAccount } = getTarget();
      const cases: [Promise<unknown>, Record<string, unknown>][] = [
        [stripe.paymentIntents.create(cardPayment({ amount: 20 })), { code: 'amount_too_small', param: 'amount' }],
        // Stripe's minimum charge is per currency: 30 pence in pounds.
        [
          stripe.paymentIntents.create(cardPayment({ amount: 29, currency: 'gbp' })),
          { code: 'amount_too_small', param: 'amount' },
        ],
        [
          stripe.paymentIntents.create({ ...cardPayment({}), bogus_field: 'x' } as Stripe.PaymentIntentCreateParams),
          { code: 'parameter_unknown', param: 'bogus_field' },
        ],
        [
          stripe.paymentIntents.create(cardPayment({ application_fee_amount: 50 })),
          { param: 'application_fee_amount' },
        ],
        [
          stripe.paymentIntents.create({
            amount: 2000,
            currency: 'usd',
            payment_method: 'pm_card_visa',
            confirm: true,
          }),
          { param: 'return_url' },
        ],
        [stripe.customers.retrieve('cus_doesnotexist'), { statusCode: 404, code: 'resource_missing' }],
        [
          stripe.paymentIntents.create(
            cardPayment({ application_fee_amount: 3000, transfer_data: { destination: activeAccount } }),
          ),
          { param: 'application_fee_amount' },
        ],
      ];
      for (const [promise, expected] of cases) {
        const error = await cardError(promise);
        expect(error).toMatchObject({ rawType: 'invalid_request_error', ...expected });
      }
    },
    timeout,
  );

  it(
    'refuses to reuse a payment method that was used without a customer',
    async () => {
      const { stripe } = getTarget();
      const method = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
      await stripe.paymentIntents.create(cardPayment({ payment_method: method.id, confirm: true }));
      const error = await cardError(
        stripe.paymentIntents.create(cardPayment({ payment_method: method.id, confirm: true })),
      );
      expect(error).toMatchObject({ rawType: 'invalid_request_error', param: 'payment_method' });
    },
    timeout,
  );

  it(
    'opens a dispute for the dispute test card and closes it on the evidence',
    async () => {
      const { stripe, activeAccount } = getTarget();
      const intent = await stripe.paymentIntents.create(
        cardPayment({
          payment_method: 'pm_card_createDispute',
          confirm: true,
          application_fee_amount: 100,
          transfer_data: { destination: activeAccount },
        }),
      );
      expect(intent.status).toBe('succeeded');
      const dispute = await eventually(async () => {
        const found = await stripe.disputes.list({ payment_intent: intent.id });
        return found.data[0];
      });
      expect(dispute).toMatchObject({
        amount: 2000,
        reason: 'fraudulent',
        status: 'needs_response',
        charge: intent.latest_charge,
      });
      const charge = await stripe.charges.retrieve(intent.latest_charge as string);
      expect(charge.disputed).toBe(true);
      await stripe.disputes.update(dispute.id, { evidence: { uncategorized_text: 'winning_evidence' } });
      const closed = await eventually(async () => {
        const current = await stripe.disputes.retrieve(dispute.id);
        return current.status === 'won' ? current : undefined;
      }, 150_000);
      expect(closed.status).toBe('won');
    },
    timeout,
  );
}

describe('Stripe contract: local stand-in', () => {
  let standIn: StripeStandIn;
  let target: ContractTarget;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    const stripe = new Stripe(standIn.secretKey, { ...standIn.sdkOptions, maxNetworkRetries: 0 });
    const account = await stripe.accounts.create({
      country: 'US',
      controller: {
        fees: { payer: 'application' },
        losses: { payments: 'application' },
        stripe_dashboard: { type: 'express' },
      },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    standIn.completeOnboarding(account.id);
    target = { stripe, activeAccount: account.id };
  });
  afterAll(async () => {
    await standIn?.close();
  });

  sharedContract(() => target, 30_000);
});

describe.skipIf(!liveKey || !liveAccount)(
  liveKey && liveAccount
    ? 'Stripe contract: live Stripe test mode'
    : 'Stripe contract: live Stripe test mode (skipped: set STRIPE_TEST_SECRET_KEY and STRIPE_TEST_CONNECTED_ACCOUNT to run it)',
  () => {
    const target = () => ({ stripe: new Stripe(liveKey!), activeAccount: liveAccount! });
    sharedContract(target, 180_000);
  },
);

/** A local webhook endpoint that keeps what it receives, verified as our API will verify it. */
async function startWebhookReceiver(secret: string) {
  const received: { event: Stripe.Event; raw: string; signature: string }[] = [];
  const verifier = new Stripe('sk_test_verifier');
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = String(request.headers['stripe-signature']);
      try {
        received.push({ event: verifier.webhooks.constructEvent(raw, signature, secret, 300), raw, signature });
        response.writeHead(200).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Stripe stand-in: what only the stand-in can show (webhooks, 3-D Secure answers, onboarding, payouts)', () => {
  const platformSecret = 'whsec_platform_contract';
  const connectSecret = 'whsec_connect_contract';
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let platform: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let connect: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    platform = await startWebhookReceiver(platformSecret);
    connect = await startWebhookReceiver(connectSecret);
    standIn = await startStripeStandIn({
      webhookEndpoints: [
        { url: platform.url, secret: platformSecret },
        { url: connect.url, secret: connectSecret, connect: true },
      ],
    });
    stripe = new Stripe(standIn.secretKey, { ...standIn.sdkOptions, maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await standIn?.close();
    await platform?.close();
    await connect?.close();
  });

  async function onboardedAccount() {
    const account = await stripe.accounts.create({
      country: 'US',
      controller: {
        fees: { payer: 'application' },
        losses: { payments: 'application' },
        stripe_dashboard: { type: 'express' },
      },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    return standIn.completeOnboarding(account.id);
  }

  it('signs events with the SDK so constructEvent verifies them, within the tolerance only', async () => {
    const intent = await stripe.paymentIntents.create(cardPayment({ payment_method: 'pm_card_visa', confirm: true }));
    await standIn.waitForEvent(
      (event) => event.type === 'payment_intent.succeeded' && event.data.object.id === intent.id,
    );
    await standIn.deliveriesSettled();
    const delivered = platform.received.find(
      (item) =>
        item.event.type === 'payment_intent.succeeded' &&
        (item.event.data.object as Stripe.PaymentIntent).id === intent.id,
    );
    expect(delivered).toBeDefined();
    expect(standIn.deliveries.filter((delivery) => delivery.status !== 200)).toEqual([]);
    const event = delivered!.event;
    expect(event).toMatchObject({ object: 'event', api_version: Stripe.API_VERSION, livemode: false });
    expect((event.data.object as Stripe.PaymentIntent).status).toBe('succeeded');
    expect(event.request?.idempotency_key).toBeTruthy();
    // The same event, fetched back from the API, as a careful handler does.
    expect((await stripe.events.retrieve(event.id)).type).toBe('payment_intent.succeeded');

    const verifier = new Stripe('sk_test_verifier');
    expect(() => verifier.webhooks.constructEvent(`${delivered!.raw} `, delivered!.signature, platformSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => verifier.webhooks.constructEvent(delivered!.raw, delivered!.signature, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const old = verifier.webhooks.generateTestHeaderString({
      payload: delivered!.raw,
      secret: platformSecret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(() => verifier.webhooks.constructEvent(delivered!.raw, old, platformSecret, 300)).toThrow(/tolerance/);
    expect(verifier.webhooks.constructEvent(delivered!.raw, old, platformSecret, 900).id).toBe(event.id);
  });

  it('redelivers an event with the same id, so handlers can be idempotent by event id', async () => {
    const customer = await stripe.customers.create({});
    const created = await standIn.waitForEvent(
      (event) => event.type === 'customer.created' && event.data.object.id === customer.id,
    );
    standIn.redeliver(created.id);
    await standIn.deliveriesSettled();
    expect(platform.received.filter((item) => item.event.id === created.id)).toHaveLength(2);
  });

  it('completes or fails 3-D Secure as the supporter answers, with the events Stripe sends', async () => {
    const approved = await stripe.paymentIntents.create(
      cardPayment({ payment_method: 'pm_card_authenticationRequired', confirm: true }),
    );
    expect(approved.status).toBe('requires_action');
    standIn.completeAuthentication(approved.id, 'approve');
    expect((await stripe.paymentIntents.retrieve(approved.id)).status).toBe('succeeded');
    await standIn.waitForEvent(
      (event) => event.type === 'payment_intent.succeeded' && event.data.object.id === approved.id,
    );

    const failed = await stripe.paymentIntents.create(
      cardPayment({ payment_method: 'pm_card_authenticationRequired', confirm: true }),
    );
    standIn.completeAuthentication(failed.id, 'fail');
    const afterFailure = await stripe.paymentIntents.retrieve(failed.id);
    expect(afterFailure).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
    await standIn.waitForEvent(
      (event) => event.type === 'payment_intent.payment_failed' && event.data.object.id === failed.id,
    );
  });

  it('follows the redirect flow: the authentication page sends the supporter back to return_url', async () => {
    const intent = await stripe.paymentIntents.create(
      cardPayment({
        payment_method: 'pm_card_authenticationRequired',
        confirm: true,
        return_url: 'https://bro.example/back',
      }),
    );
    const page = await fetch(intent.next_action!.redirect_to_url!.url!);
    expect(await page.text()).toContain('Complete authentication');
    const answer = await fetch(`${intent.next_action!.redirect_to_url!.url!}&outcome=approve`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://bro.example/back');
    expect(back.searchParams.get('payment_intent')).toBe(intent.id);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
  });

  it('lets a card authenticated while set up for renewals be charged off session later', async () => {
    const customer = await stripe.customers.create({});
    const first = await stripe.paymentIntents.create(
      cardPayment({
        customer: customer.id,
        payment_method: 'pm_card_authenticationRequiredOnSetup',
        setup_future_usage: 'off_session',
        confirm: true,
      }),
    );
    expect(first.status).toBe('requires_action');
    standIn.completeAuthentication(first.id, 'approve');
    const kept = await stripe.paymentMethods.retrieve(first.payment_method as string);
    expect(kept.customer).toBe(customer.id);
    const renewal = await stripe.paymentIntents.create(
      cardPayment({ customer: customer.id, payment_method: kept.id, off_session: true, confirm: true }),
    );
    expect(renewal.status).toBe('succeeded');
  });

  it('confirms with the publishable key and client secret only, as Stripe.js does', async () => {
    const intent = await stripe.paymentIntents.create(cardPayment({}));
    const browser = new Stripe(standIn.publishableKey, { ...standIn.sdkOptions, maxNetworkRetries: 0 });
    const method = await browser.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
    const confirmed = await browser.paymentIntents.confirm(intent.id, {
      payment_method: method.id,
      client_secret: intent.client_secret,
    } as Stripe.PaymentIntentConfirmParams);
    expect(confirmed.status).toBe('succeeded');
    const refused = await cardError(browser.customers.create({}));
    expect(refused.statusCode).toBe(401);
    const wrongSecret = await cardError(
      browser.paymentIntents.confirm(intent.id, { client_secret: 'nope' } as Stripe.PaymentIntentConfirmParams),
    );
    expect(wrongSecret.statusCode).toBe(404);
    const numbers = await cardError(
      browser.paymentMethods.create({
        type: 'card',
        card: { number: '4242424242424242', exp_month: 1, exp_year: 2040 },
      }),
    );
    expect(numbers.param).toBe('card[number]');
  });

  it('holds a payment in processing until it settles (a stand-in-only card)', async () => {
    const intent = await stripe.paymentIntents.create(
      cardPayment({ payment_method: 'pm_card_standInProcessing', confirm: true }),
    );
    expect(intent.status).toBe('processing');
    await standIn.waitForEvent(
      (event) => event.type === 'payment_intent.processing' && event.data.object.id === intent.id,
    );
    standIn.settleProcessing(intent.id, 'succeeded');
    await standIn.waitForEvent(
      (event) => event.type === 'payment_intent.succeeded' && event.data.object.id === intent.id,
    );

    const failing = await stripe.paymentIntents.create(
      cardPayment({ payment_method: 'pm_card_standInProcessing', confirm: true }),
    );
    standIn.settleProcessing(failing.id, 'failed');
    expect((await stripe.paymentIntents.retrieve(failing.id)).status).toBe('requires_payment_method');
    await standIn.waitForEvent(
      (event) => event.type === 'payment_intent.payment_failed' && event.data.object.id === failing.id,
    );
  });

  it('sends charge.refunded and the dispute events to the platform endpoint', async () => {
    const account = await onboardedAccount();
    const intent = await stripe.paymentIntents.create(
      cardPayment({
        payment_method: 'pm_card_visa',
        confirm: true,
        transfer_data: { destination: account.id },
        application_fee_amount: 100,
      }),
    );
    await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 500,
      reverse_transfer: true,
      refund_application_fee: true,
    });
    const refunded = await standIn.waitForEvent(
      (event) => event.type === 'charge.refunded' && event.data.object.id === intent.latest_charge,
    );
    expect(refunded.data.object).toMatchObject({ amount_refunded: 500, refunded: false });
    expect(refunded.data.previous_attributes).toMatchObject({ amount_refunded: 0 });

    const disputed = await stripe.paymentIntents.create(
      cardPayment({ payment_method: 'pm_card_createDispute', confirm: true }),
    );
    const opened = await standIn.waitForEvent(
      (event) =>
        event.type === 'charge.dispute.created' && (event.data.object as Stripe.Dispute).payment_intent === disputed.id,
    );
    const dispute = opened.data.object as Stripe.Dispute;
    const withdrawn = await standIn.waitForEvent(
      (event) => event.type === 'charge.dispute.funds_withdrawn' && event.data.object.id === dispute.id,
    );
    const [transaction] = (withdrawn.data.object as Stripe.Dispute).balance_transactions;
    expect(transaction).toMatchObject({ amount: -2000, fee: 1500 });
    await stripe.disputes.close(dispute.id);
    const closed = await standIn.waitForEvent(
      (event) => event.type === 'charge.dispute.closed' && event.data.object.id === dispute.id,
    );
    expect((closed.data.object as Stripe.Dispute).status).toBe('lost');
    await standIn.deliveriesSettled();
    const platformTypes = platform.received.map((item) => item.event.type);
    expect(platformTypes).toEqual(
      expect.arrayContaining(['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed']),
    );
  });

  it('onboards through the account link and reports payouts to the Connect endpoint', async () => {
    const account = await stripe.accounts.create({
      country: 'CA',
      controller: {
        fees: { payer: 'application' },
        losses: { payments: 'application' },
        stripe_dashboard: { type: 'express' },
      },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      settings: { payouts: { schedule: { interval: 'weekly', weekly_anchor: 'tuesday' } } },
    });
    expect(account.default_currency).toBe('cad');
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'https://bro.example/settings?refresh=1',
      return_url: 'https://bro.example/settings',
    });
    const visit = await fetch(link.url, { redirect: 'manual' });
    expect(visit.headers.get('location')).toBe('https://bro.example/settings');
    const reuse = await fetch(link.url, { redirect: 'manual' });
    expect(reuse.headers.get('location')).toBe('https://bro.example/settings?refresh=1');
    const onboarded = await stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({ charges_enabled: true, payouts_enabled: true, details_submitted: true });
    expect(onboarded.requirements?.currently_due).toEqual([]);
    const updated = await standIn.waitForEvent(
      (event) =>
        event.type === 'account.updated' && event.account === account.id && event.data.object.id === account.id,
    );
    expect(updated.data.previous_attributes).toMatchObject({ payouts_enabled: false });

    standIn.requireInformation(account.id, ['individual.verification.document']);
    const restricted = await stripe.accounts.retrieve(account.id);
    expect(restricted).toMatchObject({
      payouts_enabled: false,
      requirements: { past_due: ['individual.verification.document'] },
    });
    standIn.completeOnboarding(account.id);

    await stripe.paymentIntents.create(
      cardPayment({
        amount: 1000,
        currency: 'cad',
        payment_method: 'pm_card_visa',
        confirm: true,
        transfer_data: { destination: account.id },
        on_behalf_of: account.id,
        application_fee_amount: 50,
      }),
    );
    const paid = standIn.payOut(account.id);
    expect(paid).toMatchObject({ amount: 950, status: 'paid', currency: 'cad' });
    await stripe.paymentIntents.create(
      cardPayment({
        amount: 1000,
        currency: 'cad',
        payment_method: 'pm_card_visa',
        confirm: true,
        transfer_data: { destination: account.id },
        on_behalf_of: account.id,
        application_fee_amount: 50,
      }),
    );
    const failed = standIn.payOut(account.id, { failureCode: 'account_closed' });
    expect(failed).toMatchObject({ status: 'failed', failure_code: 'account_closed' });
    await standIn.deliveriesSettled();
    const connectTypes = connect.received
      .filter((item) => item.event.account === account.id)
      .map((item) => item.event.type);
    expect(connectTypes).toEqual(expect.arrayContaining(['account.updated', 'payout.paid', 'payout.failed']));
    // Connected accounts' events go to the Connect endpoint only; the platform's own to the platform endpoint only.
    expect(platform.received.some((item) => item.event.account)).toBe(false);
    expect(connect.received.some((item) => !item.event.account)).toBe(false);
  });

  /** What a balance holds, available and pending together. */
  async function balanceOf(account?: string): Promise<number> {
    const balance = await stripe.balance.retrieve({}, account ? { stripeAccount: account } : {});
    return [...balance.available, ...balance.pending].reduce((sum, funds) => sum + funds.amount, 0);
  }

  it('keeps balances for the platform and each connected account, as a destination charge and its refunds move money', async () => {
    const account = (await onboardedAccount()).id;
    const platformBefore = await balanceOf();
    const intent = await stripe.paymentIntents.create(
      cardPayment({
        amount: 1000,
        payment_method: 'pm_card_visa',
        confirm: true,
        application_fee_amount: 109,
        transfer_data: { destination: account },
      }),
    );
    // The account gets the amount minus the application fee; the platform the fee minus Stripe's 59.
    expect(await balanceOf(account)).toBe(891);
    expect((await balanceOf()) - platformBefore).toBe(109 - 59);
    const transactions = await stripe.balanceTransactions.list({ limit: 100 }, { stripeAccount: account });
    expect(transactions.data.map((txn) => [txn.type, txn.amount, txn.fee, txn.net])).toEqual([
      ['payment', 1000, 109, 891],
    ]);
    const platformTypes = (await stripe.balanceTransactions.list({ limit: 3 })).data.map((txn) => txn.type);
    expect(platformTypes.sort()).toEqual(['application_fee', 'charge', 'transfer']);

    // A refund of 400 reversed from the account with 20 of the fee returned: the account loses 380, the platform 20.
    const refund = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 400,
      reverse_transfer: true,
      refund_application_fee: false,
      expand: ['charge'],
    });
    await stripe.applicationFees.createRefund((refund.charge as Stripe.Charge).application_fee as string, {
      amount: 20,
    });
    expect(await balanceOf(account)).toBe(891 - 380);
    expect((await balanceOf()) - platformBefore).toBe(109 - 59 - 20);
    // The rest, with the rest of the fee (89, all that is left when no amount is given): nothing stays on either side
    // but Stripe's fee, which the platform paid.
    const rest = await stripe.refunds.create({ payment_intent: intent.id, reverse_transfer: true, expand: ['charge'] });
    const feeBack = await stripe.applicationFees.createRefund((rest.charge as Stripe.Charge).application_fee as string);
    expect(feeBack.amount).toBe(89);
    expect(await balanceOf(account)).toBe(0);
    expect((await balanceOf()) - platformBefore).toBe(-59);

    // Balance transactions become available two days after they were made, by the stand-in's clock.
    const other = (await onboardedAccount()).id;
    await stripe.paymentIntents.create(
      cardPayment({
        amount: 500,
        payment_method: 'pm_card_visa',
        confirm: true,
        application_fee_amount: 70,
        transfer_data: { destination: other },
      }),
    );
    const otherBalance = () => stripe.balance.retrieve({}, { stripeAccount: other });
    expect(await otherBalance()).toMatchObject({ pending: [{ amount: 430 }], available: [{ amount: 0 }] });
    standIn.advanceClock(2 * 24 * 60 * 60);
    expect(await otherBalance()).toMatchObject({ pending: [{ amount: 0 }], available: [{ amount: 430 }] });
    const unknown = await cardError(stripe.balance.retrieve({}, { stripeAccount: 'acct_unknown' }));
    expect(unknown).toMatchObject({ statusCode: 403, code: 'account_invalid' });
  });

  it('refuses a Link payment where the intent takes cards only, and takes it where it takes the Dashboard methods', async () => {
    const browser = new Stripe(standIn.publishableKey, { ...standIn.sdkOptions, maxNetworkRetries: 0 });
    const link = () => browser.paymentMethods.create({ type: 'link', billing_details: { email: 'bro@example.com' } });
    const cardOnly = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
    });
    const refused = await cardError(
      browser.paymentIntents.confirm(cardOnly.id, {
        payment_method: (await link()).id,
        client_secret: cardOnly.client_secret,
      } as Stripe.PaymentIntentConfirmParams),
    );
    expect(refused).toMatchObject({
      statusCode: 400,
      code: 'payment_intent_incompatible_payment_method',
      param: 'payment_method',
    });
    expect(await stripe.paymentIntents.retrieve(cardOnly.id)).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
    });
    // Without the restriction (what the adapter asked before), Link pays and the charge has no card at all.
    const anyMethod = await stripe.paymentIntents.create(
      cardPayment({ amount: 1000, payment_method: (await link()).id, confirm: true, expand: ['latest_charge'] }),
    );
    expect(anyMethod).toMatchObject({ status: 'succeeded', payment_method_types: ['card', 'link'] });
    expect((anyMethod.latest_charge as Stripe.Charge).payment_method_details).toMatchObject({ type: 'link' });
    const setup = await stripe.setupIntents.create({ allowed_payment_method_types: ['card'] });
    const setupRefused = await cardError(stripe.setupIntents.confirm(setup.id, { payment_method: (await link()).id }));
    expect(setupRefused).toMatchObject({ statusCode: 400, param: 'payment_method' });
  });

  it('keeps an idempotency key 24 hours by its clock, and answers 409 while a request with the key is running', async () => {
    const key = `contract-key-${process.pid}-${Date.now()}`;
    const first = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: key });
    const replay = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: key });
    expect(replay.id).toBe(first.id);
    standIn.advanceClock(24 * 60 * 60 - 60);
    const other = await cardError(stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: key }));
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    standIn.advanceClock(60);
    const fresh = await stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: key });
    expect(fresh.id).not.toBe(first.id);

    const busyKey = `${key}-busy`;
    const hold = standIn.holdNextRequest((method, path) => method === 'POST' && path === '/v1/customers');
    const running = stripe.customers.create({ email: 'c@example.com' }, { idempotencyKey: busyKey });
    await hold.reached;
    const busy = await cardError(stripe.customers.create({ email: 'c@example.com' }, { idempotencyKey: busyKey }));
    expect(busy).toMatchObject({ statusCode: 409, code: 'idempotency_key_in_use' });
    hold.release();
    const done = await running;
    expect((await stripe.customers.create({ email: 'c@example.com' }, { idempotencyKey: busyKey })).id).toBe(done.id);
  });

  it('refuses to refund a disputed charge: charge_disputed', async () => {
    const intent = await stripe.paymentIntents.create(
      cardPayment({ payment_method: 'pm_card_createDispute', confirm: true }),
    );
    await standIn.waitForEvent(
      (event) =>
        event.type === 'charge.dispute.created' && (event.data.object as Stripe.Dispute).payment_intent === intent.id,
    );
    const refused = await cardError(stripe.refunds.create({ payment_intent: intent.id }));
    expect(refused).toMatchObject({ statusCode: 400, code: 'charge_disputed' });
  });

  it('refuses what an adapter must not do: unknown keys, requests as a connected account, unknown URLs', async () => {
    const wrongKey = new Stripe('sk_test_wrong', { ...standIn.sdkOptions, maxNetworkRetries: 0 });
    const unauthenticated = await cardError(wrongKey.customers.create({}));
    expect(unauthenticated).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const asAccount = await cardError(stripe.customers.create({}, { stripeAccount: 'acct_123' }));
    expect(asAccount.statusCode).toBe(400);
    const unknown = await cardError(stripe.rawRequest('GET', '/v1/not_a_resource'));
    expect(unknown.statusCode).toBe(404);
  });
});
