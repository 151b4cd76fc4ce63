/*
 * The currencies money can be in (docs/decisions/0015-money-in-the-creators-currency.md): a creator's payout country's
 * currency. Every amount is an integer of the currency's minor unit (cents, pence), never a float; each currency's
 * rules are in one table.
 */

export const CURRENCIES = ['usd', 'cad', 'gbp', 'aud'] as const;
export type Currency = (typeof CURRENCIES)[number];

interface CurrencyRules {
  /** ISO 4217, lower case, as Stripe writes it. */
  code: Currency;
  /** In words, for a reader who meets it for the first time. */
  name: string;
  /** The whole unit in words, plural ("a whole number of pounds"). */
  unit: 'dollars' | 'pounds';
  /** The fixed part of the processing fee, in the currency's minor unit (Stripe's domestic card price). */
  processingFeeFixed: number;
  /** The smallest support a creator may ask for, in the minor unit. */
  minimumSupport: number;
}

const CURRENCY_RULES: Readonly<Record<Currency, CurrencyRules>> = Object.freeze({
  usd: { code: 'usd', name: 'US dollars', unit: 'dollars', processingFeeFixed: 30, minimumSupport: 100 },
  cad: { code: 'cad', name: 'Canadian dollars', unit: 'dollars', processingFeeFixed: 30, minimumSupport: 100 },
  gbp: { code: 'gbp', name: 'pounds sterling', unit: 'pounds', processingFeeFixed: 20, minimumSupport: 100 },
  aud: { code: 'aud', name: 'Australian dollars', unit: 'dollars', processingFeeFixed: 30, minimumSupport: 100 },
});

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

/** The rules of a currency; throws for one the product does not take (a bug in the caller, never user input). */
export function currencyRules(currency: string): CurrencyRules {
  const code = currency.toLowerCase();
  if (!isCurrency(code)) throw new RangeError(`${currency} is not a currency Be a Bro takes`);
  return CURRENCY_RULES[code];
}

/** The payout countries' currencies (US, Canada, United Kingdom, Australia); US dollars for any other or none. */
const COUNTRY_CURRENCIES: Readonly<Record<string, Currency>> = Object.freeze({
  US: 'usd',
  CA: 'cad',
  GB: 'gbp',
  AU: 'aud',
});

/** A creator's currency from their payout country (decision 0015): US dollars without one, or for another country. */
export function currencyForCountry(country: string | null | undefined): Currency {
  return (country && COUNTRY_CURRENCIES[country.toUpperCase()]) || 'usd';
}

const WHOLE_UNITS = new Map<string, Intl.NumberFormat>();

function wholeUnitsFormat(currency: string): Intl.NumberFormat {
  const code = currency.toUpperCase();
  let format = WHOLE_UNITS.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    WHOLE_UNITS.set(code, format);
  }
  return format;
}

/**
 * Amounts of several currencies side by side, each in its own ("$40.00 · £12.50"): never added together. "$0.00" for
 * none. `suffix` follows each amount ("/month").
 */
export function formatPerCurrency(amounts: ReadonlyArray<{ currency: string; cents: number }>, suffix = ''): string {
  if (amounts.length === 0) return formatMoney(0, 'usd');
  return amounts.map((a) => `${formatMoney(a.cents, a.currency)}${suffix}`).join(' · ');
}

/** The symbol written before an amount: "$", "CA$", "£", "A$" (for an amount field's prefix). */
export function currencySymbol(currency: string): string {
  return wholeUnitsFormat(currency).format(0).replace('0', '');
}

interface FormatMoneyOptions {
  /** Omit ".00" when the amount is whole ("$5" rather than "$5.00"); amounts with cents still show them. */
  whole?: boolean;
}

/**
 * "$1,234.56", "CA$12.50", "£9.50", "A$28.90" from minor units; "-$1.50" for negatives. The whole units are formatted
 * as an integer (exact, with the currency's symbol and grouping) and the minor units appended: no float rounds money.
 */
export function formatMoney(minorUnits: number, currency: string, options: FormatMoneyOptions = {}): string {
  if (!Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`amounts are whole numbers of the minor unit, got ${String(minorUnits)}`);
  }
  const abs = Math.abs(minorUnits);
  const minor = abs % 100;
  const whole = wholeUnitsFormat(currency).format((abs - minor) / 100);
  const sign = minorUnits < 0 ? '-' : '';
  if (options.whole && minor === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(minor).padStart(2, '0')}`;
}
