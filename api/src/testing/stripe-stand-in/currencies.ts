import { invalidRequest } from './stand-in-error';

/*
 * Stripe's amounts per currency, for the currencies the stand-in takes (usd, cad, gbp, aud, eur): the minimum charge,
 * the fixed part of Stripe's card fee and the dispute fee, each in the currency's minor unit. These are Stripe's
 * (docs.stripe.com/currencies, its pricing pages), never the product's own tables: the stand-in imitates Stripe.
 */

/** The stand-in's platform account: a US one, as the product's is (Connect's cross-border rules are relative to it). */
export const PLATFORM_COUNTRY = 'US';
export const PLATFORM_CURRENCY = 'usd';

/** A country's own currency: what an account there settles and is paid out in by default. */
const COUNTRY_CURRENCIES: Readonly<Record<string, string>> = Object.freeze({
  US: 'usd',
  CA: 'cad',
  GB: 'gbp',
  AU: 'aud',
  AT: 'eur',
  BE: 'eur',
  DE: 'eur',
  ES: 'eur',
  FI: 'eur',
  FR: 'eur',
  IE: 'eur',
  IT: 'eur',
  NL: 'eur',
  PT: 'eur',
});

export function currencyOfCountry(country: string): string {
  return COUNTRY_CURRENCIES[country] ?? PLATFORM_CURRENCY;
}

interface CurrencyTerms {
  /** Stripe's minimum charge amount (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). */
  minimumCharge: number;
  /** The fixed part of Stripe's standard card fee in the country of that currency. */
  cardFeeFixed: number;
  /** Stripe's dispute fee in the country of that currency. */
  disputeFee: number;
  symbol: string;
}

const TERMS: Readonly<Record<string, CurrencyTerms>> = Object.freeze({
  usd: { minimumCharge: 50, cardFeeFixed: 30, disputeFee: 1500, symbol: '$' },
  cad: { minimumCharge: 50, cardFeeFixed: 30, disputeFee: 1500, symbol: '$' },
  gbp: { minimumCharge: 30, cardFeeFixed: 20, disputeFee: 2000, symbol: '£' },
  aud: { minimumCharge: 50, cardFeeFixed: 30, disputeFee: 2500, symbol: '$' },
  eur: { minimumCharge: 50, cardFeeFixed: 25, disputeFee: 2000, symbol: '€' },
});

export const STAND_IN_CURRENCIES = Object.keys(TERMS);

export function isStandInCurrency(currency: string): boolean {
  return Object.hasOwn(TERMS, currency);
}

/** The terms of a currency the stand-in takes (the callers validated it with `readCurrency`). */
export function termsOf(currency: string): CurrencyTerms {
  const terms = TERMS[currency];
  if (!terms) throw new Error(`The stand-in takes no ${currency}`);
  return terms;
}

/** A `currency` parameter, lowercased; Stripe's 400 for one the stand-in does not take. */
export function readCurrency(value: string, param = 'currency'): string {
  const currency = value.toLowerCase();
  if (!isStandInCurrency(currency)) {
    throw invalidRequest(
      `Invalid currency: ${currency}. Stripe currently supports these currencies: ${STAND_IN_CURRENCIES.join(', ')} (stand-in subset).`,
      { param },
    );
  }
  return currency;
}

/** Stripe's refusal of an amount under the currency's minimum charge ("Amount must be at least £0.30 gbp"). */
export function checkMinimumCharge(amount: number, currency: string): void {
  const { minimumCharge, symbol } = termsOf(currency);
  if (amount >= minimumCharge) return;
  const minor = String(minimumCharge % 100).padStart(2, '0');
  throw invalidRequest(`Amount must be at least ${symbol}${Math.floor(minimumCharge / 100)}.${minor} ${currency}`, {
    param: 'amount',
    code: 'amount_too_small',
  });
}

/**
 * Stripe's card fee, charged to the platform, in the charge's currency: 2.9% plus the currency's fixed part for a card
 * issued in the settlement merchant's country (the `on_behalf_of` account's, else the platform's), 1.5% more for a
 * card issued elsewhere; rounded to the minor unit, halves up. Stripe's actual percentages differ by country (the
 * adapter reads the fee Stripe charged, never this table).
 */
export function stripeFeeCents(amount: number, currency: string, cardCountry: string, settlementCountry: string) {
  const perMille = cardCountry === settlementCountry ? 29 : 44;
  return Math.floor((amount * perMille + 500) / 1000) + termsOf(currency).cardFeeFixed;
}
