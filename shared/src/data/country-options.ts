import { COUNTRY_CODES } from '@beabro/shared/schemas/country';
import { SUPPORTED_PAYOUT_COUNTRIES } from '@beabro/shared/data/defaults';

export interface CountryOption {
  code: string;
  name: string;
}

function regionNames(): (code: string) => string {
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** The English name of a country code ("NZ" -> "New Zealand"); the code itself where the runtime has no names. */
export function countryName(code: string): string {
  return regionNames()(code);
}

/**
 * The country select: the four payout countries first (named as the FAQ names them), then every other
 * country the API accepts, alphabetically by English name.
 */
export function countryOptions(): { payout: CountryOption[]; other: CountryOption[] } {
  const nameOf = regionNames();
  const payoutCodes = new Set<string>(SUPPORTED_PAYOUT_COUNTRIES.map((c) => c.code));
  const other = [...COUNTRY_CODES]
    .filter((code) => !payoutCodes.has(code))
    .map((code) => ({ code, name: nameOf(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { payout: SUPPORTED_PAYOUT_COUNTRIES.map(({ code, name }) => ({ code, name })), other };
}

export function isPayoutCountry(code: string): boolean {
  return SUPPORTED_PAYOUT_COUNTRIES.some((c) => c.code === code);
}
