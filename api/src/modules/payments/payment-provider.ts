/*
 * What the money engine needs from a payment provider. The embedded default is the sandbox provider
 * (./sandbox); a real one (Stripe, Adyen...) would live in its own folder behind this same interface.
 */

export interface CardDetails {
  /** Digits, spaces allowed. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

/** A card typed at checkout, or a payment method saved by an earlier charge (renewals). */
export type ChargeSource = { card: CardDetails } | { paymentMethodId: string };

export interface ChargeRequest {
  amountCents: number;
  source: ChargeSource;
  /** The same key always returns the first charge's result: a retry never charges twice. */
  idempotencyKey: string;
  description: string;
  /** Keep the card as a reusable payment method (monthly support). */
  savePaymentMethod?: boolean;
}

/** Where a failure belongs on the checkout form (null: not the card the supporter just typed). */
export type CardField = 'card.number' | 'card.expMonth' | 'card.cvc';

export type PaymentFailureCode =
  'card_declined' | 'insufficient_funds' | 'expired_card' | 'test_mode_only' | 'payment_method_missing' | 'interrupted';

export type ChargeResult =
  | {
      status: 'succeeded';
      chargeId: string;
      cardBrand: string;
      cardLast4: string;
      /** Set when savePaymentMethod was asked. */
      paymentMethodId: string | null;
    }
  | {
      status: 'failed';
      chargeId: string | null;
      code: PaymentFailureCode;
      message: string;
      field: CardField | null;
      cardBrand: string;
      cardLast4: string;
    };

export interface TransferRequest {
  amountCents: number;
  /** Who receives it, e.g. "creator:<id>". */
  destination: string;
  idempotencyKey: string;
  description: string;
}

export interface TransferResult {
  transferId: string;
}

export interface RefundRequest {
  /** The provider's id of the charge being refunded (ChargeResult.chargeId). */
  chargeId: string;
  amountCents: number;
  /** The same key always returns the first refund's result: a retry never refunds twice. */
  idempotencyKey: string;
  description: string;
}

export type RefundResult =
  | { status: 'succeeded'; refundId: string }
  /** Refused by the provider: nothing was refunded. */
  | { status: 'failed'; code: 'charge_not_found' | 'amount_too_large'; message: string };

export interface PaymentProvider {
  /** Stored with every charge, e.g. "sandbox". */
  readonly name: string;
  /** True when no real money moves (the UI says "test mode"). */
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The result of an earlier charge with this key, or null when the provider never saw it. */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  /** Sends a creator's payout; idempotent by key like charges. */
  transfer(request: TransferRequest): Promise<TransferResult>;
  /** Gives (part of) a charge back to the card that paid it; never more than the charge in total. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** The provider was asked to reuse a key for a different amount: a bug in the caller, never a retry. */
export class IdempotencyKeyReusedError extends Error {
  constructor(key: string) {
    super(`Idempotency key ${key} was already used for a different charge`);
    this.name = 'IdempotencyKeyReusedError';
  }
}
