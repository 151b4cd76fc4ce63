import type { PayoutCountry } from '@beabro/shared/data/defaults';

/**
 * How Stripe Connect pays a creator in each payout country (docs/going-live.md, "Creators' countries"). The platform is
 * a US Stripe account charging in US dollars. US, Canadian and UK creators get accounts under Stripe's full service
 * agreement; Australian creators are paid through Stripe's cross-border payouts, which only work under the recipient
 * service agreement: their account takes transfers from the platform and nothing else (no charges of its own, so no
 * `on_behalf_of`), and Stripe converts their US-dollar balance when it pays it out in Australian dollars.
 */
export interface PayoutTerms {
  country: PayoutCountry['code'];
  /** The connected account's currency: what its bank payouts are in (lowercase ISO 4217, as Stripe writes it). */
  payoutCurrency: 'usd' | 'cad' | 'gbp' | 'aud';
  serviceAgreement: 'full' | 'recipient';
  /** Paid out from our US platform to a bank in another country, in another currency. */
  crossBorder: boolean;
}

export const PAYOUT_TERMS: Readonly<Record<PayoutCountry['code'], PayoutTerms>> = Object.freeze({
  US: { country: 'US', payoutCurrency: 'usd', serviceAgreement: 'full', crossBorder: false },
  CA: { country: 'CA', payoutCurrency: 'cad', serviceAgreement: 'full', crossBorder: false },
  GB: { country: 'GB', payoutCurrency: 'gbp', serviceAgreement: 'full', crossBorder: false },
  AU: { country: 'AU', payoutCurrency: 'aud', serviceAgreement: 'recipient', crossBorder: true },
});

/** The terms of a payout country; null for a country payouts do not reach. */
export function payoutTermsOf(country: string | null | undefined): PayoutTerms | null {
  return country && Object.hasOwn(PAYOUT_TERMS, country) ? PAYOUT_TERMS[country as PayoutCountry['code']] : null;
}
