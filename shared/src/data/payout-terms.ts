import type { PayoutCountry } from '@beabro/shared/data/defaults';
import type { Currency } from '@beabro/shared/money/currencies';

/**
 * How Stripe Connect pays a creator in each payout country (docs/going-live.md, "Creators' countries"; decision 0015).
 * Every creator gets an account under Stripe's full service agreement (card payments and transfers) whose currency is
 * their country's. Their supports are charged in that currency, on behalf of their account (`on_behalf_of`): each
 * payment settles in the account's country and currency, and Stripe pays it out to their bank without a conversion.
 */
export interface PayoutTerms {
  country: PayoutCountry['code'];
  /**
   * The connected account's currency (its `default_currency`, lowercase ISO 4217 as Stripe writes it): the creator's
   * currency, what their supports are charged in and their bank payouts are made in.
   */
  payoutCurrency: Currency;
  /** Stripe's service agreement of the account: `full` takes card payments (needed for `on_behalf_of`). */
  serviceAgreement: 'full' | 'recipient';
  /** Paid out through Stripe's cross-border payouts (a platform's transfer abroad, converted on the way). */
  crossBorder: boolean;
}

export const PAYOUT_TERMS: Readonly<Record<PayoutCountry['code'], PayoutTerms>> = Object.freeze({
  US: { country: 'US', payoutCurrency: 'usd', serviceAgreement: 'full', crossBorder: false },
  CA: { country: 'CA', payoutCurrency: 'cad', serviceAgreement: 'full', crossBorder: false },
  GB: { country: 'GB', payoutCurrency: 'gbp', serviceAgreement: 'full', crossBorder: false },
  AU: { country: 'AU', payoutCurrency: 'aud', serviceAgreement: 'full', crossBorder: false },
});

/** The terms of a payout country; null for a country payouts do not reach. */
export function payoutTermsOf(country: string | null | undefined): PayoutTerms | null {
  return country && Object.hasOwn(PAYOUT_TERMS, country) ? PAYOUT_TERMS[country as PayoutCountry['code']] : null;
}
