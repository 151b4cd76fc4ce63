import { signLinkToken, verifyLinkToken } from './subscription-link';

/** A confirmation link outlives the retry window (retries 1, 3 and 5 days after the due date), not much more. */
export const CONFIRM_LINK_DAYS = 7;

/**
 * The token of the link in a "confirm your renewal" email: the period's charge id, when the link
 * expires (unix seconds) and an HMAC of both with the server secret, under its own purpose.
 */
export function signConfirmToken(secret: string, chargeId: string, expiresAt: Date): string {
  return signLinkToken(secret, 'confirm-renewal', [chargeId, String(Math.floor(expiresAt.getTime() / 1000))]);
}

/** The charge and expiry of a genuine token (expired or not), or null for anything forged or malformed. */
export function verifyConfirmToken(secret: string, token: string): { chargeId: string; expiresAt: Date } | null {
  const parts = verifyLinkToken(secret, 'confirm-renewal', token, 2);
  if (!parts) return null;
  const [chargeId, expires] = parts as [string, string];
  return { chargeId, expiresAt: new Date(Number(expires) * 1000) };
}

export function confirmLinkUrl(origin: string, secret: string, chargeId: string, now: Date): string {
  const expiresAt = new Date(now.getTime() + CONFIRM_LINK_DAYS * 86_400_000);
  return `${origin.replace(/\/+$/, '')}/subscriptions/confirm?token=${encodeURIComponent(signConfirmToken(secret, chargeId, expiresAt))}`;
}
