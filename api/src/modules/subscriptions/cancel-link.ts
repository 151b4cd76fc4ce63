import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'cancel-subscription';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(secret: string, subscriptionId: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${subscriptionId}`).digest();
}

/**
 * The token of the cancel link in receipt emails: the subscription id and an HMAC of it with the
 * server secret. It does not expire: a receipt from months ago must still let a guest cancel.
 */
export function signCancelToken(secret: string, subscriptionId: string): string {
  return `${subscriptionId}.${mac(secret, subscriptionId).toString('base64url')}`;
}

/** The subscription id of a genuine token, or null for anything forged, truncated or malformed. */
export function verifyCancelToken(secret: string, token: string): string | null {
  const [id, signature, ...rest] = token.trim().split('.');
  if (!id || !signature || rest.length > 0 || !UUID.test(id)) return null;
  const given = Buffer.from(signature, 'base64url');
  // Only the canonical spelling: the decoder skips stray characters, padding and unused low bits, so
  // many strings would otherwise pass as the one signed token.
  if (given.toString('base64url') !== signature) return null;
  const expected = mac(secret, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export function cancelLinkUrl(origin: string, secret: string, subscriptionId: string): string {
  return `${origin.replace(/\/+$/, '')}/subscriptions/cancel?token=${encodeURIComponent(signCancelToken(secret, subscriptionId))}`;
}
