import { currencySymbol, type Currency } from '@beabro/shared/money/currencies';

/**
 * A message that names amounts in US dollars ("Tier amount must be at least $1", "$100 Raised", "$6-15") said in a
 * creator's currency ("at least £1"): each "$" written before a digit becomes the currency's symbol. The shared
 * rules (bounds, thresholds, ranges) are the same numbers in every currency's unit (decision 0015), so only the
 * symbol changes; US dollars, and text without such an amount, come back as they are.
 */
export function inCurrencyText(text: string, currency: Currency): string;
export function inCurrencyText(text: string | undefined, currency: Currency): string | undefined;
export function inCurrencyText(text: string | undefined, currency: Currency): string | undefined {
  if (text === undefined || currency === 'usd') return text;
  return text.replace(/\$(?=\d)/g, currencySymbol(currency));
}
