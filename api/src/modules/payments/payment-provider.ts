/*
 * What the money engine needs from a payment provider, shaped like Stripe's PaymentIntents: the API
 * creates an intent, the browser confirms it in the provider's own card field (the card never reaches
 * us), and the outcome comes back from the provider (retrieveIntent) or its signed event. Renewals
 * charge a kept payment method off-session. The embedded default is the sandbox provider (./sandbox);
 * a real one lives in its own folder behind this same interface.
 */

import type { Currency } from '@beabro/shared/money/currencies';

export type IntentStatus = 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export type PaymentFailureCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'authentication_required'
  | 'authentication_failed'
  | 'test_mode_only'
  | 'payment_method_missing'
  | 'interrupted'
  | 'abandoned';

export interface PaymentIntent {
  id: string;
  /** Given to the browser only: the provider's field confirms with it. */
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: Currency;
  /** Who pays (the supporter's email). */
  customer: string;
  /** The card is kept as a reusable payment method (monthly support). */
  keepCard: boolean;
  /** The platform's share, taken by the provider as its application fee. */
  applicationFeeCents: number;
  /** The creator's payout account at the provider. */
  destination: string;
  metadata: Record<string, string>;
  /** The charge that took the money (refunds name it); set once succeeded. */
  chargeId: string | null;
  /**
   * The provider's own processing fee on that charge, as it charged it (Stripe: the charge's balance transaction
   * `fee`, charged to the platform with destination charges); null while unknown or when the provider charges none.
   */
  providerFeeCents: number | null;
  /**
   * The card of the last confirmation (brand and last four only); its token when kept. A payment method without card
   * details (none should succeed: intents allow cards only) is named by its type with last4 '0000'.
   */
  paymentMethod: {
    id: string | null;
    brand: string;
    last4: string;
    /** The provider's fingerprint of the card number (Stripe: `card.fingerprint`), for the fraud controls. */
    fingerprint?: string | null;
  } | null;
  /** Why the last confirmation failed, in the provider's words; null when it did not. */
  lastError: { code: PaymentFailureCode; message: string } | null;
}

export interface CreateIntentRequest {
  amountCents: number;
  currency: Currency;
  customer: string;
  keepCard: boolean;
  applicationFeeCents: number;
  destination: string;
  description: string;
  metadata: Record<string, string>;
  /** The same key always returns the first intent: a retry never creates a second one. */
  idempotencyKey: string;
  /**
   * When this exact request (same key) was first sent, for a re-send: a provider whose keys expire (Stripe's after 24
   * hours) then looks the first result up by the key kept in its metadata instead of trusting the key. Absent on a
   * first send.
   */
  firstSentAt?: Date;
}

export interface OffSessionChargeRequest extends Omit<CreateIntentRequest, 'keepCard'> {
  /** A payment method kept by an earlier, confirmed payment. */
  paymentMethodId: string;
}

export interface TransferRequest {
  amountCents: number;
  /** The creator's currency: a payout is in the currency their balance is in. */
  currency: Currency;
  /** Who receives it, e.g. "creator:<id>". */
  destination: string;
  idempotencyKey: string;
  description: string;
}

export interface TransferResult {
  transferId: string;
}

export interface RefundRequest {
  /** The provider's id of the charge being refunded (PaymentIntent.chargeId). */
  chargeId: string;
  amountCents: number;
  /**
   * The part of the charge's application fee given back with it: the ledger's platform fee returned for this refund
   * (the rest of the refund comes off the creator's connected account). Providers without application fees ignore it.
   */
  applicationFeeRefundCents: number;
  /** The same key always returns the first refund's result: a retry never refunds twice. */
  idempotencyKey: string;
  description: string;
  /** When this refund was first sent, for a re-send (as CreateIntentRequest.firstSentAt). */
  firstSentAt?: Date;
}

export type RefundResult =
  | { status: 'succeeded'; refundId: string }
  /** Refused by the provider: nothing was refunded. */
  | { status: 'failed'; code: 'charge_not_found' | 'amount_too_large' | 'charge_disputed'; message: string };

/**
 * Money the platform gives back to the creator's own account at the provider: what a refund took off it, once the
 * refund failed (the provider returned the refund to the platform's balance, not to the creator's account).
 */
export interface CreatorTransferRequest {
  /** The charge whose creator receives it: the account the charge paid (its destination). */
  chargeId: string;
  amountCents: number;
  /** The same key always gives the first transfer: a retry never pays twice. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  /** When this transfer was first asked for, for a retry (as CreateIntentRequest.firstSentAt). */
  firstSentAt?: Date;
}

export interface CreatorTransferResult {
  /** The source of the balance transaction on the platform's balance (Stripe: the transfer, `tr_`). */
  transferId: string;
  /** The source of the one on the creator's account (Stripe: the payment the transfer made there, `py_`). */
  paymentId: string | null;
}

/**
 * Takes (part of) the creator's share of a charge back from their account at the provider to the platform's balance:
 * a lost fraud dispute (Stripe: a reversal of the charge's transfer, which may leave the account's balance negative).
 */
export interface CreatorShareReversalRequest {
  chargeId: string;
  /** What the ledger credited the creator for the charge's support, net of refunds: never more is taken back. */
  amountCents: number;
  /** The same key always gives the first reversal: a retry never takes the share twice. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface CreatorShareReversalResult {
  /** What was taken back: the amount asked for, or less when the charge's transfer had less left. */
  amountCents: number;
  /** The source of the balance transaction on the platform's balance (Stripe: the transfer reversal, `trr_`). */
  reversalId: string | null;
  /** The source of the one on the creator's account (Stripe: the refund of the transfer's payment, `pyr_`). */
  paymentRefundId: string | null;
}

/** A dispute as the provider reports it now (every event carries the whole dispute). */
export interface DisputeReport {
  id: string;
  chargeId: string;
  amountCents: number;
  reason: string;
  /** The provider's status: needs_response, under_review, won, lost, warning_needs_response, warning_closed... */
  status: string;
  /** Taken from the platform's balance so far (the disputed amount), its dispute fee, and what was given back. */
  withdrawnCents: number;
  feeCents: number;
  reinstatedCents: number;
  openedAt: Date;
  /** The provider's deadline for evidence, when it gives one. */
  dueBy?: Date | null;
}

/** A provider event whose signature checked out: only its id, type and intent are used (the intent is re-read). */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The id of the event's object: an intent, or for an early fraud warning the warning. */
  intentId: string | null;
  /** The charge an early fraud warning is about, and its intent. */
  chargeId?: string | null;
  paymentIntentId?: string | null;
  /** A refund.failed event's refund (the sandbox's): what payment-events.ts calls a ProviderRefundFailureReport. */
  refundFailure?: {
    refundId: string;
    chargeId: string;
    amountCents: number;
    failureReason: string;
    idempotencyKey: string | null;
  };
  /** A dispute event's dispute (the sandbox's charge.dispute.*), and when the event was created. */
  dispute?: DisputeReport;
  createdAt?: Date;
}

/**
 * A card being saved for later payments without a charge (Stripe's SetupIntent): the supporter types it in the
 * provider's card field in setup mode, the provider keeps it, and renewals charge it from then on.
 */
export interface CardSetup {
  id: string;
  /** Given to the browser only: the provider's field confirms the setup with it. */
  clientSecret: string;
  status: IntentStatus;
  metadata: Record<string, string>;
  /** The card saved, once succeeded: its reusable token (what renewals charge), brand and last four. */
  paymentMethod: { id: string; brand: string; last4: string } | null;
  /** Why the last confirmation failed, in the provider's words; null when it did not. */
  lastError: { code: PaymentFailureCode; message: string } | null;
}

export interface CreateCardSetupRequest {
  /** The kept payment method the new card replaces: the provider keeps the new one with the same customer. */
  replacesPaymentMethodId: string;
  /** Who the card belongs to (the supporter's email). */
  customer: string;
  metadata: Record<string, string>;
  /** The same key always returns the first setup. */
  idempotencyKey: string;
}

/** What the browser needs to show the provider's card field. */
export interface CardFieldConfig {
  /** The provider-hosted frame (its own page, script and CSP). */
  frameUrl: string;
  /** Stripe only: the publishable key the browser loads Stripe.js with. */
  publishableKey?: string;
}

/**
 * What a provider can do, for the modules that differ by it: they ask these, never the provider's name (a lint rule
 * holds that outside this folder). How to add a provider: payments/README.md.
 */
export interface ProviderCapabilities {
  /** The card field the browser shows: the sandbox's hosted frame, or Stripe's Payment Element (Stripe.js). */
  readonly cardField: 'sandbox-frame' | 'stripe-elements';
  /**
   * Creators are paid through accounts of their own at the provider (Stripe Connect), made through the provider's
   * hosted onboarding (`connectedAccounts` below); without it, supports are paid to the creator's ledger balance.
   */
  readonly connectedAccounts: boolean;
}

/** A creator's own account at the provider, as we keep it. */
export interface ConnectedAccount {
  id: string;
  country: string | null;
  status: PayoutAccountStatus;
}

/** A connected account as we keep it: what it may do, and what the provider still asks for. */
export interface PayoutAccountStatus {
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  transfersActive: boolean;
  requirementsDue: string[];
  disabledReason: string | null;
}

/** Creators' accounts at the provider, for a provider with the `connectedAccounts` capability. */
export interface ConnectedAccounts {
  create(request: { creatorId: string; email: string; country: string }): Promise<ConnectedAccount>;
  retrieve(accountId: string): Promise<ConnectedAccount>;
  /** A single-use link to the provider's hosted onboarding of the account (identity, bank). */
  onboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string>;
  /**
   * Holds the account's payouts at the provider (it pays nothing to the bank; the balance stays) or releases them to
   * the weekly schedule (Tuesdays). The payouts job sets it from the holds (docs/money.md#payouts).
   */
  holdPayouts(accountId: string, held: boolean): Promise<void>;
  /**
   * What a payout took off the account's balance, in the minor unit of the balance's currency (the creator's), from
   * its balance transaction: a payout to a bank in another currency reports the converted amount.
   */
  payoutDebitCents(accountId: string, balanceTransactionId: string): Promise<number>;
}

/**
 * One movement of money on a balance at the provider (Stripe's balance transaction): `netCents` = amount - fee is what
 * the balance changed by. `type` is the provider's (Stripe's: charge, payment, transfer, application_fee, refund,
 * payment_refund, transfer_refund, application_fee_refund, adjustment, payout, payout_failure).
 */
export interface BalanceTransaction {
  id: string;
  type: string;
  /** The balance it moved: a balance at the provider is one per currency. */
  currency: Currency;
  amountCents: number;
  feeCents: number;
  netCents: number;
  createdAt: Date;
  /** The object that caused it (a charge, refund, transfer, dispute, payout...), when the provider says. */
  sourceId: string | null;
}

export interface BalanceTransactionsRequest {
  /** A connected account's id, or null: the platform's own balance. */
  accountId: string | null;
  /** Created at or after `from` and before `to`. */
  from: Date;
  to: Date;
}

export interface PaymentProvider {
  /** Stored with every charge, e.g. "sandbox": which provider a row belongs to, never a reason to branch. */
  readonly name: string;
  readonly capabilities: ProviderCapabilities;
  /** Present exactly when `capabilities.connectedAccounts` is. */
  readonly connectedAccounts?: ConnectedAccounts;
  /** True when no real money moves (the UI says "test mode"). */
  readonly testMode: boolean;
  readonly cardField: CardFieldConfig;
  createIntent(request: CreateIntentRequest): Promise<PaymentIntent>;
  /** The intent as the provider has it now, or null when it does not exist. */
  retrieveIntent(intentId: string): Promise<PaymentIntent | null>;
  /** Cancels an intent not yet paid (a late confirmation then fails); a succeeded one is returned as is. */
  cancelIntent(intentId: string): Promise<PaymentIntent | null>;
  /** Creates and confirms an intent with a kept payment method, the supporter absent (renewals). */
  chargeOffSession(request: OffSessionChargeRequest): Promise<PaymentIntent>;
  /**
   * Creates and confirms an intent with a kept payment method while its supporter is on the page (a retry after they
   * replaced the card): a bank that asks for authentication leaves it requires_action, for the page to answer.
   */
  chargeOnSession(request: OffSessionChargeRequest): Promise<PaymentIntent>;
  /** Starts saving a new card for later payments, without a charge (the card is typed in the provider's field). */
  createCardSetup(request: CreateCardSetupRequest): Promise<CardSetup>;
  /** The setup as the provider has it now, or null when it does not exist. */
  retrieveCardSetup(setupId: string): Promise<CardSetup | null>;
  /**
   * Removes a kept card from the provider's customer (a card the supporter replaced): it can never be charged again.
   * A card already removed counts as done; any other failure throws.
   */
  detachCard(paymentMethodId: string): Promise<void>;
  /** Sends a creator's payout; idempotent by key like intents. */
  transfer(request: TransferRequest): Promise<TransferResult>;
  /** Gives (part of) a charge back to the card that paid it; never more than the charge in total. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** The event when the signature header is the provider's for this exact body (and recent), else null. */
  verifySignedEvent(rawBody: string, signatureHeader: string | undefined): ProviderEvent | null;
  /**
   * After refunds of a charge made outside our app (the provider's dashboard) were recorded: moves between the
   * platform and the creator's account at the provider what makes the account have lost, over all the charge's
   * refunds, exactly `creatorDebitCents` (what the ledger took off the creator), once the ledger holds every refund
   * the provider made of it (`refundedCents`; otherwise nothing moves yet). A provider whose creators have no account
   * of their own has nothing to move. Safe to repeat: it moves only what is still off.
   */
  settleRefundedCharge(request: { chargeId: string; refundedCents: number; creatorDebitCents: number }): Promise<void>;
  /**
   * Gives the creator's account at the provider back what a failed refund took off it. Null from a provider whose
   * creators have no account of their own (their money is in the ledger, on the provider's one balance): nothing to
   * move. Idempotent by key.
   */
  transferToCreator(request: CreatorTransferRequest): Promise<CreatorTransferResult | null>;
  /**
   * Takes the creator's share of a charge back from their account at the provider (a lost fraud dispute), no more than
   * the charge paid them and is left. Null from a provider whose creators have no account of their own (their money is
   * in the ledger, on the provider's one balance): the ledger entries are the whole effect. Idempotent by key.
   */
  reverseCreatorShare(request: CreatorShareReversalRequest): Promise<CreatorShareReversalResult | null>;
  /** Every balance transaction of the platform or a connected account created in [from, to), oldest first. */
  listBalanceTransactions(request: BalanceTransactionsRequest): Promise<BalanceTransaction[]>;
}

/** What a finished payment means to the money engine (the ledger, receipts, renewals). */
export type ChargeResult =
  | {
      status: 'succeeded';
      chargeId: string;
      cardBrand: string;
      cardLast4: string;
      /** Set when the card was kept. */
      paymentMethodId: string | null;
      /** The provider's actual processing fee on the charge (PaymentIntent.providerFeeCents); null when unknown. */
      providerFeeCents: number | null;
    }
  | {
      status: 'failed';
      chargeId: string | null;
      code: PaymentFailureCode;
      message: string;
      cardBrand: string;
      cardLast4: string;
    };

/**
 * A finished intent as a charge result; null while it can still change (it awaits the supporter's
 * card or authentication, or is processing). An intent back at requires_payment_method with an error
 * failed its last confirmation: final for an off-session charge, not for one the supporter is typing.
 */
export function chargeResultOf(intent: PaymentIntent): ChargeResult | null {
  const card = { cardBrand: intent.paymentMethod?.brand ?? 'Card', cardLast4: intent.paymentMethod?.last4 ?? '0000' };
  if (intent.status === 'succeeded') {
    if (!intent.chargeId) throw new Error(`intent ${intent.id} succeeded without a charge`);
    return {
      status: 'succeeded',
      chargeId: intent.chargeId,
      paymentMethodId: intent.keepCard ? (intent.paymentMethod?.id ?? null) : null,
      providerFeeCents: intent.providerFeeCents,
      ...card,
    };
  }
  if (intent.status === 'canceled')
    return {
      status: 'failed',
      chargeId: null,
      code: intent.lastError?.code ?? 'abandoned',
      message: intent.lastError?.message ?? 'The payment was canceled before it was completed. You were not charged.',
      ...card,
    };
  return null;
}

/** The provider was asked to reuse a key for a different amount: a bug in the caller, never a retry. */
export class IdempotencyKeyReusedError extends Error {
  constructor(key: string) {
    super(`Idempotency key ${key} was already used for a different payment`);
    this.name = 'IdempotencyKeyReusedError';
  }
}

/**
 * Whether an off-session renewal's intent waits for the supporter's bank: the sandbox leaves it `requires_action`;
 * Stripe declines it off session with `authentication_required` (status `requires_payment_method`), and the page
 * then charges the payment on session so the bank can ask (for a renewal: POST /api/subscriptions/confirm/retry).
 */
export function awaitsAuthentication(intent: PaymentIntent): boolean {
  return (
    intent.status === 'requires_action' ||
    (intent.status === 'requires_payment_method' && intent.lastError?.code === 'authentication_required')
  );
}
