/*
 * Card fields as people type them: the number in groups of four, the expiry as MM/YY, the CVC as digits.
 * Only digits are kept; the server validates again (Luhn, expiry) and is the authority.
 */

export const CARD_NUMBER_MAX_DIGITS = 19;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** "4242424242424242" -> "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, CARD_NUMBER_MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1", "12", "12/", "12/3", "12/34" as the supporter types; a first digit above 1 means a single-digit month. */
export function formatExpiry(value: string, previous = ''): string {
  let digits = digitsOnly(value);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  // Deleting the slash deletes the month's last digit too, so backspace does not get stuck on "12/".
  if (previous.endsWith('/') && value.length < previous.length) return digits.slice(0, Math.max(0, digits.length - 1));
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** MM/YY (or MM/YYYY) -> month and four-digit year; NaN where it cannot be read (the schema then says so). */
export function parseExpiry(value: string): { expMonth: number; expYear: number } {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return { expMonth: Number.NaN, expYear: Number.NaN };
  const year = Number(match[2]);
  return { expMonth: Number(match[1]), expYear: match[2]!.length === 2 ? 2000 + year : year };
}

/** Expired when the last day of the expiry month has passed (cards are valid through their month). */
export function isExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/** The Luhn checksum every card number carries; catches most typos before asking the server. */
export function passesLuhn(number: string): boolean {
  const digits = digitsOnly(number);
  if (digits.length < 12 || digits.length > CARD_NUMBER_MAX_DIGITS) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
