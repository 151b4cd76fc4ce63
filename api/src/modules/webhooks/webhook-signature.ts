import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Beabro-Signature';
export const EVENT_ID_HEADER = 'Beabro-Event-Id';
export const EVENT_TYPE_HEADER = 'Beabro-Event-Type';
export const DELIVERY_ID_HEADER = 'Beabro-Delivery-Id';

/** A new signing secret: 32 random bytes, prefixed so it is recognisable in a password manager or a leak scan. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** Enough of the secret to tell two apart, not enough to help guess it. */
export function secretHint(secret: string): string {
  return secret.slice(0, 10);
}

/** HMAC-SHA256 of `${timestamp}.${body}` under the secret, as hex. */
export function computeSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The Beabro-Signature header: `t=<unix seconds>,v1=<hex>`. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, body)}`;
}

/**
 * What a receiver does (docs/webhooks.md and the help centre show the same steps): recompute the HMAC over
 * `${t}.${rawBody}`, compare in constant time, and refuse timestamps older than `toleranceSeconds`.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(computeSignature(secret, timestamp, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The key that encrypts signing secrets at rest, derived from APP_SECRET (so a database copy alone cannot sign). */
function secretKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('beabro webhook signing secrets v1').digest();
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptWebhookSecret(appSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(appSecret), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

/** The secret, or null when it cannot be read (APP_SECRET changed since it was made: rotate it). */
export function decryptWebhookSecret(appSecret: string, stored: string): string | null {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ciphertext) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', secretKey(appSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
