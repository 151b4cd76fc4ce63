import { CARD_MESSAGES } from './sandbox-test-cards';

/** A card as typed into the sandbox's card frame: it exists only there and in the sandbox's tokenize call. */
export interface CardDetails {
  /** Digits, spaces allowed. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

/** How long ahead an expiry date may be before it is more likely a typo than a real card. */
const MAX_YEARS_AHEAD = 20;

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries (catches one mistyped digit and most swaps). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^3[47]/.test(digits)) return 'American Express';
  const first4 = Number(digits.slice(0, 4));
  if (/^5[1-5]/.test(digits) || (first4 >= 2221 && first4 <= 2720)) return 'Mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'Discover';
  return 'Card';
}

export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

/**
 * Checks a typed card before anything is recorded or charged: number (digits and Luhn), expiry (in
 * the future, not absurdly far) and security code (4 digits for American Express, else 3).
 * Returns form field messages, or null when the card looks right.
 */
export function validateCard(card: CardDetails, now: Date): Record<string, string> | null {
  const errors: Record<string, string> = {};
  const digits = cardDigits(card.number);
  const numberOk = /^\d{12,19}$/.test(digits) && passesLuhn(digits);
  if (!digits) errors['card.number'] = CARD_MESSAGES.numberRequired;
  else if (!numberOk) errors['card.number'] = CARD_MESSAGES.numberInvalid;

  const monthOk = Number.isInteger(card.expMonth) && card.expMonth >= 1 && card.expMonth <= 12;
  if (!monthOk || !Number.isInteger(card.expYear) || card.expYear > now.getUTCFullYear() + MAX_YEARS_AHEAD)
    errors['card.expMonth'] = CARD_MESSAGES.expiryInvalid;
  else if (isExpired(card.expMonth, card.expYear, now)) errors['card.expMonth'] = CARD_MESSAGES.expired;

  // The length depends on the brand, so it is judged only once the number is known to be right.
  const cvcLength = numberOk && cardBrand(digits) === 'American Express' ? 4 : 3;
  if (!/^\d{3,4}$/.test(card.cvc) || (numberOk && card.cvc.length !== cvcLength))
    errors['card.cvc'] = CARD_MESSAGES.cvcInvalid;
  return Object.keys(errors).length > 0 ? errors : null;
}
