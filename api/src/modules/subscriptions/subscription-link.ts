import { createHmac, timingSafeEqual } from 'node:crypto';
import { CARD_SECTION_ID } from '@beabro/shared/api-schemas/subscriptions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The signed links of emails, each with its own purpose so a token of one never opens another. */
export type LinkPurpose = 'cancel-subscription' | 'confirm-renewal' | 'post-unsubscribe';

function mac(secret: string, purpose: LinkPurpose, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}:${payload}`).digest();
}

/** `<id>[.<extra>...].<HMAC of purpose and payload>`: the id must be a UUID, the extras plain digits. */
export function signLinkToken(secret: string, purpose: LinkPurpose, parts: string[]): string {
  const payload = parts.join('.');
  return `${payload}.${mac(secret, purpose, payload).toString('base64url')}`;
}

/** The signed parts of a genuine token (as many as `count`), or null for anything forged or malformed. */
export function verifyLinkToken(secret: string, purpose: LinkPurpose, token: string, count: number): string[] | null {
  const all = token.trim().split('.');
  if (all.length !== count + 1) return null;
  const parts = all.slice(0, count);
  const signature = all[count] ?? '';
  if (!signature || !UUID.test(parts[0] ?? '') || parts.slice(1).some((p) => !/^\d{1,12}$/.test(p))) return null;
  const given = Buffer.from(signature, 'base64url');
  // Only the canonical spelling: the decoder skips stray characters, padding and unused low bits, so
  // many strings would otherwise pass as the one signed token.
  if (given.toString('base64url') !== signature) return null;
  const expected = mac(secret, purpose, parts.join('.'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? parts : null;
}

/**
 * The token of the cancel link in receipt emails: the subscription id and an HMAC of it with the
 * server secret. The token itself carries no date: the link works while its support runs (a receipt from
 * months ago must still let a guest cancel) and expires RECEIPT_LINK_DAYS_AFTER_END days after it ended
 * (`subscriptionFromLink` in subscriptions-service.ts).
 */
export function signCancelToken(secret: string, subscriptionId: string): string {
  return signLinkToken(secret, 'cancel-subscription', [subscriptionId]);
}

/** The subscription id of a genuine token, or null for anything forged, truncated or malformed. */
export function verifyCancelToken(secret: string, token: string): string | null {
  return verifyLinkToken(secret, 'cancel-subscription', token, 1)?.[0] ?? null;
}

export function cancelLinkUrl(origin: string, secret: string, subscriptionId: string): string {
  return `${origin.replace(/\/+$/, '')}/subscriptions/cancel?token=${encodeURIComponent(signCancelToken(secret, subscriptionId))}`;
}

/** The receipt link opened at its card section: replace the card (and retry a failing renewal) without signing in. */
export function updateCardLinkUrl(origin: string, secret: string, subscriptionId: string): string {
  return `${cancelLinkUrl(origin, secret, subscriptionId)}#${CARD_SECTION_ID}`;
}
