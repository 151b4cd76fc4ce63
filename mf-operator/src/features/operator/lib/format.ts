import { formatMoney } from '@beabro/shared/money/currencies';

/** An amount in the currency beside it (integer minor units): "$12.50", "£9.01". */
export function money(cents: number, currency: string): string {
  return formatMoney(cents, currency);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A moment, in UTC so every operator reads the same time: "Dec 6, 2026, 5:58 AM UTC". */
export function dateTime(iso: string): string {
  return `${dateTimeFormat.format(new Date(iso))} UTC`;
}

/** A calendar date ("2026-11-30" or a moment): "Nov 30, 2026". */
export function date(iso: string): string {
  return dateFormat.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));
}
