import { createHash, randomInt } from 'node:crypto';
import { normaliseTwoFactorCode, RECOVERY_CODE_COUNT } from '@beabro/shared/api-schemas/two-factor';

/** Crockford's base32: no i, l, o or u, so a code read aloud or copied by hand is not misread. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Ten new codes, 16 characters (80 random bits) each, shown as "abcd-efgh-jkmn-pqrs". */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return chars.match(/.{4}/g)?.join('-') ?? chars;
  });
}

/**
 * What the database keeps of a code. 80 random bits make a plain SHA-256 safe against guessing from a
 * stolen database, and unlike a keyed hash it survives a change of APP_SECRET (when codes are needed most).
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseTwoFactorCode(code)).digest('hex');
}
