import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { EventLog } from './event-delivery';
import { fromFixture } from './fixtures';
import type { FormObject, ParamReader } from './form-params';
import type { TestCard } from './test-cards';

/** One API call as the resources see it. */
export interface ApiRequest {
  params: FormObject;
  read: ParamReader;
  ids: string[];
  /** Called with the publishable key (only where Stripe.js may call). */
  publishable: boolean;
  /** The connected account named by the `Stripe-Account` header (where a route takes it), or null: the platform. */
  account: string | null;
}

export interface PaymentMethodState {
  card: TestCard;
  /** Used by a payment without a customer: Stripe refuses it afterwards. */
  consumed: boolean;
  /** Authenticated while being set up for off-session payments (what `authenticationRequiredOnSetup` needs). */
  setUpForOffSession: boolean;
}

export interface AccountLinkState {
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  used: boolean;
}

export function randomId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

export const list = <T>(data: T[], url: string) => ({ object: 'list' as const, data, has_more: false, url });

/** Everything the stand-in knows, and the events it records. */
export class StandInState {
  readonly customers = new Map<string, Stripe.Customer>();
  readonly paymentMethods = new Map<string, Stripe.PaymentMethod>();
  readonly paymentMethodState = new Map<string, PaymentMethodState>();
  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly setupIntents = new Map<string, Stripe.SetupIntent>();
  readonly charges = new Map<string, Stripe.Charge>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly transfers = new Map<string, Stripe.Transfer>();
  readonly applicationFees = new Map<string, Stripe.ApplicationFee>();
  readonly balanceTransactions = new Map<string, Stripe.BalanceTransaction>();
  readonly disputes = new Map<string, Stripe.Dispute>();
  readonly accounts = new Map<string, Stripe.Account>();
  /** Whose balance each balance transaction moves: a connected account's id, or null for the platform. */
  readonly balanceOwners = new Map<string, string | null>();
  readonly accountLinks = new Map<string, AccountLinkState>();
  readonly payouts = new Map<string, Stripe.Payout>();
  readonly eventsById = new Map<string, Stripe.Event>();
  baseUrl = '';
  /** The API request being handled, named in the events it causes (Stripe's `event.request`). */
  currentRequest: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null };

  /** How far the stand-in's clock is ahead of the machine's (advanceClock): idempotency keys and links expire by it. */
  private clockOffsetSeconds = 0;

  constructor(private readonly log: EventLog) {}

  /** The stand-in's clock, in Unix seconds. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffsetSeconds;
  }

  advanceClock(seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 0)
      throw new RangeError('the clock only moves forward, by whole seconds');
    this.clockOffsetSeconds += seconds;
  }

  /** The balance transactions of the platform (null) or of a connected account, newest first as Stripe lists them. */
  balanceTransactionsOf(owner: string | null): Stripe.BalanceTransaction[] {
    const now = this.now();
    const all = [...this.balanceTransactions.values()].filter((txn) => this.balanceOwners.get(txn.id) === owner);
    for (const txn of all) txn.status = txn.available_on <= now ? 'available' : 'pending';
    return all.reverse();
  }

  /**
   * What a balance holds in one currency in total (available and pending), in its minor unit: the sum of its
   * transactions' nets in that currency. A balance is one per currency, as on Stripe.
   */
  balanceTotal(owner: string | null, currency: string): number {
    return this.balanceTransactionsOf(owner)
      .filter((txn) => txn.currency === currency)
      .reduce((sum, txn) => sum + txn.net, 0);
  }

  findById(id: string): unknown {
    const all: Map<string, unknown>[] = [
      this.customers,
      this.paymentMethods,
      this.paymentIntents,
      this.setupIntents,
      this.charges,
      this.refunds,
      this.transfers,
      this.applicationFees,
      this.balanceTransactions,
      this.disputes,
      this.accounts,
      this.payouts,
      this.eventsById,
    ];
    for (const map of all) {
      const found = map.get(id);
      if (found) return found;
    }
    return undefined;
  }

  emit(
    type: string,
    object: { id?: string },
    extra: { previous?: Record<string, unknown>; account?: string } = {},
  ): void {
    // Event is a union of one type per event name: built loosely, then typed once.
    const event = fromFixture<Record<string, unknown>>('event', {
      id: randomId('evt'),
      api_version: Stripe.API_VERSION,
      created: this.now(),
      type,
      data: {
        object: structuredClone(object),
        ...(extra.previous ? { previous_attributes: extra.previous } : {}),
      },
      livemode: false,
      pending_webhooks: 0,
      request: { ...this.currentRequest },
      ...(extra.account ? { account: extra.account } : {}),
    }) as unknown as Stripe.Event;
    this.eventsById.set(event.id, event);
    this.log.record(event);
  }

  /**
   * A movement of money on the platform's balance (`account` null) or a connected account's. `fee` is Stripe's
   * processing fee, or the platform's application fee on a connected account's payment (`feeType`).
   */
  balanceTransaction(
    amount: number,
    fee: number,
    type: string,
    source: string,
    currency: string,
    options: { account?: string | null; feeType?: 'stripe_fee' | 'application_fee' } = {},
  ) {
    const feeType = options.feeType ?? 'stripe_fee';
    const transaction = fromFixture<Stripe.BalanceTransaction>('balance_transaction', {
      id: randomId('txn'),
      amount,
      fee,
      fee_details: fee
        ? [
            {
              amount: fee,
              application: feeType === 'application_fee' ? 'ca_stand_in' : null,
              currency,
              description: feeType === 'application_fee' ? 'Application fee' : 'Stripe processing fees',
              type: feeType,
            },
          ]
        : [],
      net: amount - fee,
      created: this.now(),
      available_on: this.now() + 2 * 86400,
      currency,
      description: null,
      source,
      status: 'pending',
      type: type as Stripe.BalanceTransaction.Type,
      reporting_category: type,
    });
    this.balanceTransactions.set(transaction.id, transaction);
    this.balanceOwners.set(transaction.id, options.account ?? null);
    return transaction;
  }
}
