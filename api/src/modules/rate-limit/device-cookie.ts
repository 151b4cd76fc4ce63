import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Known devices (OWASP's device-cookie pattern, docs/security.md "Sign-in limits"). After a sign-in, the
 * browser gets a cookie bound to that account: `<nonce>.<HMAC(APP_SECRET, account email and nonce)>`. It
 * names no account and cannot be made without the secret. A sign-in attempt for that account carrying
 * it counts against the device's own limit instead of the network's, so wrong passwords sent by others
 * from the owner's network (a shared NAT, a mobile carrier) cannot lock the owner out there.
 */
export const DEVICE_COOKIE = 'bro_device';
/** How long a browser stays a known device for the account it last signed in to. */
export const DEVICE_COOKIE_DAYS = 180;
const COOKIE_PATH = '/api/auth';

function sign(secret: string, email: string, nonce: string): string {
  return createHmac('sha256', secret).update(`sign-in-device\0${email.toLowerCase()}\0${nonce}`).digest('base64url');
}

/** A new device token for the account with this email. */
export function issueDeviceToken(secret: string, email: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${sign(secret, email, nonce)}`;
}

/** The device's nonce when `token` was issued for this email with this secret, otherwise null. */
export function verifyDeviceToken(secret: string, email: string, token: string | undefined): string | null {
  if (!token || token.length > 200) return null;
  const [nonce, mac, ...rest] = token.split('.');
  if (!nonce || !mac || rest.length > 0 || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) return null;
  const expected = Buffer.from(sign(secret, email, nonce));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/** Marks this browser as a known device of the account it just signed in to (only sent to /api/auth). */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, secret: string, email: string) {
  reply.setCookie(DEVICE_COOKIE, issueDeviceToken(secret, email), {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

export function readDeviceCookie(request: FastifyRequest): string | undefined {
  return request.cookies[DEVICE_COOKIE];
}
