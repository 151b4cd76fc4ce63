import { currencyRules, formatMoney, type Currency } from '@beabro/shared/money/currencies';

/*
 * Fee maths (docs/product-rules.md#fees-and-rounding), in integer cents only: floating-point percentages
 * drift by a cent now and then, and a creator's payout must match what the support page promised to the cent.
 */

/** Platform fee: 5 % of the amount, rounded up to the cent. */
export const PLATFORM_FEE_NUMERATOR = 5;
export const PLATFORM_FEE_DENOMINATOR = 100;
/**
 * Processing fee: 2.9 % (29/1000) of the amount, plus a fixed part in the currency's minor unit (30 cents; 20 pence:
 * currencies.ts), rounded up to the minor unit.
 */
export const PROCESSING_FEE_NUMERATOR = 29;
export const PROCESSING_FEE_DENOMINATOR = 1000;

export interface FeeBreakdown {
  amountCents: number;
  platformFeeCents: number;
  processingFeeCents: number;
  /** What the creator receives: amount minus both fees, never below 0. */
  creatorNetCents: number;
}

/**
 * ceil(value * numerator / denominator) for a non-negative safe integer, exact for every safe integer.
 * Splitting value into quotient and remainder by the denominator keeps each product small, so nothing
 * overflows 2^53 and no float division is ever rounded.
 */
function ceilFraction(value: number, numerator: number, denominator: number): number {
  const remainder = value % denominator;
  const quotient = (value - remainder) / denominator;
  const scaledRemainder = remainder * numerator;
  const partRemainder = scaledRemainder % denominator;
  const part = (scaledRemainder - partRemainder) / denominator + (partRemainder > 0 ? 1 : 0);
  return quotient * numerator + part;
}

function assertCents(amountCents: number, name: string): void {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`${name} must be a non-negative whole number of cents, got ${String(amountCents)}`);
  }
}

/**
 * Splits a support amount into platform fee, processing fee and the creator's net, all in the minor unit of the
 * support's currency.
 */
export function calculateFees(amountCents: number, currency: Currency): FeeBreakdown {
  assertCents(amountCents, 'amountCents');
  const platformFeeCents = ceilFraction(amountCents, PLATFORM_FEE_NUMERATOR, PLATFORM_FEE_DENOMINATOR);
  const processingFeeCents =
    ceilFraction(amountCents, PROCESSING_FEE_NUMERATOR, PROCESSING_FEE_DENOMINATOR) +
    currencyRules(currency).processingFeeFixed;
  const creatorNetCents = Math.max(0, amountCents - platformFeeCents - processingFeeCents);
  return { amountCents, platformFeeCents, processingFeeCents, creatorNetCents };
}

/** "Payment processing (2.9% + $0.30)", "(2.9% + £0.20)": the processing fee's line in a breakdown. */
export function processingFeeLabel(currency: Currency): string {
  return `Payment processing (2.9% + ${formatMoney(currencyRules(currency).processingFeeFixed, currency)})`;
}

/**
 * What the payment provider keeps of a payment as its application fee: everything but the creator's net, i.e. the
 * platform fee plus the processing fee the creator bears. The provider then leaves exactly the ledger's creator net
 * on the creator's connected account, and its own processing fee is charged to the platform out of this.
 */
export function applicationFeeCents(amountCents: number, currency: Currency): number {
  return amountCents - calculateFees(amountCents, currency).creatorNetCents;
}

/** "$1,234.56" from 123456 cents; "-$1.50" for negatives (refunds, adjustments); `whole`: "$5" for 500. */
export function formatUsd(cents: number, options: { whole?: boolean } = {}): string {
  return formatMoney(cents, 'usd', options);
}

export interface RefundSplit {
  /** What goes back to the supporter. */
  amountCents: number;
  /** The part of the platform fee returned with it (pro rata of the support's platform fee). */
  platformFeeReturnedCents: number;
  /** What comes off the creator's balance: the amount minus the platform fee returned (the processing fee is not returned). */
  creatorDebitCents: number;
}

export interface RefundedSoFar {
  /** Refunds of the support completed before this one. */
  refundedCents: number;
  platformFeeReturnedCents: number;
}

/**
 * Splits a refund of `refundCents` of a support. The platform returns its fee in proportion to what is
 * refunded, computed on the running total (rounded to the nearest cent, halves up) so partial refunds
 * never return more than the fee and refunding the whole support returns exactly all of it. The payment
 * processor keeps its fee, as card processors do, so it stays with the creator.
 */
export function calculateRefundSplit(
  support: Pick<FeeBreakdown, 'amountCents' | 'platformFeeCents'>,
  soFar: RefundedSoFar,
  refundCents: number,
): RefundSplit {
  assertCents(refundCents, 'refundCents');
  assertCents(soFar.refundedCents, 'refundedCents');
  const refundedAfter = soFar.refundedCents + refundCents;
  if (refundCents === 0 || refundedAfter > support.amountCents) {
    throw new RangeError(
      `a refund of ${refundCents} after ${soFar.refundedCents} does not fit a support of ${support.amountCents}`,
    );
  }
  // round(platformFee * refundedAfter / amount), halves up, in integers.
  const returnedAfter = Math.floor(
    (2 * support.platformFeeCents * refundedAfter + support.amountCents) / (2 * support.amountCents),
  );
  const platformFeeReturnedCents = Math.max(
    0,
    Math.min(returnedAfter, support.platformFeeCents) - soFar.platformFeeReturnedCents,
  );
  return {
    amountCents: refundCents,
    platformFeeReturnedCents,
    creatorDebitCents: refundCents - platformFeeReturnedCents,
  };
}
