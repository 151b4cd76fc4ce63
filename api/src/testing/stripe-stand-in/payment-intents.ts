import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { CustomersResource } from './customers';
import type { DisputesResource } from './disputes';
import { fromFixture } from './fixtures';
import { rejectUnknownParams, type ParamShape } from './form-params';
import { StandInError, docUrl, invalidRequest, noSuch, unexpectedState } from './stand-in-error';
import { incompatibleMethod, readPaymentMethodTypes } from './payment-method-types';
import { PLATFORM_COUNTRY, checkMinimumCharge, readCurrency, stripeFeeCents } from './currencies';
import { list, randomId, type ApiRequest, type StandInState } from './stand-in-state';

/*
 * PaymentIntents with destination charges: the charge, the transfer to the connected account and the application fee
 * a successful payment creates, 3-D Secure, off-session authentication_required, declines, processing. A charge's money
 * stays in its currency on every balance it reaches (the platform's, the account's): the stand-in converts nothing.
 */

const paymentIntentShape: ParamShape = {
  amount: true,
  currency: true,
  customer: true,
  payment_method: true,
  allowed_payment_method_types: 'list',
  automatic_payment_methods: { enabled: true, allow_redirects: true },
  setup_future_usage: true,
  application_fee_amount: true,
  transfer_data: { destination: true, amount: true },
  on_behalf_of: true,
  transfer_group: true,
  metadata: 'map',
  description: true,
  receipt_email: true,
  statement_descriptor_suffix: true,
  confirm: true,
  off_session: true,
  return_url: true,
  expand: 'list',
};
const confirmShape: ParamShape = {
  payment_method: true,
  off_session: true,
  return_url: true,
  setup_future_usage: true,
  client_secret: true,
  expand: 'list',
};

export function paymentIntentsResource(state: StandInState, customers: CustomersResource, disputes: DisputesResource) {
  function getPaymentIntent(id: string, param = 'intent', status: 400 | 404 = 404): Stripe.PaymentIntent {
    const intent = state.paymentIntents.get(id);
    if (!intent) throw noSuch('payment_intent', id, param, status);
    return intent;
  }

  function connectedAccount(id: string, param: string): Stripe.Account {
    const account = state.accounts.get(id);
    if (!account) throw invalidRequest(`No such destination: '${id}'`, { param, code: 'resource_missing' });
    return account;
  }

  function createPaymentIntent(request: ApiRequest) {
    const { params, read } = request;
    const methodTypes = readPaymentMethodTypes(params, read);
    rejectUnknownParams(params, paymentIntentShape);
    const currency = readCurrency(read.string('currency', { required: true }));
    const amount = read.integer('amount', { required: true, min: 1 });
    checkMinimumCharge(amount, currency);
    const customerId = read.string('customer');
    if (customerId) customers.getCustomer(customerId, 'customer');
    const destination = read.string('transfer_data.destination');
    const transferAmount = read.integer('transfer_data.amount', { min: 0 });
    const onBehalfOf = read.string('on_behalf_of');
    const fee = read.integer('application_fee_amount', { min: 0 });
    if (fee !== undefined && !destination) {
      throw invalidRequest(
        'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
        { param: 'application_fee_amount' },
      );
    }
    if (fee !== undefined && transferAmount !== undefined) {
      throw invalidRequest('You cannot specify both `application_fee_amount` and `transfer_data[amount]`.', {
        param: 'application_fee_amount',
      });
    }
    if (fee !== undefined && fee > amount) {
      throw invalidRequest('The application fee amount cannot be greater than the amount of the payment.', {
        param: 'application_fee_amount',
      });
    }
    if (transferAmount !== undefined && transferAmount > amount) {
      throw invalidRequest('The transfer amount cannot be greater than the amount of the payment.', {
        param: 'transfer_data[amount]',
      });
    }
    if (destination) {
      const account = connectedAccount(destination, 'transfer_data[destination]');
      if (account.capabilities?.transfers !== 'active') {
        throw invalidRequest(
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          { param: 'transfer_data[destination]', code: 'insufficient_capabilities_for_transfer' },
        );
      }
      // Connect's cross-border rule: a destination charge from the platform to an account in another country is
      // made on behalf of that account (it is the settlement merchant), unless the account is under the recipient
      // agreement (cross-border payouts, which Stripe enables per platform).
      const agreement = account.tos_acceptance?.service_agreement ?? 'full';
      if (!onBehalfOf && account.country !== PLATFORM_COUNTRY && agreement === 'full') {
        throw invalidRequest(
          `Funds can't be sent to accounts located in ${account.country} when the account is under the \`full\` service agreement. To learn more, see https://stripe.com/docs/connect/service-agreement-types.`,
          { param: 'transfer_data[destination]', code: 'transfers_not_allowed' },
        );
      }
    }
    if (onBehalfOf) {
      const account = connectedAccount(onBehalfOf, 'on_behalf_of');
      if (destination && onBehalfOf !== destination) {
        throw invalidRequest('The `on_behalf_of` account must be the same as `transfer_data[destination]`.', {
          param: 'on_behalf_of',
        });
      }
      if (account.capabilities?.card_payments !== 'active') {
        throw invalidRequest(
          `The account ${onBehalfOf} does not have the card_payments capability active, so it cannot be the settlement merchant (on_behalf_of).`,
          { param: 'on_behalf_of' },
        );
      }
    }
    const confirm = read.boolean('confirm') ?? false;
    for (const name of ['off_session', 'return_url'] as const) {
      if (read.has(name) && !confirm) {
        throw invalidRequest(`You can only pass \`${name}\` when \`confirm=true\`.`, { param: name });
      }
    }
    const methodReference = read.string('payment_method');
    const method = methodReference ? customers.resolvePaymentMethod(methodReference, 'payment_method') : undefined;
    if (method && !(methodTypes.effective as string[]).includes(method.type)) {
      throw incompatibleMethod(method.type, methodTypes.effective, 'PaymentIntent');
    }
    const secretSuffix = randomBytes(18).toString('base64url');
    const id = randomId('pi');
    const intent = fromFixture<Stripe.PaymentIntent>('payment_intent', {
      id,
      amount,
      currency,
      created: state.now(),
      canceled_at: null,
      client_secret: `${id}_secret_${secretSuffix}`,
      customer: customerId ?? null,
      description: read.string('description') ?? null,
      receipt_email: read.string('receipt_email') ?? null,
      metadata: read.metadata() ?? {},
      application_fee_amount: fee ?? null,
      on_behalf_of: onBehalfOf ?? null,
      transfer_data: destination
        ? ({
            destination,
            ...(transferAmount !== undefined ? { amount: transferAmount } : {}),
          } as Stripe.PaymentIntent.TransferData)
        : null,
      transfer_group: read.string('transfer_group') ?? null,
      statement_descriptor_suffix: read.string('statement_descriptor_suffix', { maxLength: 22 }) ?? null,
      setup_future_usage: read.oneOf('setup_future_usage', ['on_session', 'off_session'] as const) ?? null,
      automatic_payment_methods: methodTypes.allowed
        ? null
        : {
            enabled: read.boolean('automatic_payment_methods.enabled') ?? true,
            allow_redirects:
              read.oneOf('automatic_payment_methods.allow_redirects', ['always', 'never'] as const) ?? 'always',
          },
      allowed_payment_method_types: methodTypes.allowed,
      payment_method_types: methodTypes.effective,
      payment_method_configuration_details: null,
      payment_method: method?.id ?? null,
      last_payment_error: null,
      latest_charge: null,
      next_action: null,
      processing: null,
      shipping: null,
      amount_details: { tip: {} },
      status: method ? 'requires_confirmation' : 'requires_payment_method',
    });
    state.paymentIntents.set(id, intent);
    state.emit('payment_intent.created', intent);
    if (confirm) return confirmIntent(intent, request);
    return intent;
  }

  function confirmPaymentIntent(request: ApiRequest) {
    const { params, read, ids } = request;
    rejectUnknownParams(params, confirmShape);
    const intent = getPaymentIntent(ids[0]!);
    if (request.publishable && read.string('client_secret') !== intent.client_secret) {
      throw noSuch('payment_intent', intent.id, 'intent', 404);
    }
    return confirmIntent(intent, request);
  }

  function confirmIntent(intent: Stripe.PaymentIntent, { read }: ApiRequest) {
    const confirmable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    if (!confirmable.includes(intent.status)) {
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
      );
    }
    const reference = read.string('payment_method');
    if (reference) {
      const given = customers.resolvePaymentMethod(reference, 'payment_method');
      if (!intent.payment_method_types.includes(given.type)) {
        throw incompatibleMethod(given.type, intent.payment_method_types, 'PaymentIntent');
      }
      intent.payment_method = given.id;
    }
    const usage = read.oneOf('setup_future_usage', ['on_session', 'off_session'] as const);
    if (usage) intent.setup_future_usage = usage;
    if (!intent.payment_method) {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method or ConfirmationToken.",
      );
    }
    const returnUrl = read.string('return_url');
    // `off_session` is a boolean or, since 2026, the kind of merchant-initiated payment (one_off, recurring).
    const offSessionValue = read.oneOf('off_session', ['true', 'false', 'one_off', 'recurring'] as const);
    const offSession = offSessionValue !== undefined && offSessionValue !== 'false';
    // Stripe's rule when the intent accepts every payment method enabled in the dashboard: some redirect, so a
    // server-side confirm needs a return_url unless redirects were turned off.
    const cardOnly = intent.allowed_payment_method_types?.every((type) => type === 'card') ?? false;
    if (
      !returnUrl &&
      !cardOnly &&
      intent.automatic_payment_methods?.enabled &&
      intent.automatic_payment_methods.allow_redirects !== 'never'
    ) {
      throw invalidRequest(
        "This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
        { param: 'return_url' },
      );
    }
    const method = state.paymentMethods.get(intent.payment_method as string)!;
    if (!intent.payment_method_types.includes(method.type)) {
      throw incompatibleMethod(method.type, intent.payment_method_types, 'PaymentIntent');
    }
    const methodState = state.paymentMethodState.get(method.id)!;
    if (methodState.consumed) throw customers.consumedError();
    if (method.customer && method.customer !== intent.customer) {
      throw invalidRequest(
        `The provided PaymentMethod is attached to customer ${method.customer}; set \`customer\` to that customer to use it.`,
        { param: 'payment_method' },
      );
    }
    const needsAuthentication =
      methodState.card.authentication === 'always' ||
      (methodState.card.authentication === 'unlessSetUp' && (!offSession || !methodState.setUpForOffSession));
    if (needsAuthentication && offSession) {
      return fail(intent, method, {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      });
    }
    if (needsAuthentication) {
      const authenticateUrl = `${state.baseUrl}/stand-in/authenticate/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret!)}`;
      intent.status = 'requires_action';
      intent.next_action = returnUrl
        ? { type: 'redirect_to_url', redirect_to_url: { url: authenticateUrl, return_url: returnUrl } }
        : ({
            type: 'use_stripe_sdk',
            use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: authenticateUrl, source: randomId('src') },
          } as Stripe.PaymentIntent.NextAction);
      state.emit('payment_intent.requires_action', intent);
      return intent;
    }
    return charge(intent, method);
  }

  /** A failed attempt: the intent goes back to requires_payment_method and the SDK throws a StripeCardError. */
  function fail(
    intent: Stripe.PaymentIntent,
    method: Stripe.PaymentMethod,
    decline: { code: string; decline_code?: string; message: string; param?: string },
  ): never {
    const failed = newCharge(intent, method, decline);
    const error = customers.cardError(method, decline);
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.next_action = null;
    intent.latest_charge = failed.id;
    intent.last_payment_error = {
      ...error.body,
      charge: failed.id,
      payment_method: structuredClone(method),
    } as Stripe.PaymentIntent.LastPaymentError;
    state.emit('charge.failed', failed);
    state.emit('payment_intent.payment_failed', intent);
    throw new StandInError(402, { ...error.body, charge: failed.id, payment_intent: structuredClone(intent) });
  }

  function newCharge(
    intent: Stripe.PaymentIntent,
    method: Stripe.PaymentMethod,
    decline?: { code: string; decline_code?: string; message: string },
  ): Stripe.Charge {
    const sample = fromFixture<Stripe.Charge>('charge', {});
    const card = method.card;
    const charge = fromFixture<Stripe.Charge>('charge', {
      id: randomId('ch'),
      amount: intent.amount,
      amount_captured: decline ? 0 : intent.amount,
      amount_refunded: 0,
      application_fee: null,
      application_fee_amount: intent.application_fee_amount,
      balance_transaction: null,
      billing_details: method.billing_details,
      captured: !decline,
      created: state.now(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      disputed: false,
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      metadata: { ...intent.metadata },
      on_behalf_of: intent.on_behalf_of,
      outcome: decline
        ? {
            advice_code: null,
            network_advice_code: null,
            network_decline_code: null,
            network_status: 'declined_by_network',
            reason: decline.decline_code ?? decline.code,
            risk_level: 'normal',
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          }
        : {
            advice_code: null,
            network_advice_code: null,
            network_decline_code: null,
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          },
      paid: !decline,
      payment_intent: intent.id,
      payment_method: method.id,
      payment_method_details: (card
        ? {
            type: 'card',
            card: {
              ...sample.payment_method_details!.card!,
              brand: card.brand,
              last4: card.last4,
              country: card.country,
              exp_month: card.exp_month,
              exp_year: card.exp_year,
              funding: card.funding,
              fingerprint: card.fingerprint,
              network: card.brand,
              wallet: null,
              installments: null,
            },
          }
        : { type: method.type, [method.type]: { country: 'US' } }) as Stripe.Charge.PaymentMethodDetails,
      receipt_url: null,
      refunded: false,
      source: null,
      status: decline ? 'failed' : 'succeeded',
      transfer_data: intent.transfer_data
        ? { amount: intent.transfer_data.amount ?? null, destination: intent.transfer_data.destination as string }
        : null,
      transfer_group: intent.transfer_group,
    });
    // Since API version 2022-11-15 a charge's refunds are only there when expanded.
    delete (charge as Partial<Stripe.Charge>).refunds;
    state.charges.set(charge.id, charge);
    return charge;
  }

  function charge(intent: Stripe.PaymentIntent, method: Stripe.PaymentMethod): Stripe.PaymentIntent {
    const methodState = state.paymentMethodState.get(method.id)!;
    if (methodState.card.decline) return fail(intent, method, methodState.card.decline);
    if (methodState.card.staysProcessing) {
      intent.status = 'processing';
      intent.next_action = null;
      intent.processing = { type: 'card', card: {} };
      state.emit('payment_intent.processing', intent);
      return intent;
    }
    const charge = newCharge(intent, method);
    // The settlement merchant: the `on_behalf_of` account, whose country prices the card (domestic or not).
    const settlement = intent.on_behalf_of ? state.accounts.get(intent.on_behalf_of as string) : undefined;
    charge.balance_transaction = state.balanceTransaction(
      charge.amount,
      stripeFeeCents(
        charge.amount,
        charge.currency,
        methodState.card.country ?? PLATFORM_COUNTRY,
        settlement?.country ?? PLATFORM_COUNTRY,
      ),
      'charge',
      charge.id,
      charge.currency,
    ).id;
    const destination = intent.transfer_data?.destination as string | undefined;
    if (destination) {
      // A destination charge moves the whole amount (or transfer_data.amount) to the connected account; the
      // application fee is then taken from it back to the platform. Stripe's own fee stays on the platform.
      const fee = intent.transfer_data?.amount === undefined ? (intent.application_fee_amount ?? 0) : 0;
      const amount = intent.transfer_data?.amount ?? intent.amount;
      const transferId = randomId('tr');
      const paymentId = randomId('py');
      const transfer = fromFixture<Stripe.Transfer>('transfer', {
        id: transferId,
        amount,
        amount_reversed: 0,
        balance_transaction: state.balanceTransaction(-amount, 0, 'transfer', transferId, charge.currency).id,
        created: state.now(),
        currency: charge.currency,
        destination,
        destination_payment: paymentId,
        source_transaction: charge.id,
        reversed: false,
        transfer_group: intent.transfer_group,
        metadata: {},
      });
      transfer.reversals = list([], `/v1/transfers/${transfer.id}/reversals`);
      state.transfers.set(transfer.id, transfer);
      charge.transfer = transfer.id;
      state.balanceTransaction(amount, fee, 'payment', paymentId, charge.currency, {
        account: destination,
        feeType: 'application_fee',
      });
      state.emit('transfer.created', transfer);
      if (intent.application_fee_amount !== null && intent.transfer_data?.amount === undefined) {
        const feeId = randomId('fee');
        const applicationFee = fromFixture<Stripe.ApplicationFee>('application_fee', {
          id: feeId,
          account: destination,
          amount: intent.application_fee_amount,
          amount_refunded: 0,
          application: 'ca_stand_in',
          balance_transaction: state.balanceTransaction(
            intent.application_fee_amount,
            0,
            'application_fee',
            feeId,
            charge.currency,
          ).id,
          charge: charge.id,
          created: state.now(),
          currency: charge.currency,
          fee_source: { charge: charge.id, type: 'charge' },
          originating_transaction: charge.id,
          refunded: false,
        });
        applicationFee.refunds = list([], `/v1/application_fees/${applicationFee.id}/refunds`);
        state.applicationFees.set(applicationFee.id, applicationFee);
        charge.application_fee = applicationFee.id;
        state.emit('application_fee.created', applicationFee);
      }
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = charge.id;
    intent.next_action = null;
    intent.processing = null;
    intent.last_payment_error = null;
    if (intent.setup_future_usage && intent.customer) {
      customers.attach(method, intent.customer as string);
      if (intent.setup_future_usage === 'off_session') methodState.setUpForOffSession = true;
    } else if (!method.customer) {
      methodState.consumed = true;
    }
    state.emit('charge.succeeded', charge);
    state.emit('payment_intent.succeeded', intent);
    if (methodState.card.dispute) disputes.openDispute(charge, methodState.card.dispute);
    if (methodState.card.earlyFraudWarning) {
      const warning: Partial<Stripe.Radar.EarlyFraudWarning> = {
        id: randomId('issfr'),
        object: 'radar.early_fraud_warning',
        actionable: true,
        charge: charge.id,
        created: state.now(),
        fraud_type: 'made_with_stolen_card',
        livemode: false,
        payment_intent: intent.id,
      };
      state.emit('radar.early_fraud_warning.created', warning);
    }
    return intent;
  }

  /** Changes before confirmation (the amount a supporter picks after the card field loaded, metadata...). */
  function updatePaymentIntent({ params, read, ids }: ApiRequest) {
    rejectUnknownParams(params, {
      amount: true,
      description: true,
      metadata: 'map',
      payment_method: true,
      receipt_email: true,
      setup_future_usage: true,
      application_fee_amount: true,
      expand: 'list',
    });
    const intent = getPaymentIntent(ids[0]!);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      throw unexpectedState(
        `You cannot update this PaymentIntent because it has a status of ${intent.status}. Updates are only allowed when the PaymentIntent has a status of requires_payment_method, requires_confirmation, or requires_action.`,
      );
    }
    const amount = read.integer('amount', { min: 1 }) ?? intent.amount;
    checkMinimumCharge(amount, intent.currency);
    const fee = read.integer('application_fee_amount', { min: 0 }) ?? intent.application_fee_amount;
    if (read.has('application_fee_amount') && !intent.transfer_data) {
      throw invalidRequest(
        'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
        { param: 'application_fee_amount' },
      );
    }
    if (fee !== null && fee > amount) {
      throw invalidRequest('The application fee amount cannot be greater than the amount of the payment.', {
        param: 'application_fee_amount',
      });
    }
    const reference = read.string('payment_method');
    if (reference) {
      intent.payment_method = customers.resolvePaymentMethod(reference, 'payment_method').id;
      intent.status = 'requires_confirmation';
      intent.next_action = null;
    }
    intent.amount = amount;
    intent.application_fee_amount = fee;
    const metadata = read.metadata();
    if (metadata) intent.metadata = { ...intent.metadata, ...metadata };
    intent.description = read.string('description') ?? intent.description;
    intent.receipt_email = read.string('receipt_email') ?? intent.receipt_email;
    intent.setup_future_usage =
      read.oneOf('setup_future_usage', ['on_session', 'off_session'] as const) ?? intent.setup_future_usage;
    return intent;
  }

  function cancelPaymentIntent({ params, read, ids }: ApiRequest) {
    rejectUnknownParams(params, { cancellation_reason: true, expand: 'list' });
    const intent = getPaymentIntent(ids[0]!);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      );
    }
    intent.status = 'canceled';
    intent.canceled_at = state.now();
    intent.next_action = null;
    intent.cancellation_reason =
      read.oneOf('cancellation_reason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const) ??
      null;
    state.emit('payment_intent.canceled', intent);
    return intent;
  }

  function retrievePaymentIntent({ params, read, ids, publishable }: ApiRequest) {
    rejectUnknownParams(params, { client_secret: true, expand: 'list' });
    const intent = getPaymentIntent(ids[0]!);
    if (publishable && read.string('client_secret') !== intent.client_secret) {
      throw noSuch('payment_intent', intent.id, 'intent', 404);
    }
    return intent;
  }

  function completeAuthentication(intentId: string, outcome: 'approve' | 'fail'): Stripe.PaymentIntent {
    const intent = getPaymentIntent(intentId);
    if (intent.status !== 'requires_action') {
      throw new Error(`PaymentIntent ${intentId} is ${intent.status}, not waiting for authentication`);
    }
    const method = state.paymentMethods.get(intent.payment_method as string)!;
    if (outcome === 'approve') {
      try {
        return charge(intent, method);
      } catch (error) {
        if (error instanceof StandInError) return intent;
        throw error;
      }
    }
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.next_action = null;
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      doc_url: docUrl('payment_intent_authentication_failure'),
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      payment_method: structuredClone(method),
    } as Stripe.PaymentIntent.LastPaymentError;
    state.emit('payment_intent.payment_failed', intent);
    return intent;
  }

  function settleProcessing(intentId: string, outcome: 'succeeded' | 'failed'): Stripe.PaymentIntent {
    const intent = getPaymentIntent(intentId);
    if (intent.status !== 'processing')
      throw new Error(`PaymentIntent ${intentId} is ${intent.status}, not processing`);
    const method = state.paymentMethods.get(intent.payment_method as string)!;
    const methodState = state.paymentMethodState.get(method.id)!;
    methodState.card = { ...methodState.card, staysProcessing: false };
    if (outcome === 'failed')
      methodState.card.decline = {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
    try {
      return charge(intent, method);
    } catch (error) {
      if (error instanceof StandInError) return intent;
      throw error;
    }
  }

  /**
   * GET /v1/payment_intents/search: the one query form the adapter uses, `metadata['key']:'value'` (Stripe's query
   * language, quotes escaped with a backslash); newest first, `limit` (default 10, at most 100). Stripe's index lags
   * writes by up to a minute; the stand-in's does not.
   */
  function searchPaymentIntents({ params, read }: ApiRequest) {
    rejectUnknownParams(params, { query: true, limit: true, page: true, expand: 'list' });
    const query = read.string('query');
    if (!query) throw invalidRequest('Missing required param: query.', { param: 'query', code: 'parameter_missing' });
    const match = /^metadata\['((?:[^'\\]|\\.)+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(query.trim());
    if (!match) {
      throw invalidRequest(`The query \`${query}\` is not supported by the stand-in (only metadata['key']:'value').`, {
        param: 'query',
      });
    }
    const unescape = (text: string) => text.replace(/\\(.)/g, '$1');
    const [key, value] = [unescape(match[1]!), unescape(match[2]!)];
    const limit = Math.min(read.integer('limit', { min: 1 }) ?? 10, 100);
    const found = [...state.paymentIntents.values()].filter((intent) => intent.metadata?.[key] === value).reverse();
    return {
      object: 'search_result',
      data: found.slice(0, limit),
      has_more: found.length > limit,
      next_page: null,
      url: '/v1/payment_intents/search',
    };
  }

  return {
    searchPaymentIntents,
    getPaymentIntent,
    connectedAccount,
    createPaymentIntent,
    confirmPaymentIntent,
    confirmIntent,
    fail,
    newCharge,
    charge,
    cancelPaymentIntent,
    updatePaymentIntent,
    retrievePaymentIntent,
    completeAuthentication,
    settleProcessing,
  };
}

export type PaymentIntentsResource = ReturnType<typeof paymentIntentsResource>;
