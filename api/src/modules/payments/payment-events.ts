import type { MoneyDeps } from './money-deps';
import {
  findAttemptByIntentId,
  insertPaymentEvent,
  paymentEventSeen,
  type PaymentAttemptRow,
} from './payment-attempts-repository';
import type { DisputeReport, PaymentIntent, PayoutAccountStatus } from './payment-provider';

export type { DisputeReport, PayoutAccountStatus };

/*
 * A provider's signed events, in our terms. Each adapter translates its own events (the sandbox's, Stripe's) into a
 * PaymentEvent; the dispatcher handles each once by its id (`payment_events`) and hands it to the module that owns
 * what it is about: an intent to the module whose attempt it belongs to (checkout, renewal), a dispute to disputes,
 * a refund made outside our app or a refund failed after it succeeded to refunds, an account or payout report to
 * payout accounts, a card setup that succeeded to subscriptions (card changes). The modules register
 * their handlers in one place (api/src/payment-event-handlers.ts), so payments imports none of them.
 */

/** A refund the provider reports (made in its dashboard, or ours echoed back): the charge's total refunded so far. */
export interface ProviderRefundReport {
  chargeId: string;
  amountRefundedCents: number;
}

/**
 * A refund the provider reported succeeded and now reports failed (the card's bank refused it: Stripe's refund.failed,
 * or charge.refund.updated with status failed): the money came back to the platform's balance.
 */
export interface ProviderRefundFailureReport {
  /** The provider's refund id. */
  refundId: string;
  chargeId: string;
  amountCents: number;
  /** The provider's reason (Stripe: lost_or_stolen_card, expired_or_canceled_card, declined, unknown...). */
  failureReason: string;
  /** The idempotency key we sent the refund with, when the provider kept it (Stripe: in the refund's metadata). */
  idempotencyKey: string | null;
}

/** A payout of a connected account to its bank, as the provider reports it. */
export interface ProviderPayoutReport {
  id: string;
  accountId: string;
  amountCents: number;
  currency: string;
  /**
   * in_transit: created, the money left the account's balance; paid: at the bank. Failed and canceled are final: the
   * money came back to the account's balance.
   */
  status: 'in_transit' | 'paid' | 'failed' | 'canceled';
  arrivalDate: Date | null;
  /** The provider's record of what the payout took off the balance (in the balance's currency, the creator's). */
  balanceTransactionId: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  createdAt: Date;
}

/** The card issuer's warning that a charge may be fraudulent (Stripe's radar.early_fraud_warning.created). */
export interface EarlyFraudWarningReport {
  id: string;
  chargeId: string;
  /** The issuer's label, e.g. made_with_stolen_card. */
  fraudType: string;
  /** The intent of the charge, when the provider names it: recorded first, should its own event be late. */
  intentId: string | null;
}

/** The event type of an early fraud warning, the same for both providers. */
export const EARLY_FRAUD_WARNING_EVENT = 'radar.early_fraud_warning.created';

/** The event type of a refund the bank sent back after it succeeded, the same for both providers. */
export const REFUND_FAILED_EVENT = 'refund.failed';

interface EventEnvelope {
  id: string;
  type: string;
}

/**
 * When the provider created the event (Stripe's `created`, whole seconds). Events arrive at least once and in any
 * order: the handlers of the events that carry the object's state (a dispute, an account, a payout) keep per object
 * the creation time of the last event applied and ignore an older one arriving late. Intents are read back from the
 * provider, and a refund report carries the charge's running total, so their order does not matter.
 */
interface Ordered {
  createdAt: Date;
}

export type PaymentEvent = EventEnvelope &
  (
    | { kind: 'intent'; intentId: string }
    | ({ kind: 'dispute'; dispute: DisputeReport } & Ordered)
    | { kind: 'refund'; refund: ProviderRefundReport }
    | { kind: 'refund_failure'; failure: ProviderRefundFailureReport }
    | ({ kind: 'account'; accountId: string; status: PayoutAccountStatus } & Ordered)
    | ({ kind: 'payout'; payout: ProviderPayoutReport } & Ordered)
    | { kind: 'fraud_warning'; warning: EarlyFraudWarningReport }
    /** A card setup the provider reports succeeded (Stripe's setup_intent.succeeded): read back from the provider. */
    | { kind: 'card_setup'; setupId: string }
    /** Acknowledged and recorded, nothing to do. */
    | { kind: 'other' }
  );

/**
 * What the handler of an ordered event did with it: applied it, ignored it as older than the event last applied to
 * the same object (`stale`), or found no object of ours it is about.
 */
export type OrderedEventOutcome = 'applied' | 'stale' | 'not_ours';

/** True when an event created at `eventAt` is older than the one last applied (`appliedAt`, null when none was). */
export function olderThanApplied(eventAt: Date, appliedAt: Date | null | undefined): boolean {
  return appliedAt != null && eventAt.getTime() < appliedAt.getTime();
}

/** Records an intent the provider reports, for the module whose attempt it is. */
export type IntentEventHandler = (
  deps: MoneyDeps,
  attempt: PaymentAttemptRow,
  intent: PaymentIntent,
  at: Date,
) => Promise<unknown>;

/** Who handles what: every kind has its handler, so no event type is forgotten. */
export interface PaymentEventHandlers {
  /** By the attempt's purpose. A checkout's intent is recorded like the page's completion; a renewal's only when it
   * awaited the supporter's authentication (the renewal job records the others). */
  intent: Record<PaymentAttemptRow['purpose'], IntentEventHandler>;
  /** `eventAt` is the event's creation time (see Ordered): each of these ignores an event older than the last applied. */
  dispute: (deps: MoneyDeps, report: DisputeReport, at: Date, eventAt: Date) => Promise<OrderedEventOutcome>;
  refund: (deps: MoneyDeps, report: ProviderRefundReport) => Promise<unknown>;
  /** Idempotent: a refund already marked failed is left as it is (both of Stripe's events about it arrive). */
  refundFailure: (deps: MoneyDeps, report: ProviderRefundFailureReport, at: Date) => Promise<unknown>;
  account: (
    deps: MoneyDeps,
    accountId: string,
    status: PayoutAccountStatus,
    at: Date,
    eventAt: Date,
  ) => Promise<OrderedEventOutcome>;
  payout: (deps: MoneyDeps, payout: ProviderPayoutReport, at: Date, eventAt: Date) => Promise<OrderedEventOutcome>;
  fraudWarning: (deps: MoneyDeps, warning: EarlyFraudWarningReport, at: Date) => Promise<unknown>;
  /**
   * Keeps the card of a card change the page did not finish (idempotent with the page's call); `stale` when a setup
   * started later saved its card already.
   */
  cardSetup: (deps: MoneyDeps, setupId: string, at: Date) => Promise<OrderedEventOutcome>;
}

/** `stale`: the event was older than the one last applied to its object, and was recorded without being applied. */
export type PaymentEventDispatcher = (
  deps: MoneyDeps,
  event: PaymentEvent,
) => Promise<{ duplicate: boolean; stale: boolean }>;

/**
 * The one way a provider event is handled: once by its id, the intent read back from the provider (the event's copy
 * is never trusted), a dispute, account or payout applied only when not older than the last event applied to it
 * (a stale one is recorded as handled all the same: the provider stops resending it), then recorded as handled. Every handler is idempotent on its own too (a redelivery racing the
 * first delivery writes the same rows).
 */
export function createPaymentEventDispatcher(handlers: PaymentEventHandlers): PaymentEventDispatcher {
  return async (deps, event) => {
    if (await paymentEventSeen(deps.db, deps.provider.name, event.id)) return { duplicate: true, stale: false };
    const at = deps.now?.() ?? new Date();
    let outcome: OrderedEventOutcome | null = null;
    switch (event.kind) {
      case 'intent': {
        const intent = await deps.provider.retrieveIntent(event.intentId);
        const attempt = intent ? await findAttemptByIntentId(deps.db, intent.id) : undefined;
        if (intent && attempt) await handlers.intent[attempt.purpose](deps, attempt, intent, at);
        break;
      }
      case 'dispute':
        outcome = await handlers.dispute(deps, event.dispute, at, event.createdAt);
        break;
      case 'refund':
        await handlers.refund(deps, event.refund);
        break;
      case 'refund_failure':
        await handlers.refundFailure(deps, event.failure, at);
        break;
      case 'account':
        outcome = await handlers.account(deps, event.accountId, event.status, at, event.createdAt);
        break;
      case 'payout':
        outcome = await handlers.payout(deps, event.payout, at, event.createdAt);
        break;
      case 'fraud_warning': {
        // The warning may arrive before the payment was recorded: the intent is recorded first (once, as always).
        const intent = event.warning.intentId ? await deps.provider.retrieveIntent(event.warning.intentId) : null;
        const attempt = intent ? await findAttemptByIntentId(deps.db, intent.id) : undefined;
        if (intent && attempt) await handlers.intent[attempt.purpose](deps, attempt, intent, at);
        await handlers.fraudWarning(deps, event.warning, at);
        break;
      }
      case 'card_setup':
        outcome = await handlers.cardSetup(deps, event.setupId, at);
        break;
      case 'other':
        break;
    }
    const inserted = await insertPaymentEvent(deps.db, {
      provider: deps.provider.name,
      id: event.id,
      type: event.type,
      intentId: event.kind === 'intent' ? event.intentId : null,
    });
    return { duplicate: !inserted, stale: outcome === 'stale' };
  };
}

/**
 * A provider event that carries only an intent (the sandbox's, and Stripe's payment_intent.*), or the sandbox's early
 * fraud warning, refund failure or dispute (charge.dispute.*, recorded through the same path as Stripe's).
 */
export function intentEvent(event: {
  id: string;
  type: string;
  intentId: string | null;
  chargeId?: string | null;
  paymentIntentId?: string | null;
  refundFailure?: ProviderRefundFailureReport;
  dispute?: DisputeReport;
  createdAt?: Date;
}): PaymentEvent {
  if (event.type === REFUND_FAILED_EVENT && event.refundFailure)
    return { id: event.id, type: event.type, kind: 'refund_failure', failure: event.refundFailure };
  if (event.dispute && event.createdAt)
    return { id: event.id, type: event.type, kind: 'dispute', createdAt: event.createdAt, dispute: event.dispute };
  if (event.type === EARLY_FRAUD_WARNING_EVENT && event.intentId && event.chargeId)
    return {
      id: event.id,
      type: event.type,
      kind: 'fraud_warning',
      warning: {
        id: event.intentId,
        chargeId: event.chargeId,
        fraudType: 'misc',
        intentId: event.paymentIntentId ?? null,
      },
    };
  return event.intentId
    ? { id: event.id, type: event.type, kind: 'intent', intentId: event.intentId }
    : { id: event.id, type: event.type, kind: 'other' };
}
