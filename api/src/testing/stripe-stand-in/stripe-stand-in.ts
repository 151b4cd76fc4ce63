import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { accountsResource } from './accounts';
import { PLATFORM_CURRENCY } from './currencies';
import { customersResource } from './customers';
import { disputesResource } from './disputes';
import { EventLog, type WebhookDelivery, type WebhookEndpointConfig } from './event-delivery';
import { ParamReader, parseStripeForm, rejectUnknownParams, type FormObject } from './form-params';
import { paymentIntentsResource } from './payment-intents';
import { refundsResource, type RefundFailureReason } from './refunds';
import { transfersResource } from './transfers';
import { setupIntentsResource } from './setup-intents';
import { StandInError, invalidRequest, noSuch } from './stand-in-error';
import { StandInState, randomId, type ApiRequest } from './stand-in-state';

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
  /**
   * Keeps the events created from now on without sending them (they are in `events` and `waitForEvent` finds them):
   * Stripe sends events at least once and in no guaranteed order, and this is how a test makes one arrive late.
   */
  holdEvents(): void;
  /**
   * Sends the held events: those named (event ids) first in that order (an id named twice is sent twice), then the
   * others in the order they were created; holding stops. Resolves once every one has been answered.
   */
  releaseEvents(order?: readonly string[]): Promise<void>;
  /** The supporter's answer to a 3-D Secure challenge (in the browser on Stripe: Stripe.js or the redirect page). */
  completeAuthentication(paymentIntentId: string, outcome: 'approve' | 'fail'): Stripe.PaymentIntent;
  /** The same for a SetupIntent (a card being saved without a payment). */
  completeSetupAuthentication(setupIntentId: string, outcome: 'approve' | 'fail'): Stripe.SetupIntent;
  /** Ends a payment left processing by the stand-in-only `pm_card_standInProcessing`. */
  settleProcessing(paymentIntentId: string, outcome: 'succeeded' | 'failed'): Stripe.PaymentIntent;
  /** What the connected account's owner does on Stripe's onboarding pages (also reachable by the account link URL). */
  completeOnboarding(accountId: string): Stripe.Account;
  /** Stripe asks the account for more information: payouts stop until it is given. */
  requireInformation(accountId: string, fields: string[]): Stripe.Account;
  /**
   * Moves the stand-in's clock forward (whole seconds): idempotency keys expire 24 hours after their first use, account
   * links after 300 seconds, and balance transactions become available 2 days after they were made.
   */
  advanceClock(seconds: number): void;
  /**
   * Holds the next API request that matches until `release()`: `reached` resolves once it is held, so a test can send
   * a second request meanwhile (the same idempotency key then gets Stripe's 409 `idempotency_key_in_use`).
   */
  holdNextRequest(match: (method: string, path: string) => boolean): { reached: Promise<void>; release(): void };
  /**
   * Stripe's automatic payout of the account's balance in its default currency (or `currency`) to its bank in that
   * currency, never converted: payout.paid, payout.failed with the code, or payout.canceled (`cancel`: the money comes
   * back to the balance).
   */
  payOut(
    accountId: string,
    options?: {
      failureCode?: 'account_closed' | 'no_account' | 'could_not_process';
      cancel?: boolean;
      currency?: string;
    },
  ): Stripe.Payout;
  /** The bank returns a payout already reported paid: payout.failed with the code (default account_closed). */
  failPaidPayout(payoutId: string, failureCode?: 'account_closed' | 'no_account' | 'could_not_process'): Stripe.Payout;
  /** The bank refuses a refund reported succeeded: refund.updated and refund.failed (default expired_or_canceled_card). */
  failRefund(refundId: string, failureReason?: RefundFailureReason): Stripe.Refund;
  close(): Promise<void>;
}

type Handler = (request: ApiRequest) => unknown;

/** How long Stripe keeps an idempotency key's result: 24 hours, then the key can be used afresh. */
const idempotencyKeySeconds = 24 * 60 * 60;

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? randomId('sk_test', 32);
  const publishableKey = options.publishableKey ?? randomId('pk_test', 32);
  const log = new EventLog(options.webhookEndpoints ?? []);
  const state = new StandInState(log);
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string; at: number }>();
  /** Keys whose first request is still being handled. */
  const inFlight = new Set<string>();
  const holds: { match: (method: string, path: string) => boolean; reached: () => void; release: Promise<void> }[] = [];
  const customers = customersResource(state);
  const disputes = disputesResource(state);
  const paymentIntents = paymentIntentsResource(state, customers, disputes);
  const refunds = refundsResource(state, paymentIntents);
  const transfers = transfersResource(state);
  const accounts = accountsResource(state);
  const setupIntents = setupIntentsResource(state, customers);

  const retrieveFrom =
    <T>(map: Map<string, T>, kind: string) =>
    ({ params, ids }: ApiRequest) => {
      rejectUnknownParams(params, { expand: 'list' });
      const found = map.get(ids[0]!);
      if (!found) throw noSuch(kind, ids[0]!, 'id', 404);
      return found;
    };

  /**
   * GET /v1/balance: the platform's, or with `Stripe-Account` a connected account's, by availability and by currency
   * (one balance per currency, each listed in both `available` and `pending`; the account's default currency, or the
   * platform's, when nothing moved yet).
   */
  function retrieveBalance({ params, account }: ApiRequest): Stripe.Balance {
    rejectUnknownParams(params, { expand: 'list' });
    const now = state.now();
    const own = account ? state.accounts.get(account)!.default_currency! : PLATFORM_CURRENCY;
    const currencies = new Set([own]);
    const sums = { available: new Map<string, number>(), pending: new Map<string, number>() };
    for (const txn of state.balanceTransactionsOf(account)) {
      currencies.add(txn.currency);
      const bucket = txn.available_on <= now ? sums.available : sums.pending;
      bucket.set(txn.currency, (bucket.get(txn.currency) ?? 0) + txn.net);
    }
    const funds = (bucket: Map<string, number>) =>
      [...currencies].map((currency) => {
        const amount = bucket.get(currency) ?? 0;
        return { amount, currency, source_types: { card: amount } };
      });
    return {
      object: 'balance',
      available: funds(sums.available),
      pending: funds(sums.pending),
      livemode: false,
      ...(account ? {} : { connect_reserved: [{ amount: 0, currency: PLATFORM_CURRENCY }] }),
    } as Stripe.Balance;
  }

  /**
   * GET /v1/balance_transactions: newest first, `limit` (default 10, at most 100), `starting_after`, `type`, `source`,
   * `created` (`gt`, `gte`, `lt`, `lte` in Unix seconds, or one exact time).
   */
  function listBalanceTransactions({ params, read, account }: ApiRequest) {
    rejectUnknownParams(params, {
      limit: true,
      starting_after: true,
      type: true,
      source: true,
      created: { gt: true, gte: true, lt: true, lte: true },
      expand: 'list',
    });
    const limit = Math.min(read.integer('limit', { min: 1 }) ?? 10, 100);
    const type = read.string('type');
    const source = read.string('source');
    const inCreated = createdFilter(params.created);
    let all = state
      .balanceTransactionsOf(account)
      .filter((txn) => (!type || txn.type === type) && (!source || txn.source === source) && inCreated(txn.created));
    const after = read.string('starting_after');
    if (after) {
      const index = all.findIndex((txn) => txn.id === after);
      if (index < 0) throw noSuch('balance transaction', after, 'starting_after');
      all = all.slice(index + 1);
    }
    return { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url: '/v1/balance_transactions' };
  }

  /** Stripe's range filter on `created`: an exact time, or an object of `gt`, `gte`, `lt`, `lte`. */
  function createdFilter(value: FormObject[string] | undefined): (created: number) => boolean {
    if (value === undefined) return () => true;
    const seconds = (raw: unknown, param: string) => {
      if (typeof raw !== 'string' || !/^\d+$/.test(raw))
        throw invalidRequest(`Invalid integer: ${String(raw)}`, { param });
      return Number(raw);
    };
    if (typeof value === 'string') {
      const exact = seconds(value, 'created');
      return (created) => created === exact;
    }
    if (Array.isArray(value)) throw invalidRequest('Invalid created', { param: 'created' });
    const bound = (name: 'gt' | 'gte' | 'lt' | 'lte') =>
      value[name] === undefined ? undefined : seconds(value[name], `created[${name}]`);
    const [gt, gte, lt, lte] = [bound('gt'), bound('gte'), bound('lt'), bound('lte')];
    return (created) =>
      (gt === undefined || created > gt) &&
      (gte === undefined || created >= gte) &&
      (lt === undefined || created < lt) &&
      (lte === undefined || created <= lte);
  }

  /** GET /v1/balance_transactions/:id: one of the balance's own (the platform's, or with `Stripe-Account` the account's). */
  function retrieveBalanceTransaction({ params, ids, account }: ApiRequest) {
    rejectUnknownParams(params, { expand: 'list' });
    const found = state.balanceTransactions.get(ids[0]!);
    if (!found || state.balanceOwners.get(found.id) !== account)
      throw noSuch('balance transaction', ids[0]!, 'id', 404);
    return found;
  }

  /** The routes a connected account's own requests (`Stripe-Account`) may use here. */
  const connectedAccountRoutes = new Set<Handler>([
    retrieveBalance,
    listBalanceTransactions,
    retrieveBalanceTransaction,
  ]);

  const routes: { method: string; pattern: RegExp; handler: Handler; publishable?: boolean }[] = [
    { method: 'POST', pattern: /^\/v1\/customers$/, handler: customers.createCustomer },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, handler: retrieveFrom(state.customers, 'customer') },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/, handler: customers.listPaymentMethods },
    { method: 'POST', pattern: /^\/v1\/payment_methods$/, handler: customers.createPaymentMethod, publishable: true },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      handler: retrieveFrom(state.paymentMethods, 'PaymentMethod'),
    },
    { method: 'POST', pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/, handler: customers.attachPaymentMethod },
    { method: 'POST', pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/, handler: customers.detachPaymentMethod },
    { method: 'POST', pattern: /^\/v1\/payment_intents$/, handler: paymentIntents.createPaymentIntent },
    { method: 'GET', pattern: /^\/v1\/payment_intents\/search$/, handler: paymentIntents.searchPaymentIntents },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      handler: paymentIntents.retrievePaymentIntent,
      publishable: true,
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      handler: paymentIntents.confirmPaymentIntent,
      publishable: true,
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      handler: paymentIntents.cancelPaymentIntent,
    },
    { method: 'POST', pattern: /^\/v1\/payment_intents\/([^/]+)$/, handler: paymentIntents.updatePaymentIntent },
    { method: 'POST', pattern: /^\/v1\/setup_intents$/, handler: setupIntents.createSetupIntent },
    {
      method: 'GET',
      pattern: /^\/v1\/setup_intents\/([^/]+)$/,
      handler: setupIntents.retrieveSetupIntent,
      publishable: true,
    },
    {
      method: 'POST',
      pattern: /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
      handler: setupIntents.confirmSetupIntent,
      publishable: true,
    },
    { method: 'POST', pattern: /^\/v1\/setup_intents\/([^/]+)\/cancel$/, handler: setupIntents.cancelSetupIntent },
    { method: 'GET', pattern: /^\/v1\/charges\/([^/]+)$/, handler: retrieveFrom(state.charges, 'charge') },
    { method: 'POST', pattern: /^\/v1\/refunds$/, handler: refunds.createRefund },
    { method: 'GET', pattern: /^\/v1\/refunds$/, handler: refunds.listRefunds },
    { method: 'GET', pattern: /^\/v1\/refunds\/([^/]+)$/, handler: retrieveFrom(state.refunds, 'refund') },
    { method: 'POST', pattern: /^\/v1\/transfers$/, handler: transfers.createTransfer },
    { method: 'GET', pattern: /^\/v1\/transfers$/, handler: transfers.listTransfers },
    { method: 'GET', pattern: /^\/v1\/transfers\/([^/]+)$/, handler: retrieveFrom(state.transfers, 'transfer') },
    { method: 'POST', pattern: /^\/v1\/transfers\/([^/]+)\/reversals$/, handler: refunds.createTransferReversal },
    { method: 'GET', pattern: /^\/v1\/transfers\/([^/]+)\/reversals$/, handler: refunds.listTransferReversals },
    {
      method: 'GET',
      pattern: /^\/v1\/application_fees\/([^/]+)$/,
      handler: retrieveFrom(state.applicationFees, 'application fee'),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/application_fees\/([^/]+)\/refunds$/,
      handler: refunds.createApplicationFeeRefund,
    },
    {
      method: 'GET',
      pattern: /^\/v1\/application_fees\/([^/]+)\/refunds$/,
      handler: refunds.listApplicationFeeRefunds,
    },
    { method: 'GET', pattern: /^\/v1\/balance$/, handler: retrieveBalance },
    { method: 'GET', pattern: /^\/v1\/balance_transactions$/, handler: listBalanceTransactions },
    {
      method: 'GET',
      pattern: /^\/v1\/balance_transactions\/([^/]+)$/,
      handler: retrieveBalanceTransaction,
    },
    { method: 'GET', pattern: /^\/v1\/disputes$/, handler: disputes.listDisputes },
    { method: 'GET', pattern: /^\/v1\/disputes\/([^/]+)$/, handler: retrieveFrom(state.disputes, 'dispute') },
    { method: 'POST', pattern: /^\/v1\/disputes\/([^/]+)$/, handler: disputes.updateDispute },
    { method: 'POST', pattern: /^\/v1\/disputes\/([^/]+)\/close$/, handler: disputes.acceptDispute },
    { method: 'GET', pattern: /^\/v1\/events\/([^/]+)$/, handler: retrieveFrom(state.eventsById, 'event') },
    { method: 'POST', pattern: /^\/v1\/accounts$/, handler: accounts.createAccount },
    { method: 'GET', pattern: /^\/v1\/accounts$/, handler: accounts.listAccounts },
    { method: 'GET', pattern: /^\/v1\/accounts\/([^/]+)$/, handler: accounts.retrieveAccount },
    { method: 'POST', pattern: /^\/v1\/accounts\/([^/]+)$/, handler: accounts.updateAccount },
    { method: 'POST', pattern: /^\/v1\/account_links$/, handler: accounts.createAccountLink },
  ];

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
        if (typeof current === 'string' && state.findById(current) !== undefined) {
          node[part] = structuredClone(state.findById(current));
        } else if (current === null) {
          // Nothing to expand (a payment intent without a charge yet): Stripe leaves null as it is.
          node = undefined;
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
    const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
    if (!route) {
      throw invalidRequest(
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        { status: 404 },
      );
    }
    const accountHeader = headers['stripe-account'] as string | undefined;
    if (accountHeader && !connectedAccountRoutes.has(route.handler)) {
      throw invalidRequest(
        'The stand-in takes requests made as a connected account (Stripe-Account header) only for its balance and balance transactions.',
        { param: 'Stripe-Account' },
      );
    }
    if (accountHeader) accounts.getAccount(accountHeader, 'Stripe-Account');
    if (key === 'publishable' && !route.publishable) {
      throw invalidRequest(
        'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
        { status: 401 },
      );
    }
    const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : body);
    const ids = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
    const read = new ParamReader(params);
    const result = route.handler({
      params,
      read,
      ids,
      publishable: key === 'publishable',
      account: accountHeader ?? null,
    });
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
    // Stripe's schedule comes round for the account (what `payOut` does, for a separate process: the end-to-end
    // suite's stand-in): `?outcome=failed` or `canceled`, `?currency=` for a balance in another currency than the
    // account's; 409 with the reason when Stripe would pay nothing.
    const payout = /^\/stand-in\/accounts\/([^/]+)\/payout$/.exec(url.pathname);
    if (payout) {
      const outcome = url.searchParams.get('outcome');
      try {
        const currency = url.searchParams.get('currency');
        const made = accounts.payOut(payout[1]!, {
          ...(outcome === 'failed' ? { failureCode: 'account_closed' } : {}),
          ...(outcome === 'canceled' ? { cancel: true } : {}),
          ...(currency ? { currency: currency.toLowerCase() } : {}),
        });
        return respond(response, 200, JSON.stringify(made), {});
      } catch (error) {
        return respond(response, 409, JSON.stringify({ error: { message: (error as Error).message } }), {});
      }
    }
    const onboarding = /^\/stand-in\/connect\/onboarding\/([a-f0-9]+)$/.exec(url.pathname);
    if (onboarding) {
      const link = state.accountLinks.get(onboarding[1]!);
      if (!link) return respond(response, 404, '{}', {});
      if (link.used || link.expiresAt < state.now()) return respond(response, 302, '', { location: link.refreshUrl });
      link.used = true;
      // `?outcome=leave`: the owner closes the flow early; Stripe still sends them to return_url, unfinished.
      if (url.searchParams.get('outcome') !== 'leave') accounts.completeOnboarding(link.account);
      return respond(response, 302, '', { location: link.returnUrl });
    }
    const authenticateMatch = /^\/stand-in\/authenticate\/([^/]+)$/.exec(url.pathname);
    const setupIntent = authenticateMatch ? state.setupIntents.get(authenticateMatch[1]!) : undefined;
    if (setupIntent) {
      if (url.searchParams.get('client_secret') !== setupIntent.client_secret) return respond(response, 404, '{}', {});
      const outcome = url.searchParams.get('outcome');
      if (outcome === 'approve' || outcome === 'fail') {
        if (setupIntent.status === 'requires_action') setupIntents.completeSetupAuthentication(setupIntent.id, outcome);
        const returnUrl = setupIntent.next_action?.redirect_to_url?.return_url;
        if (returnUrl) {
          const target = new URL(returnUrl);
          target.searchParams.set('setup_intent', setupIntent.id);
          target.searchParams.set('setup_intent_client_secret', setupIntent.client_secret!);
          target.searchParams.set('redirect_status', setupIntent.status === 'succeeded' ? 'succeeded' : 'failed');
          return respond(response, 302, '', { location: target.toString() });
        }
        return respond(response, 200, JSON.stringify({ status: setupIntent.status }), {});
      }
      const link = (value: string) =>
        `${url.pathname}?client_secret=${encodeURIComponent(setupIntent.client_secret!)}&outcome=${value}`;
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure test page</title></head><body><h1>Stripe stand-in: 3D Secure test card setup</h1><p><a href="${link('approve')}">Complete authentication</a></p><p><a href="${link('fail')}">Fail authentication</a></p></body></html>`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(page);
    }
    if (authenticateMatch) {
      const intent = state.paymentIntents.get(authenticateMatch[1]!);
      if (!intent || url.searchParams.get('client_secret') !== intent.client_secret)
        return respond(response, 404, '{}', {});
      const returnUrl = intent.next_action?.redirect_to_url?.return_url;
      const outcome = url.searchParams.get('outcome');
      if (outcome === 'approve' || outcome === 'fail') {
        if (intent.status === 'requires_action') paymentIntents.completeAuthentication(intent.id, outcome);
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
    request.on('end', () => void answer());
    async function answer() {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', state.baseUrl);
      const method = request.method ?? 'GET';
      if (!url.pathname.startsWith('/v1/')) {
        try {
          return handlePage(url, response);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          return respond(response, 500, JSON.stringify({ error: { type: 'api_error', message } }), {});
        }
      }
      const requestId = randomId('req', 14);
      const idempotencyKey = method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) : undefined;
      const headers: Record<string, string> = { 'request-id': requestId };
      const scope = `${request.headers.authorization ?? ''} ${idempotencyKey}`;
      if (idempotencyKey) {
        headers['idempotency-key'] = idempotencyKey;
        if (inFlight.has(scope)) {
          const error = {
            type: 'invalid_request_error',
            code: 'idempotency_key_in_use',
            doc_url: 'https://docs.stripe.com/error-codes/idempotency-key-in-use',
            message:
              'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
              `${idempotencyKey}. Please try again later.`,
          };
          return respond(response, 409, JSON.stringify({ error }, null, 2), headers);
        }
        const saved = idempotent.get(scope);
        // Stripe forgets a key 24 hours after its first use: it then runs as a new request.
        if (saved && state.now() - saved.at >= idempotencyKeySeconds) idempotent.delete(scope);
        else if (saved) {
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
      if (idempotencyKey) inFlight.add(scope);
      const holdIndex = holds.findIndex((hold) => hold.match(method, url.pathname));
      if (holdIndex >= 0) {
        const [hold] = holds.splice(holdIndex, 1);
        hold!.reached();
        await hold!.release;
      }
      state.currentRequest = { id: requestId, idempotency_key: idempotencyKey ?? null };
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
        state.currentRequest = { id: null, idempotency_key: null };
        inFlight.delete(scope);
      }
      // Stripe keeps the result of every request that ran (successes and card declines), not of rejected input.
      if (idempotencyKey && (status === 200 || status === 402)) {
        idempotent.set(scope, {
          fingerprint: fingerprint(method, url.pathname, body),
          status,
          body: payload,
          at: state.now(),
        });
      }
      respond(response, status, payload, headers);
    }
  });

  server.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  state.baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: state.baseUrl,
    secretKey,
    publishableKey,
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http' },
    events: log.events,
    deliveries: log.deliveries,
    waitForEvent: (match, timeoutMs) => log.waitFor(match, timeoutMs),
    deliveriesSettled: () => log.settled(),
    addWebhookEndpoint: (endpoint) => log.addEndpoint(endpoint),
    redeliver: (eventId) => log.redeliver(eventId),
    holdEvents: () => log.hold(),
    releaseEvents: (order) => log.release(order),
    completeAuthentication: paymentIntents.completeAuthentication,
    completeSetupAuthentication: setupIntents.completeSetupAuthentication,
    settleProcessing: paymentIntents.settleProcessing,
    completeOnboarding: accounts.completeOnboarding,
    requireInformation: accounts.requireInformation,
    payOut: accounts.payOut,
    failPaidPayout: accounts.failPaidPayout,
    failRefund: refunds.failRefund,
    advanceClock: (seconds) => state.advanceClock(seconds),
    holdNextRequest: (match) => {
      let reached!: () => void;
      let release!: () => void;
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      const releasePromise = new Promise<void>((resolve) => (release = resolve));
      holds.push({ match, reached, release: releasePromise });
      return { reached: reachedPromise, release };
    },
    close: async () => {
      await log.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
