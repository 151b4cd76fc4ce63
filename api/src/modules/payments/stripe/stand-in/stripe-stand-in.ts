import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { EventLog, type WebhookDelivery, type WebhookEndpointConfig } from './event-delivery';
import { fromFixture } from './fixtures';
import { ParamReader, parseStripeForm, rejectUnknownParams, type FormObject, type ParamShape } from './form-params';
import { StandInError, docUrl, invalidRequest, noSuch, unexpectedState } from './stand-in-error';
import { testCardFor, type TestCard } from './test-cards';

/*
 * A small stateful stand-in of the Stripe API for tests: exactly the endpoints a Connect + PaymentIntents adapter
 * calls, answering the real `stripe` SDK (pointed here with its host, port and protocol options) with objects built
 * from Stripe's published fixtures, Stripe's error shapes and statuses, idempotent replays, and signed events.
 * Stripe's servers cannot be reached from our machines; docs/stripe-stand-in.md says what is covered and how the
 * same contract suite runs against Stripe's test mode. Never used by the running product.
 */

export type { WebhookDelivery, WebhookEndpointConfig } from './event-delivery';

export interface StripeStandInOptions {
  /** The secret key the SDK must send (default: a random `sk_test_...`). */
  secretKey?: string;
  /** The publishable key the browser side (Stripe.js) would send (default: a random `pk_test_...`). */
  publishableKey?: string;
  webhookEndpoints?: WebhookEndpointConfig[];
  /** Port to listen on, 127.0.0.1 only (default: any free port). */
  port?: number;
}

export interface StripeStandIn {
  readonly url: string;
  readonly secretKey: string;
  readonly publishableKey: string;
  /** `new Stripe(standIn.secretKey, standIn.sdkOptions)` talks to the stand-in. */
  readonly sdkOptions: { host: string; port: number; protocol: 'http' };
  /** Every event created so far, oldest first. */
  readonly events: readonly Stripe.Event[];
  /** Every webhook POST answered (or failed) so far. */
  readonly deliveries: readonly WebhookDelivery[];
  waitForEvent(match: string | ((event: Stripe.Event) => boolean), timeoutMs?: number): Promise<Stripe.Event>;
  /** Resolves when every webhook POST started so far has been answered. */
  deliveriesSettled(): Promise<void>;
  addWebhookEndpoint(endpoint: WebhookEndpointConfig): void;
  /** Sends an event again, as Stripe does when it retries. */
  redeliver(eventId: string): void;
  /** The supporter's answer to a 3-D Secure challenge (in the browser on Stripe: Stripe.js or the redirect page). */
  completeAuthentication(paymentIntentId: string, outcome: 'approve' | 'fail'): Stripe.PaymentIntent;
  /** Ends a payment left processing by the stand-in-only `pm_card_standInProcessing`. */
  settleProcessing(paymentIntentId: string, outcome: 'succeeded' | 'failed'): Stripe.PaymentIntent;
  /** What the connected account's owner does on Stripe's onboarding pages (also reachable by the account link URL). */
  completeOnboarding(accountId: string): Stripe.Account;
  /** Stripe asks the account for more information: payouts stop until it is given. */
  requireInformation(accountId: string, fields: string[]): Stripe.Account;
  /** Stripe's automatic payout of the account's balance to its bank: payout.paid, or payout.failed with the code. */
  payOut(
    accountId: string,
    options?: { failureCode?: 'account_closed' | 'no_account' | 'could_not_process' },
  ): Stripe.Payout;
  close(): Promise<void>;
}

type Handler = (request: ApiRequest) => unknown;

interface ApiRequest {
  params: FormObject;
  read: ParamReader;
  ids: string[];
  /** Called with the publishable key (only where Stripe.js may call). */
  publishable: boolean;
}

interface PaymentMethodState {
  card: TestCard;
  /** Used by a payment without a customer: Stripe refuses it afterwards. */
  consumed: boolean;
  /** Authenticated while being set up for off-session payments (what `authenticationRequiredOnSetup` needs). */
  setUpForOffSession: boolean;
}

interface AccountLinkState {
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  used: boolean;
}

const stripeFeeCents = (amount: number) => Math.round(amount * 0.029) + 30;
/** Stripe's dispute fee in the US. */
const disputeFeeCents = 1500;
/** Stripe's minimum charge amounts for the currencies creators here can use. */
const minimumAmount: Record<string, number> = { usd: 50, cad: 50, aud: 50, gbp: 30, eur: 50 };
const currencyOfCountry: Record<string, string> = { US: 'usd', CA: 'cad', GB: 'gbp', AU: 'aud' };
/** Countries where Stripe offers connected accounts (the stand-in checks the code, not country rules). */
const accountCountries = new Set(
  'AE AT AU BE BG BR CA CH CY CZ DE DK EE ES FI FR GB GI GR HK HR HU IE IT JP LI LT LU LV MT MX MY NL NO NZ PL PT RO SE SG SI SK TH US'.split(
    ' ',
  ),
);
const newAccountRequirements = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

function randomId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

const now = () => Math.floor(Date.now() / 1000);
const list = <T>(data: T[], url: string) => ({ object: 'list' as const, data, has_more: false, url });

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

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? randomId('sk_test', 32);
  const publishableKey = options.publishableKey ?? randomId('pk_test', 32);
  const log = new EventLog(options.webhookEndpoints ?? []);

  const customers = new Map<string, Stripe.Customer>();
  const paymentMethods = new Map<string, Stripe.PaymentMethod>();
  const paymentMethodState = new Map<string, PaymentMethodState>();
  const paymentIntents = new Map<string, Stripe.PaymentIntent>();
  const charges = new Map<string, Stripe.Charge>();
  const refunds = new Map<string, Stripe.Refund>();
  const transfers = new Map<string, Stripe.Transfer>();
  const applicationFees = new Map<string, Stripe.ApplicationFee>();
  const balanceTransactions = new Map<string, Stripe.BalanceTransaction>();
  const disputes = new Map<string, Stripe.Dispute>();
  const accounts = new Map<string, Stripe.Account>();
  const accountBalances = new Map<string, number>();
  const accountLinks = new Map<string, AccountLinkState>();
  const payouts = new Map<string, Stripe.Payout>();
  const eventsById = new Map<string, Stripe.Event>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const everything = [
    customers,
    paymentMethods,
    paymentIntents,
    charges,
    refunds,
    transfers,
    applicationFees,
    balanceTransactions,
    disputes,
    accounts,
    payouts,
    eventsById,
  ] as Map<string, unknown>[];

  let baseUrl = '';
  /** The API request being handled, named in the events it causes (Stripe's `event.request`). */
  let currentRequest: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null };

  function emit(
    type: string,
    object: { id?: string },
    extra: { previous?: Record<string, unknown>; account?: string } = {},
  ): void {
    // Event is a union of one type per event name: built loosely, then typed once.
    const event = fromFixture<Record<string, unknown>>('event', {
      id: randomId('evt'),
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      data: {
        object: structuredClone(object),
        ...(extra.previous ? { previous_attributes: extra.previous } : {}),
      },
      livemode: false,
      pending_webhooks: 0,
      request: { ...currentRequest },
      ...(extra.account ? { account: extra.account } : {}),
    }) as unknown as Stripe.Event;
    eventsById.set(event.id, event);
    log.record(event);
  }

  // ---- customers ------------------------------------------------------------------------------------------

  function getCustomer(id: string, param: string, status: 400 | 404 = 400): Stripe.Customer {
    const customer = customers.get(id);
    if (!customer) throw noSuch('customer', id, param, status);
    return customer;
  }

  function createCustomer({ params, read }: ApiRequest) {
    rejectUnknownParams(params, {
      email: true,
      name: true,
      description: true,
      metadata: 'map',
      payment_method: true,
      invoice_settings: { default_payment_method: true },
      expand: 'list',
    });
    const customer = fromFixture<Stripe.Customer>('customer', {
      id: randomId('cus', 14),
      created: now(),
      currency: null,
      discount: null,
      email: read.string('email', { maxLength: 512 }) ?? null,
      name: read.string('name', { maxLength: 256 }) ?? null,
      description: read.string('description') ?? null,
      metadata: read.metadata() ?? {},
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      shipping: null,
    });
    customers.set(customer.id, customer);
    const paymentMethod = read.string('payment_method');
    if (paymentMethod) attach(resolvePaymentMethod(paymentMethod, 'payment_method'), customer.id);
    const defaultMethod = read.string('invoice_settings.default_payment_method');
    if (defaultMethod) {
      const method = paymentMethods.get(defaultMethod);
      if (!method || method.customer !== customer.id) {
        throw invalidRequest(`No such PaymentMethod: '${defaultMethod}'`, {
          param: 'invoice_settings[default_payment_method]',
          code: 'resource_missing',
        });
      }
      customer.invoice_settings.default_payment_method = defaultMethod;
    }
    emit('customer.created', customer);
    return customer;
  }

  // ---- payment methods ------------------------------------------------------------------------------------

  function newPaymentMethod(card: TestCard, metadata: Record<string, string> = {}): Stripe.PaymentMethod {
    const sample = fromFixture<Stripe.PaymentMethod>('payment_method', {});
    const method = fromFixture<Stripe.PaymentMethod>('payment_method', {
      id: randomId('pm'),
      created: now(),
      customer: null,
      metadata,
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: null,
        name: null,
        phone: null,
        tax_id: null,
      },
      card: {
        ...sample.card!,
        brand: card.brand,
        display_brand: card.brand,
        last4: card.last4,
        funding: card.funding,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        fingerprint: randomBytes(8).toString('hex'),
        networks: { available: [card.brand], preferred: null },
        wallet: null,
        generated_from: null,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      },
    });
    paymentMethods.set(method.id, method);
    paymentMethodState.set(method.id, { card, consumed: false, setUpForOffSession: false });
    return method;
  }

  /** A payment method id, or one of Stripe's test references (`pm_card_visa`), which makes a new one as Stripe does. */
  function resolvePaymentMethod(reference: string, param: string): Stripe.PaymentMethod {
    const existing = paymentMethods.get(reference);
    if (existing) return existing;
    const test = testCardFor(reference);
    if (test && reference.startsWith('pm_card_')) return newPaymentMethod(test.card);
    throw noSuch('PaymentMethod', reference, param);
  }

  function createPaymentMethod({ params, read }: ApiRequest) {
    rejectUnknownParams(params, {
      type: true,
      card: { token: true, number: true, exp_month: true, exp_year: true, cvc: true },
      billing_details: { email: true, name: true },
      metadata: 'map',
      expand: 'list',
    });
    read.oneOf('type', ['card'] as const, { required: true });
    if (read.has('card.number')) {
      // What Stripe answers an account without raw card data access: card numbers belong in Stripe's own fields.
      throw invalidRequest(
        'Sending credit card numbers directly to the Stripe API is generally unsafe. To continue processing use Stripe.js, the Stripe mobile bindings, or Stripe Elements.',
        { param: 'card[number]' },
      );
    }
    const token = read.string('card.token', { required: true });
    const test = token.startsWith('tok_') ? testCardFor(token) : undefined;
    if (!test) throw invalidRequest(`No such token: '${token}'`, { param: 'card[token]', code: 'resource_missing' });
    const method = newPaymentMethod(test.card, read.metadata());
    method.billing_details.email = read.string('billing_details.email') ?? null;
    method.billing_details.name = read.string('billing_details.name') ?? null;
    return method;
  }

  function cardError(
    method: Stripe.PaymentMethod,
    decline: { code: string; decline_code?: string; message: string; param?: string },
  ) {
    return new StandInError(402, {
      type: 'card_error',
      code: decline.code,
      ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
      doc_url: docUrl(decline.code),
      message: decline.message,
      ...(decline.param ? { param: decline.param } : {}),
      payment_method: structuredClone(method),
    });
  }

  function attach(method: Stripe.PaymentMethod, customerId: string) {
    const state = paymentMethodState.get(method.id)!;
    if (state.consumed) throw consumedError();
    if (method.customer && method.customer !== customerId) {
      throw invalidRequest('The payment method you provided has already been attached to a customer.', {
        param: 'payment_method',
      });
    }
    if (state.card.declinesOnAttach && state.card.decline) throw cardError(method, state.card.decline);
    if (method.customer === customerId) return method;
    method.customer = customerId;
    emit('payment_method.attached', method);
    return method;
  }

  function consumedError() {
    return invalidRequest(
      'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
      { param: 'payment_method' },
    );
  }

  // ---- payment intents ------------------------------------------------------------------------------------

  function getPaymentIntent(id: string, param = 'intent', status: 400 | 404 = 404): Stripe.PaymentIntent {
    const intent = paymentIntents.get(id);
    if (!intent) throw noSuch('payment_intent', id, param, status);
    return intent;
  }

  function connectedAccount(id: string, param: string): Stripe.Account {
    const account = accounts.get(id);
    if (!account) throw invalidRequest(`No such destination: '${id}'`, { param, code: 'resource_missing' });
    return account;
  }

  function createPaymentIntent(request: ApiRequest) {
    const { params, read } = request;
    rejectUnknownParams(params, paymentIntentShape);
    const currency = read.string('currency', { required: true }).toLowerCase();
    if (!(currency in minimumAmount)) {
      throw invalidRequest(
        `Invalid currency: ${currency}. Stripe currently supports these currencies: usd, cad, gbp, aud, eur (stand-in subset).`,
        {
          param: 'currency',
        },
      );
    }
    const amount = read.integer('amount', { required: true, min: 1 });
    const minimum = minimumAmount[currency]!;
    if (amount < minimum) {
      throw invalidRequest(`Amount must be at least ${(minimum / 100).toFixed(2)} ${currency}`, {
        param: 'amount',
        code: 'amount_too_small',
      });
    }
    const customerId = read.string('customer');
    if (customerId) getCustomer(customerId, 'customer');
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
    // The SDK for API version 2026-10-28 sends `allowed_payment_method_types` (a filter), not `payment_method_types`.
    const methodTypes = read.list('allowed_payment_method_types');
    if (methodTypes.some((type) => type !== 'card')) {
      throw invalidRequest('The stand-in takes card payments only.', { param: 'allowed_payment_method_types' });
    }
    const methodReference = read.string('payment_method');
    const method = methodReference ? resolvePaymentMethod(methodReference, 'payment_method') : undefined;
    const secretSuffix = randomBytes(18).toString('base64url');
    const id = randomId('pi');
    const intent = fromFixture<Stripe.PaymentIntent>('payment_intent', {
      id,
      amount,
      currency,
      created: now(),
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
      automatic_payment_methods: {
        enabled: read.boolean('automatic_payment_methods.enabled') ?? true,
        allow_redirects:
          read.oneOf('automatic_payment_methods.allow_redirects', ['always', 'never'] as const) ?? 'always',
      },
      allowed_payment_method_types:
        methodTypes.length > 0 ? (methodTypes as Stripe.PaymentIntent.AllowedPaymentMethodType[]) : null,
      payment_method_types: ['card'],
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
    paymentIntents.set(id, intent);
    emit('payment_intent.created', intent);
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
    if (reference) intent.payment_method = resolvePaymentMethod(reference, 'payment_method').id;
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
    const method = paymentMethods.get(intent.payment_method as string)!;
    const state = paymentMethodState.get(method.id)!;
    if (state.consumed) throw consumedError();
    if (method.customer && method.customer !== intent.customer) {
      throw invalidRequest(
        `The provided PaymentMethod is attached to customer ${method.customer}; set \`customer\` to that customer to use it.`,
        { param: 'payment_method' },
      );
    }
    const needsAuthentication =
      state.card.authentication === 'always' ||
      (state.card.authentication === 'unlessSetUp' && (!offSession || !state.setUpForOffSession));
    if (needsAuthentication && offSession) {
      return fail(intent, method, {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      });
    }
    if (needsAuthentication) {
      const authenticateUrl = `${baseUrl}/stand-in/authenticate/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret!)}`;
      intent.status = 'requires_action';
      intent.next_action = returnUrl
        ? { type: 'redirect_to_url', redirect_to_url: { url: authenticateUrl, return_url: returnUrl } }
        : ({
            type: 'use_stripe_sdk',
            use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: authenticateUrl, source: randomId('src') },
          } as Stripe.PaymentIntent.NextAction);
      emit('payment_intent.requires_action', intent);
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
    const error = cardError(method, decline);
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.next_action = null;
    intent.latest_charge = failed.id;
    intent.last_payment_error = {
      ...error.body,
      charge: failed.id,
      payment_method: structuredClone(method),
    } as Stripe.PaymentIntent.LastPaymentError;
    emit('charge.failed', failed);
    emit('payment_intent.payment_failed', intent);
    throw new StandInError(402, { ...error.body, charge: failed.id, payment_intent: structuredClone(intent) });
  }

  function newCharge(
    intent: Stripe.PaymentIntent,
    method: Stripe.PaymentMethod,
    decline?: { code: string; decline_code?: string; message: string },
  ): Stripe.Charge {
    const sample = fromFixture<Stripe.Charge>('charge', {});
    const card = method.card!;
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
      created: now(),
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
      payment_method_details: {
        type: 'card',
        card: {
          ...sample.payment_method_details!.card!,
          brand: card.brand,
          last4: card.last4,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          funding: card.funding,
          fingerprint: card.fingerprint,
          network: card.brand,
          wallet: null,
          installments: null,
        },
      } as Stripe.Charge.PaymentMethodDetails,
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
    charges.set(charge.id, charge);
    return charge;
  }

  function balanceTransaction(amount: number, fee: number, type: string, source: string, currency: string) {
    const transaction = fromFixture<Stripe.BalanceTransaction>('balance_transaction', {
      id: randomId('txn'),
      amount,
      fee,
      fee_details: fee
        ? [{ amount: fee, application: null, currency, description: 'Stripe processing fees', type: 'stripe_fee' }]
        : [],
      net: amount - fee,
      created: now(),
      available_on: now() + 2 * 86400,
      currency,
      description: null,
      source,
      status: 'pending',
      type: type as Stripe.BalanceTransaction.Type,
      reporting_category: type,
    });
    balanceTransactions.set(transaction.id, transaction);
    return transaction;
  }

  function charge(intent: Stripe.PaymentIntent, method: Stripe.PaymentMethod): Stripe.PaymentIntent {
    const state = paymentMethodState.get(method.id)!;
    if (state.card.decline) return fail(intent, method, state.card.decline);
    if (state.card.staysProcessing) {
      intent.status = 'processing';
      intent.next_action = null;
      intent.processing = { type: 'card', card: {} };
      emit('payment_intent.processing', intent);
      return intent;
    }
    const charge = newCharge(intent, method);
    charge.balance_transaction = balanceTransaction(
      charge.amount,
      stripeFeeCents(charge.amount),
      'charge',
      charge.id,
      charge.currency,
    ).id;
    const destination = intent.transfer_data?.destination as string | undefined;
    if (destination) {
      const fee = intent.application_fee_amount ?? 0;
      const amount = intent.transfer_data?.amount ?? intent.amount - fee;
      const transfer = fromFixture<Stripe.Transfer>('transfer', {
        id: randomId('tr'),
        amount,
        amount_reversed: 0,
        balance_transaction: balanceTransaction(-amount, 0, 'transfer', '', charge.currency).id,
        created: now(),
        currency: charge.currency,
        destination,
        destination_payment: randomId('py'),
        source_transaction: charge.id,
        reversed: false,
        transfer_group: intent.transfer_group,
        metadata: {},
      });
      transfer.reversals = list([], `/v1/transfers/${transfer.id}/reversals`);
      transfers.set(transfer.id, transfer);
      charge.transfer = transfer.id;
      accountBalances.set(destination, (accountBalances.get(destination) ?? 0) + amount);
      emit('transfer.created', transfer);
      if (intent.application_fee_amount !== null) {
        const applicationFee = fromFixture<Stripe.ApplicationFee>('application_fee', {
          id: randomId('fee'),
          account: destination,
          amount: intent.application_fee_amount,
          amount_refunded: 0,
          application: 'ca_stand_in',
          balance_transaction: balanceTransaction(
            intent.application_fee_amount,
            0,
            'application_fee',
            '',
            charge.currency,
          ).id,
          charge: charge.id,
          created: now(),
          currency: charge.currency,
          fee_source: { charge: charge.id, type: 'charge' },
          refunded: false,
        });
        applicationFee.refunds = list([], `/v1/application_fees/${applicationFee.id}/refunds`);
        applicationFees.set(applicationFee.id, applicationFee);
        charge.application_fee = applicationFee.id;
        emit('application_fee.created', applicationFee);
      }
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = charge.id;
    intent.next_action = null;
    intent.processing = null;
    intent.last_payment_error = null;
    if (intent.setup_future_usage && intent.customer) {
      attach(method, intent.customer as string);
      if (intent.setup_future_usage === 'off_session') state.setUpForOffSession = true;
    } else if (!method.customer) {
      state.consumed = true;
    }
    emit('charge.succeeded', charge);
    emit('payment_intent.succeeded', intent);
    if (state.card.dispute) openDispute(charge, state.card.dispute);
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
    intent.canceled_at = now();
    intent.next_action = null;
    intent.cancellation_reason =
      read.oneOf('cancellation_reason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const) ??
      null;
    emit('payment_intent.canceled', intent);
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

  // ---- refunds --------------------------------------------------------------------------------------------

  /** Stripe's pro rata share for a partial refund, computed on the running total so a full refund returns it all. */
  function proRata(total: number, refundedBefore: number, refundedAfter: number, chargeAmount: number): number {
    return Math.round((total * refundedAfter) / chargeAmount) - Math.round((total * refundedBefore) / chargeAmount);
  }

  function createRefund({ params, read }: ApiRequest) {
    rejectUnknownParams(params, {
      payment_intent: true,
      charge: true,
      amount: true,
      reason: true,
      metadata: 'map',
      reverse_transfer: true,
      refund_application_fee: true,
      expand: 'list',
    });
    const intentId = read.string('payment_intent');
    let chargeId = read.string('charge');
    if (!intentId && !chargeId) {
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        {
          code: 'parameter_missing',
        },
      );
    }
    if (intentId) {
      const intent = getPaymentIntent(intentId, 'payment_intent', 400);
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
          param: 'payment_intent',
        });
      }
      chargeId = intent.latest_charge as string;
    }
    const charge = charges.get(chargeId!);
    if (!charge || charge.status !== 'succeeded') throw noSuch('charge', chargeId!, 'charge');
    if (charge.disputed) {
      throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, {
        code: 'charge_disputed',
      });
    }
    if (charge.refunded) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    const remaining = charge.amount - charge.amount_refunded;
    const amount = read.integer('amount', { min: 1 }) ?? remaining;
    if (amount > remaining) {
      const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      throw invalidRequest(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
        { param: 'amount' },
      );
    }
    const reverseTransfer = read.boolean('reverse_transfer') ?? false;
    const refundFee = read.boolean('refund_application_fee') ?? false;
    const transfer = charge.transfer ? transfers.get(charge.transfer as string) : undefined;
    if (reverseTransfer && !transfer) {
      throw invalidRequest('This charge has no transfer to reverse: reverse_transfer is for destination charges.', {
        param: 'reverse_transfer',
      });
    }
    const applicationFee = charge.application_fee ? applicationFees.get(charge.application_fee as string) : undefined;
    if (refundFee && !applicationFee) {
      throw invalidRequest('This charge has no application fee to refund.', { param: 'refund_application_fee' });
    }
    const refund = fromFixture<Stripe.Refund>('refund', {
      id: randomId('re'),
      amount,
      balance_transaction: balanceTransaction(-amount, 0, 'refund', '', charge.currency).id,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: read.metadata() ?? {},
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      reason: read.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
      status: 'succeeded',
      customer: charge.customer,
    });
    const before = charge.amount_refunded;
    const after = before + amount;
    if (reverseTransfer && transfer) {
      const reversed = proRata(transfer.amount, before, after, charge.amount);
      const reversal = fromFixture<Stripe.TransferReversal>('transfer_reversal', {
        id: randomId('trr'),
        amount: reversed,
        created: now(),
        currency: charge.currency,
        source_refund: refund.id,
        transfer: transfer.id,
        metadata: {},
      });
      transfer.reversals.data.push(reversal);
      const previous = { amount_reversed: transfer.amount_reversed, reversed: transfer.reversed };
      transfer.amount_reversed += reversed;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      const destination = transfer.destination as string;
      accountBalances.set(destination, (accountBalances.get(destination) ?? 0) - reversed);
      refund.transfer_reversal = reversal.id;
      emit('transfer.reversed', transfer, { previous });
    }
    if (refundFee && applicationFee) {
      const returned = proRata(applicationFee.amount, before, after, charge.amount);
      const feeRefund = fromFixture<Stripe.FeeRefund>('fee_refund', {
        id: randomId('fr'),
        amount: returned,
        created: now(),
        currency: charge.currency,
        fee: applicationFee.id,
        metadata: {},
      });
      applicationFee.refunds.data.push(feeRefund);
      applicationFee.amount_refunded += returned;
      applicationFee.refunded = applicationFee.amount_refunded === applicationFee.amount;
      emit('application_fee.refunded', applicationFee);
    }
    refunds.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded = after;
    charge.refunded = after === charge.amount;
    emit('refund.created', refund);
    emit('charge.refunded', charge, { previous });
    return refund;
  }

  // ---- disputes -------------------------------------------------------------------------------------------

  function openDispute(charge: Stripe.Charge, kind: 'fraudulent' | 'inquiry') {
    const inquiry = kind === 'inquiry';
    const sample = fromFixture<Stripe.Dispute>('dispute', {});
    const dispute = fromFixture<Stripe.Dispute>('dispute', {
      id: randomId('dp'),
      amount: charge.amount,
      balance_transactions: [],
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      evidence_details: { ...sample.evidence_details, due_by: now() + 7 * 86400 },
      is_charge_refundable: inquiry,
      metadata: {},
      payment_intent: charge.payment_intent,
      payment_method_details: {
        type: 'card',
        card: {
          brand: (charge.payment_method_details?.card?.brand ?? 'visa') as string,
          case_type: inquiry ? 'inquiry' : 'chargeback',
          network_reason_code: inquiry ? '10.4' : '10.4',
          network: 'visa',
        },
      } as Stripe.Dispute.PaymentMethodDetails,
      reason: inquiry ? 'general' : 'fraudulent',
      status: inquiry ? 'warning_needs_response' : 'needs_response',
    });
    disputes.set(dispute.id, dispute);
    charge.disputed = true;
    emit('charge.dispute.created', dispute);
    if (!inquiry) {
      const withdrawn = balanceTransaction(
        -dispute.amount,
        disputeFeeCents,
        'adjustment',
        dispute.id,
        dispute.currency,
      );
      withdrawn.fee_details = [
        {
          amount: disputeFeeCents,
          application: null,
          currency: dispute.currency,
          description: 'Dispute fee',
          type: 'stripe_fee',
        },
      ];
      dispute.balance_transactions.push(withdrawn);
      emit('charge.dispute.funds_withdrawn', dispute);
    }
  }

  function getDispute(id: string): Stripe.Dispute {
    const dispute = disputes.get(id);
    if (!dispute) throw noSuch('dispute', id, 'dispute', 404);
    return dispute;
  }

  const evidenceFields = Object.fromEntries(
    Object.keys(fromFixture<Stripe.Dispute>('dispute', {}).evidence).map((key) => [key, true as const]),
  );

  function closeDispute(dispute: Stripe.Dispute, won: boolean) {
    const inquiry = dispute.status.startsWith('warning');
    dispute.status = inquiry ? 'warning_closed' : won ? 'won' : 'lost';
    if (won && !inquiry) {
      dispute.balance_transactions.push(
        balanceTransaction(dispute.amount, 0, 'adjustment', dispute.id, dispute.currency),
      );
      emit('charge.dispute.funds_reinstated', dispute);
    }
    emit('charge.dispute.closed', dispute);
  }

  /** Stripe's test-mode rule: evidence text "winning_evidence" wins the dispute, "losing_evidence" loses it. */
  function updateDispute({ params, read, ids }: ApiRequest) {
    rejectUnknownParams(params, { evidence: evidenceFields, metadata: 'map', submit: true, expand: 'list' });
    const dispute = getDispute(ids[0]!);
    if (['won', 'lost', 'warning_closed'].includes(dispute.status)) {
      throw invalidRequest(`This dispute is already closed (${dispute.status}).`, { param: 'dispute' });
    }
    const evidence = params.evidence;
    if (evidence && typeof evidence === 'object' && !Array.isArray(evidence)) {
      for (const [key, value] of Object.entries(evidence)) {
        (dispute.evidence as unknown as Record<string, unknown>)[key] = value === '' ? null : value;
      }
      dispute.evidence_details.has_evidence = true;
    }
    const metadata = read.metadata();
    if (metadata) dispute.metadata = { ...dispute.metadata, ...metadata };
    const submit = read.boolean('submit') ?? true;
    emit('charge.dispute.updated', dispute);
    const text = dispute.evidence.uncategorized_text;
    if (submit) {
      dispute.evidence_details.submission_count += 1;
      if (!dispute.status.startsWith('warning')) dispute.status = 'under_review';
      if (text === 'winning_evidence' || text === 'losing_evidence') closeDispute(dispute, text === 'winning_evidence');
    }
    return dispute;
  }

  function acceptDispute({ params, ids }: ApiRequest) {
    rejectUnknownParams(params, { expand: 'list' });
    const dispute = getDispute(ids[0]!);
    if (['won', 'lost', 'warning_closed'].includes(dispute.status)) {
      throw invalidRequest(`This dispute is already closed (${dispute.status}).`, { param: 'dispute' });
    }
    closeDispute(dispute, false);
    return dispute;
  }

  function listDisputes({ params, read }: ApiRequest) {
    rejectUnknownParams(params, { payment_intent: true, charge: true, limit: true, expand: 'list' });
    const intentId = read.string('payment_intent');
    const chargeId = read.string('charge');
    const limit = read.integer('limit', { min: 1 }) ?? 10;
    const found = [...disputes.values()]
      .filter(
        (dispute) => (!intentId || dispute.payment_intent === intentId) && (!chargeId || dispute.charge === chargeId),
      )
      .reverse();
    return { ...list(found.slice(0, limit), '/v1/disputes'), has_more: found.length > limit };
  }

  // ---- connected accounts ---------------------------------------------------------------------------------

  function getAccount(id: string, param = 'account', status: 400 | 404 = 404): Stripe.Account {
    const account = accounts.get(id);
    if (!account) {
      // Stripe's answer for an account the platform does not control.
      throw invalidRequest(
        `The provided key does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
        { param, code: 'account_invalid', status: status === 404 ? 403 : 400 },
      );
    }
    return account;
  }

  function payoutSchedule(read: ParamReader, current?: Stripe.Account.Settings.Payouts.Schedule) {
    const interval = read.oneOf('settings.payouts.schedule.interval', [
      'manual',
      'daily',
      'weekly',
      'monthly',
    ] as const);
    const weeklyAnchor = read.oneOf('settings.payouts.schedule.weekly_anchor', [
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ] as const);
    const delayDays = read.string('settings.payouts.schedule.delay_days');
    const schedule: Stripe.Account.Settings.Payouts.Schedule = {
      ...(current ?? { delay_days: 2, interval: 'daily' }),
      ...(interval ? { interval } : {}),
    };
    if (schedule.interval === 'weekly') {
      const anchor = weeklyAnchor ?? schedule.weekly_anchor;
      if (!anchor) {
        throw invalidRequest('Missing required param: settings[payouts][schedule][weekly_anchor].', {
          param: 'settings[payouts][schedule][weekly_anchor]',
          code: 'parameter_missing',
        });
      }
      schedule.weekly_anchor = anchor;
    } else {
      delete schedule.weekly_anchor;
    }
    if (delayDays !== undefined) {
      schedule.delay_days =
        delayDays === 'minimum' ? 2 : read.integer('settings.payouts.schedule.delay_days', { min: 2 })!;
    }
    return schedule;
  }

  const accountShape: ParamShape = {
    type: true,
    controller: {
      fees: { payer: true },
      losses: { payments: true },
      requirement_collection: true,
      stripe_dashboard: { type: true },
    },
    country: true,
    email: true,
    business_type: true,
    default_currency: true,
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    business_profile: { url: true, mcc: true, name: true, product_description: true },
    settings: { payouts: { schedule: { interval: true, weekly_anchor: true, delay_days: true } } },
    tos_acceptance: { service_agreement: true },
    metadata: 'map',
    expand: 'list',
  };

  function createAccount({ params, read }: ApiRequest) {
    rejectUnknownParams(params, accountShape);
    const type = read.oneOf('type', ['standard', 'express', 'custom'] as const);
    if (type && read.has('controller')) {
      throw invalidRequest('You cannot specify both `type` and `controller`.', { param: 'type' });
    }
    const feesPayer = read.oneOf('controller.fees.payer', ['account', 'application'] as const);
    const losses = read.oneOf('controller.losses.payments', ['stripe', 'application'] as const);
    const dashboard = read.oneOf('controller.stripe_dashboard.type', ['full', 'express', 'none'] as const);
    const collection = read.oneOf('controller.requirement_collection', ['stripe', 'application'] as const);
    const controller = {
      fees: { payer: feesPayer ?? (type && type !== 'standard' ? 'application' : 'account') },
      losses: { payments: losses ?? (type && type !== 'standard' ? 'application' : 'stripe') },
      stripe_dashboard: { type: dashboard ?? (type === 'express' ? 'express' : type === 'custom' ? 'none' : 'full') },
      requirement_collection: collection ?? (type === 'custom' ? 'application' : 'stripe'),
    };
    // Stripe's combinations: the platform collects fees only if it also bears losses; the Express dashboard and
    // requirement collection by the platform need the platform to pay fees and bear losses.
    if (controller.fees.payer === 'application' && controller.losses.payments !== 'application') {
      throw invalidRequest(
        '`controller[losses][payments]` must be `application` when `controller[fees][payer]` is `application`.',
        {
          param: 'controller[losses][payments]',
        },
      );
    }
    if (
      controller.stripe_dashboard.type === 'express' &&
      (controller.fees.payer !== 'application' || controller.losses.payments !== 'application')
    ) {
      throw invalidRequest(
        'Accounts with `controller[stripe_dashboard][type]=express` need `controller[fees][payer]=application` and `controller[losses][payments]=application`.',
        { param: 'controller[stripe_dashboard][type]' },
      );
    }
    if (controller.requirement_collection === 'application' && controller.stripe_dashboard.type !== 'none') {
      throw invalidRequest(
        '`controller[requirement_collection]=application` requires `controller[stripe_dashboard][type]=none`.',
        {
          param: 'controller[requirement_collection]',
        },
      );
    }
    const country = (read.string('country') ?? 'US').toUpperCase();
    if (!accountCountries.has(country)) {
      throw invalidRequest(
        `Country '${country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'.`,
        { param: 'country' },
      );
    }
    const agreement = read.oneOf('tos_acceptance.service_agreement', ['full', 'recipient'] as const) ?? 'full';
    const cardPayments = read.boolean('capabilities.card_payments.requested') ?? false;
    const transfersRequested = read.boolean('capabilities.transfers.requested') ?? false;
    if (agreement === 'recipient' && cardPayments) {
      throw invalidRequest(
        'Accounts under the `recipient` service agreement cannot request the `card_payments` capability.',
        {
          param: 'capabilities[card_payments]',
        },
      );
    }
    const sample = fromFixture<Stripe.Account>('account', {});
    const id = randomId('acct', 16);
    const accountType =
      controller.stripe_dashboard.type === 'full'
        ? 'standard'
        : controller.stripe_dashboard.type === 'express'
          ? 'express'
          : 'custom';
    const account = fromFixture<Stripe.Account>('account', {
      id,
      type: accountType,
      controller: {
        fees: controller.fees,
        is_controller: true,
        losses: controller.losses,
        requirement_collection: controller.requirement_collection,
        stripe_dashboard: controller.stripe_dashboard,
        type: 'application',
      } as Stripe.Account.Controller,
      country,
      created: now(),
      default_currency: read.string('default_currency') ?? currencyOfCountry[country] ?? 'usd',
      email: read.string('email') ?? null,
      business_type: (read.oneOf('business_type', [
        'individual',
        'company',
        'non_profit',
        'government_entity',
      ] as const) ?? null) as Stripe.Account.BusinessType | null,
      business_profile: {
        ...sample.business_profile!,
        url: read.string('business_profile.url') ?? null,
        mcc: read.string('business_profile.mcc') ?? null,
        name: read.string('business_profile.name') ?? null,
        product_description: read.string('business_profile.product_description') ?? null,
      },
      capabilities: {
        ...(cardPayments ? { card_payments: 'inactive' as const } : {}),
        ...(transfersRequested ? { transfers: 'inactive' as const } : {}),
      },
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      external_accounts: list([], `/v1/accounts/${id}/external_accounts`) as Stripe.Account['external_accounts'],
      metadata: read.metadata() ?? {},
      requirements: {
        ...sample.requirements!,
        currently_due: [...newAccountRequirements],
        eventually_due: [...newAccountRequirements],
        past_due: [...newAccountRequirements],
        disabled_reason: 'requirements.past_due',
      },
      settings: {
        ...sample.settings!,
        payouts: { ...sample.settings!.payouts!, schedule: payoutSchedule(read) },
      },
      tos_acceptance: { date: null, ip: null, user_agent: null, service_agreement: agreement },
    });
    accounts.set(id, account);
    accountBalances.set(id, 0);
    return account;
  }

  function updateAccount({ params, read, ids }: ApiRequest) {
    rejectUnknownParams(params, {
      business_profile: { url: true, mcc: true, name: true, product_description: true },
      settings: { payouts: { schedule: { interval: true, weekly_anchor: true, delay_days: true } } },
      metadata: 'map',
      email: true,
      expand: 'list',
    });
    const account = getAccount(ids[0]!);
    const previous: Record<string, unknown> = {};
    if (read.has('settings')) {
      previous.settings = { payouts: { schedule: structuredClone(account.settings!.payouts!.schedule) } };
      account.settings!.payouts!.schedule = payoutSchedule(read, account.settings!.payouts!.schedule);
    }
    for (const field of ['url', 'mcc', 'name', 'product_description'] as const) {
      const value = read.string(`business_profile.${field}`);
      if (value !== undefined) account.business_profile![field] = value;
    }
    const email = read.string('email');
    if (email) account.email = email;
    const metadata = read.metadata();
    if (metadata) account.metadata = { ...account.metadata, ...metadata };
    emit('account.updated', account, { previous, account: account.id });
    return account;
  }

  function createAccountLink({ params, read }: ApiRequest) {
    rejectUnknownParams(params, {
      account: true,
      refresh_url: true,
      return_url: true,
      type: true,
      collect: true,
      collection_options: { fields: true, future_requirements: true },
    });
    const accountId = read.string('account', { required: true });
    getAccount(accountId, 'account', 400);
    const type = read.oneOf('type', ['account_onboarding', 'account_update'] as const, { required: true });
    const account = accounts.get(accountId)!;
    if (type === 'account_update' && account.controller?.requirement_collection !== 'application') {
      throw invalidRequest(
        'You cannot create `account_update` type Account Links for accounts where Stripe collects requirements.',
        {
          param: 'type',
        },
      );
    }
    const refreshUrl = read.string('refresh_url', { required: true });
    const returnUrl = read.string('return_url', { required: true });
    for (const [param, value] of [
      ['refresh_url', refreshUrl],
      ['return_url', returnUrl],
    ] as const) {
      if (!/^https?:\/\//.test(value)) throw invalidRequest(`Not a valid URL`, { param });
    }
    const token = randomBytes(12).toString('hex');
    const created = now();
    // Stripe's account links are single-use and expire after a few minutes.
    accountLinks.set(token, { account: accountId, refreshUrl, returnUrl, expiresAt: created + 300, used: false });
    return fromFixture<Stripe.AccountLink>('account_link', {
      created,
      expires_at: created + 300,
      url: `${baseUrl}/stand-in/connect/onboarding/${token}`,
    });
  }

  function completeOnboarding(accountId: string): Stripe.Account {
    const account = getAccount(accountId);
    const previous = {
      charges_enabled: account.charges_enabled,
      payouts_enabled: account.payouts_enabled,
      details_submitted: account.details_submitted,
      capabilities: { ...account.capabilities },
      requirements: structuredClone(account.requirements),
    };
    for (const capability of Object.keys(account.capabilities ?? {}) as (keyof Stripe.Account.Capabilities)[]) {
      account.capabilities![capability] = 'active';
    }
    account.details_submitted = true;
    account.charges_enabled = account.capabilities?.card_payments === 'active';
    account.payouts_enabled = true;
    account.business_type ??= 'individual';
    account.tos_acceptance = { ...account.tos_acceptance, date: now(), ip: '127.0.0.1', user_agent: 'stand-in' };
    account.requirements = {
      ...account.requirements!,
      currently_due: [],
      eventually_due: [],
      past_due: [],
      disabled_reason: null,
    };
    account.external_accounts!.data = [
      {
        id: randomId('ba'),
        object: 'bank_account',
        account: account.id,
        account_holder_name: null,
        account_holder_type: 'individual',
        account_type: null,
        available_payout_methods: ['standard'],
        bank_name: 'STRIPE TEST BANK',
        country: account.country!,
        currency: account.default_currency!,
        default_for_currency: true,
        fingerprint: randomBytes(8).toString('hex'),
        last4: '6789',
        metadata: {},
        routing_number: '110000000',
        status: 'new',
      } as Stripe.BankAccount,
    ];
    emit('account.updated', account, { previous, account: account.id });
    return account;
  }

  function requireInformation(accountId: string, fields: string[]): Stripe.Account {
    const account = getAccount(accountId);
    const previous = { payouts_enabled: account.payouts_enabled, requirements: structuredClone(account.requirements) };
    account.payouts_enabled = false;
    account.requirements = {
      ...account.requirements!,
      currently_due: [...fields],
      eventually_due: [...fields],
      past_due: [...fields],
      disabled_reason: 'requirements.past_due',
    };
    emit('account.updated', account, { previous, account: account.id });
    return account;
  }

  function payOut(accountId: string, options: { failureCode?: string } = {}): Stripe.Payout {
    const account = getAccount(accountId);
    const amount = accountBalances.get(accountId) ?? 0;
    if (amount <= 0) throw new Error(`Account ${accountId} has no balance to pay out`);
    if (!account.payouts_enabled) throw new Error(`Payouts are not enabled on ${accountId}`);
    const bank = account.external_accounts!.data[0]!;
    const payout = fromFixture<Stripe.Payout>('payout', {
      id: randomId('po'),
      amount,
      arrival_date: now() + 2 * 86400,
      automatic: true,
      balance_transaction: randomId('txn'),
      created: now(),
      currency: account.default_currency!,
      destination: bank.id,
      metadata: {},
      status: 'in_transit',
      trace_id: { status: 'pending', value: null },
    });
    payouts.set(payout.id, payout);
    accountBalances.set(accountId, 0);
    emit('payout.created', payout, { account: accountId });
    if (options.failureCode) {
      const messages: Record<string, string> = {
        account_closed: 'The bank account has been closed.',
        no_account:
          'The bank account details on file are probably incorrect. No bank account could be located with those details.',
        could_not_process: 'The bank could not process this payout.',
      };
      payout.status = 'failed';
      payout.failure_code = options.failureCode;
      payout.failure_message = messages[options.failureCode] ?? null;
      payout.failure_balance_transaction = randomId('txn');
      // The money comes back to the account's balance, as on Stripe.
      accountBalances.set(accountId, (accountBalances.get(accountId) ?? 0) + amount);
      emit('payout.failed', payout, { previous: { status: 'in_transit' }, account: accountId });
    } else {
      payout.status = 'paid';
      payout.trace_id = { status: 'supported', value: randomBytes(8).toString('hex') };
      emit('payout.paid', payout, { previous: { status: 'in_transit' }, account: accountId });
    }
    return payout;
  }

  // ---- 3-D Secure -----------------------------------------------------------------------------------------

  function completeAuthentication(intentId: string, outcome: 'approve' | 'fail'): Stripe.PaymentIntent {
    const intent = getPaymentIntent(intentId);
    if (intent.status !== 'requires_action') {
      throw new Error(`PaymentIntent ${intentId} is ${intent.status}, not waiting for authentication`);
    }
    const method = paymentMethods.get(intent.payment_method as string)!;
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
    emit('payment_intent.payment_failed', intent);
    return intent;
  }

  function settleProcessing(intentId: string, outcome: 'succeeded' | 'failed'): Stripe.PaymentIntent {
    const intent = getPaymentIntent(intentId);
    if (intent.status !== 'processing')
      throw new Error(`PaymentIntent ${intentId} is ${intent.status}, not processing`);
    const method = paymentMethods.get(intent.payment_method as string)!;
    const state = paymentMethodState.get(method.id)!;
    state.card = { ...state.card, staysProcessing: false };
    if (outcome === 'failed')
      state.card.decline = {
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

  // ---- routing --------------------------------------------------------------------------------------------

  const retrieveFrom =
    <T>(map: Map<string, T>, kind: string) =>
    ({ params, ids }: ApiRequest) => {
      rejectUnknownParams(params, { expand: 'list' });
      const found = map.get(ids[0]!);
      if (!found) throw noSuch(kind, ids[0]!, 'id', 404);
      return found;
    };

  const routes: { method: string; pattern: RegExp; handler: Handler; publishable?: boolean }[] = [
    { method: 'POST', pattern: /^\/v1\/customers$/, handler: createCustomer },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, handler: retrieveFrom(customers, 'customer') },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      handler: ({ params, read, ids }) => {
        rejectUnknownParams(params, { type: true, limit: true, expand: 'list' });
        getCustomer(ids[0]!, 'customer', 404);
        const found = [...paymentMethods.values()].filter((method) => method.customer === ids[0]).reverse();
        return list(found.slice(0, read.integer('limit', { min: 1 }) ?? 10), `/v1/customers/${ids[0]}/payment_methods`);
      },
    },
    { method: 'POST', pattern: /^\/v1\/payment_methods$/, handler: createPaymentMethod, publishable: true },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      handler: retrieveFrom(paymentMethods, 'PaymentMethod'),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      handler: ({ params, read, ids }) => {
        rejectUnknownParams(params, { customer: true, expand: 'list' });
        const customer = getCustomer(read.string('customer', { required: true }), 'customer');
        return attach(resolvePaymentMethod(ids[0]!, 'payment_method'), customer.id);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      handler: ({ params, ids }) => {
        rejectUnknownParams(params, { expand: 'list' });
        const method = paymentMethods.get(ids[0]!);
        if (!method) throw noSuch('PaymentMethod', ids[0]!, 'payment_method', 404);
        if (!method.customer)
          throw invalidRequest('The payment method is not attached to a customer.', { param: 'payment_method' });
        method.customer = null;
        // A detached payment method cannot be used again, as on Stripe.
        paymentMethodState.get(method.id)!.consumed = true;
        emit('payment_method.detached', method, { previous: { customer: ids[0] } });
        return method;
      },
    },
    { method: 'POST', pattern: /^\/v1\/payment_intents$/, handler: createPaymentIntent },
    { method: 'GET', pattern: /^\/v1\/payment_intents\/([^/]+)$/, handler: retrievePaymentIntent, publishable: true },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      handler: confirmPaymentIntent,
      publishable: true,
    },
    { method: 'POST', pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/, handler: cancelPaymentIntent },
    { method: 'GET', pattern: /^\/v1\/charges\/([^/]+)$/, handler: retrieveFrom(charges, 'charge') },
    { method: 'POST', pattern: /^\/v1\/refunds$/, handler: createRefund },
    { method: 'GET', pattern: /^\/v1\/refunds\/([^/]+)$/, handler: retrieveFrom(refunds, 'refund') },
    { method: 'GET', pattern: /^\/v1\/transfers\/([^/]+)$/, handler: retrieveFrom(transfers, 'transfer') },
    {
      method: 'GET',
      pattern: /^\/v1\/application_fees\/([^/]+)$/,
      handler: retrieveFrom(applicationFees, 'application fee'),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/balance_transactions\/([^/]+)$/,
      handler: retrieveFrom(balanceTransactions, 'balance transaction'),
    },
    { method: 'GET', pattern: /^\/v1\/disputes$/, handler: listDisputes },
    { method: 'GET', pattern: /^\/v1\/disputes\/([^/]+)$/, handler: retrieveFrom(disputes, 'dispute') },
    { method: 'POST', pattern: /^\/v1\/disputes\/([^/]+)$/, handler: updateDispute },
    { method: 'POST', pattern: /^\/v1\/disputes\/([^/]+)\/close$/, handler: acceptDispute },
    { method: 'GET', pattern: /^\/v1\/events\/([^/]+)$/, handler: retrieveFrom(eventsById, 'event') },
    { method: 'POST', pattern: /^\/v1\/accounts$/, handler: createAccount },
    {
      method: 'GET',
      pattern: /^\/v1\/accounts\/([^/]+)$/,
      handler: ({ params, ids }) => {
        rejectUnknownParams(params, { expand: 'list' });
        return getAccount(ids[0]!);
      },
    },
    { method: 'POST', pattern: /^\/v1\/accounts\/([^/]+)$/, handler: updateAccount },
    { method: 'POST', pattern: /^\/v1\/account_links$/, handler: createAccountLink },
  ];

  function findById(id: string): unknown {
    for (const map of everything) {
      const found = map.get(id);
      if (found) return found;
    }
    return undefined;
  }

  /** Stripe's `expand[]`: ids replaced by their objects, dotted paths for nested ones. */
  function expand(value: unknown, paths: string[]): unknown {
    if (paths.length === 0) return value;
    const copy = structuredClone(value) as Record<string, unknown>;
    for (const path of paths) {
      let node: Record<string, unknown> | undefined = copy;
      const parts = path.split('.');
      parts.forEach((part, index) => {
        if (!node) return;
        const current: unknown = node[part];
        if (typeof current === 'string' && findById(current) !== undefined) {
          node[part] = structuredClone(findById(current));
        } else if (current === null && index === parts.length - 1) {
          return;
        } else if (typeof current !== 'object' || current === null) {
          throw invalidRequest(`This property cannot be expanded (${parts.slice(0, index + 1).join('.')}).`, {
            param: 'expand',
          });
        }
        node = node[part] as Record<string, unknown> | undefined;
      });
    }
    return copy;
  }

  function authenticate(header: string | undefined): 'secret' | 'publishable' {
    const key = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
    if (!key) {
      throw invalidRequest(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        { status: 401 },
      );
    }
    if (key === secretKey) return 'secret';
    if (key === publishableKey) return 'publishable';
    throw invalidRequest(
      `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      {
        status: 401,
      },
    );
  }

  function handleApi(method: string, url: URL, headers: http.IncomingHttpHeaders, body: string) {
    const key = authenticate(headers.authorization);
    if (headers['stripe-account']) {
      throw invalidRequest('The stand-in does not take requests made as a connected account (Stripe-Account header).', {
        param: 'Stripe-Account',
      });
    }
    const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
    if (!route) {
      throw invalidRequest(
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        { status: 404 },
      );
    }
    if (key === 'publishable' && !route.publishable) {
      throw invalidRequest(
        'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
        { status: 401 },
      );
    }
    const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : body);
    const ids = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
    const read = new ParamReader(params);
    const result = route.handler({ params, read, ids, publishable: key === 'publishable' });
    return expand(result, read.list('expand'));
  }

  /** The same parameters in any order give the same fingerprint (Stripe compares parameters, not bytes). */
  function fingerprint(method: string, path: string, body: string): string {
    const pairs = [...new URLSearchParams(body)].map(([k, v]) => `${k}=${v}`).sort();
    return `${method} ${path}?${pairs.join('&')}`;
  }

  function respond(response: http.ServerResponse, status: number, body: string, headers: Record<string, string>) {
    response.writeHead(status, {
      'content-type': 'application/json',
      'stripe-version': Stripe.API_VERSION,
      ...headers,
    });
    response.end(body);
  }

  function handlePage(url: URL, response: http.ServerResponse) {
    const onboarding = /^\/stand-in\/connect\/onboarding\/([a-f0-9]+)$/.exec(url.pathname);
    if (onboarding) {
      const link = accountLinks.get(onboarding[1]!);
      if (!link) return respond(response, 404, '{}', {});
      if (link.used || link.expiresAt < now()) return respond(response, 302, '', { location: link.refreshUrl });
      link.used = true;
      // `?outcome=leave`: the owner closes the flow early; Stripe still sends them to return_url, unfinished.
      if (url.searchParams.get('outcome') !== 'leave') completeOnboarding(link.account);
      return respond(response, 302, '', { location: link.returnUrl });
    }
    const authenticateMatch = /^\/stand-in\/authenticate\/([^/]+)$/.exec(url.pathname);
    if (authenticateMatch) {
      const intent = paymentIntents.get(authenticateMatch[1]!);
      if (!intent || url.searchParams.get('client_secret') !== intent.client_secret)
        return respond(response, 404, '{}', {});
      const returnUrl = intent.next_action?.redirect_to_url?.return_url;
      const outcome = url.searchParams.get('outcome');
      if (outcome === 'approve' || outcome === 'fail') {
        if (intent.status === 'requires_action') completeAuthentication(intent.id, outcome);
        if (returnUrl) {
          const target = new URL(returnUrl);
          target.searchParams.set('payment_intent', intent.id);
          target.searchParams.set('payment_intent_client_secret', intent.client_secret!);
          target.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
          return respond(response, 302, '', { location: target.toString() });
        }
        return respond(response, 200, JSON.stringify({ status: intent.status }), {});
      }
      const link = (value: string) =>
        `${url.pathname}?client_secret=${encodeURIComponent(intent.client_secret!)}&outcome=${value}`;
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure test page</title></head><body><h1>Stripe stand-in: 3D Secure test payment</h1><p>${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}</p><p><a href="${link('approve')}">Complete authentication</a></p><p><a href="${link('fail')}">Fail authentication</a></p></body></html>`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(page);
    }
    respond(response, 404, '{}', {});
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', baseUrl);
      const method = request.method ?? 'GET';
      if (!url.pathname.startsWith('/v1/')) return handlePage(url, response);
      const requestId = randomId('req', 14);
      const idempotencyKey = method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) : undefined;
      const headers: Record<string, string> = { 'request-id': requestId };
      if (idempotencyKey) {
        headers['idempotency-key'] = idempotencyKey;
        const scope = `${request.headers.authorization ?? ''} ${idempotencyKey}`;
        const saved = idempotent.get(scope);
        if (saved) {
          if (saved.fingerprint !== fingerprint(method, url.pathname, body)) {
            const error = {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            };
            return respond(response, 400, JSON.stringify({ error }, null, 2), headers);
          }
          return respond(response, saved.status, saved.body, { ...headers, 'idempotent-replayed': 'true' });
        }
      }
      currentRequest = { id: requestId, idempotency_key: idempotencyKey ?? null };
      let status = 200;
      let payload: string;
      try {
        payload = JSON.stringify(handleApi(method, url, request.headers, body), null, 2);
      } catch (error) {
        if (error instanceof StandInError) {
          status = error.status;
          payload = JSON.stringify({ error: { ...error.body, request_log_url: null } }, null, 2);
        } else {
          status = 500;
          headers['stripe-should-retry'] = 'false';
          const message = error instanceof Error ? error.message : String(error);
          payload = JSON.stringify({ error: { type: 'api_error', message: `Stand-in failure: ${message}` } }, null, 2);
        }
      } finally {
        currentRequest = { id: null, idempotency_key: null };
      }
      // Stripe keeps the result of every request that ran (successes and card declines), not of rejected input.
      if (idempotencyKey && (status === 200 || status === 402)) {
        const scope = `${request.headers.authorization ?? ''} ${idempotencyKey}`;
        idempotent.set(scope, { fingerprint: fingerprint(method, url.pathname, body), status, body: payload });
      }
      respond(response, status, payload, headers);
    });
  });

  server.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    secretKey,
    publishableKey,
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http' },
    events: log.events,
    deliveries: log.deliveries,
    waitForEvent: (match, timeoutMs) => log.waitFor(match, timeoutMs),
    deliveriesSettled: () => log.settled(),
    addWebhookEndpoint: (endpoint) => log.addEndpoint(endpoint),
    redeliver: (eventId) => log.redeliver(eventId),
    completeAuthentication,
    settleProcessing,
    completeOnboarding,
    requireInformation,
    payOut,
    close: async () => {
      await log.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
