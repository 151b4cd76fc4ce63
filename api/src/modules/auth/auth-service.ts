import type { SessionUser } from '@beabro/shared/types/session-user';
import type { TwoFactorChallenge } from '@beabro/shared/api-schemas/two-factor';
import type { SignInValues, SignUpValues } from '@beabro/shared/schemas/auth';
import { AUTH_MESSAGES } from '@beabro/shared/schemas/auth';
import type { Db } from '../../db/database';
import { AppError, fieldError, isUniqueViolation } from '../../lib/app-error';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { verifyDeviceToken } from '../rate-limit/device-cookie';
import { rememberSignInIp, reserveSignInAttempt } from '../rate-limit/sign-in-throttle';
import { createSignInChallenge, isTwoFactorEnabled } from '../two-factor/sign-in-challenge';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../users/password-hasher';
import { findUserByEmail, insertUser, toSessionUser } from '../users/user-repository';
import { SIGN_UP_DOMAIN_BLOCKED_MESSAGE } from '@beabro/shared/api-schemas/operator';
import { isEmailDomainBlocked } from '../users/blocked-email-domains';
import { enqueueSignUpAttemptEmail } from './sign-up-attempt-email';

export const SIGN_UP_LIMITS = {
  perIp: { name: 'sign-up:ip', limit: 10, windowSeconds: 60 * 60 },
  perEmail: { name: 'sign-up:email', limit: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Sign in instead.';

/** `perIpLimit`: sign-ups per IP address per hour (SIGN_UP_LIMIT_PER_IP; the default is SIGN_UP_LIMITS.perIp.limit). */
/**
 * Creates an account. An address that already has one is refused with a message next to the field (sign-up signs in
 * at once, so the answer cannot hide it; the per-network and per-address limits slow anyone collecting addresses),
 * and, given the site's `origin`, its owner is emailed that someone tried.
 */
export async function signUp(
  db: Db,
  input: SignUpValues,
  ip: string,
  perIpLimit: number = SIGN_UP_LIMITS.perIp.limit,
  origin: string | null = null,
): Promise<SessionUser> {
  const email = input.email.toLowerCase();
  await consumeRateLimit(db, { ...SIGN_UP_LIMITS.perIp, limit: perIpLimit }, ip);
  await consumeRateLimit(db, SIGN_UP_LIMITS.perEmail, email);
  if (await isEmailDomainBlocked(db, email)) throw fieldError('email', SIGN_UP_DOMAIN_BLOCKED_MESSAGE);
  const owner = await findUserByEmail(db, email);
  if (owner) {
    if (origin && owner.email)
      await enqueueSignUpAttemptEmail(db, { id: owner.id, email: owner.email, displayName: owner.displayName }, origin);
    throw fieldError('email', EMAIL_TAKEN_MESSAGE);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await insertUser(db, { email, passwordHash, displayName: input.name, userType: input.role });
    await rememberSignInIp(db, user.id, ip);
    return toSessionUser(user, null);
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw fieldError('email', EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

/** The browser's device cookie (device-cookie.ts) and the secret that signs it. */
export interface KnownDevice {
  secret: string;
  token: string | undefined;
}

/** Signed in, or the password was right and a two-factor code must follow (no session yet). */
export type SignInOutcome =
  { kind: 'signed-in'; userId: string } | { kind: 'two-factor'; challenge: TwoFactorChallenge };

/**
 * Refuses with one message whatever was wrong, so nobody can learn which emails have accounts. The
 * attempt is reserved against the sign-in limits before the password is checked (so a burst of
 * parallel guesses checks no more passwords than the limits allow) and given back when it is right.
 * An account with two-factor sign-in gets a challenge instead of a session: the limits forgive and
 * remember nothing until the code is right too.
 */
export async function signIn(
  db: Db,
  input: SignInValues,
  ip: string,
  now = new Date(),
  device?: KnownDevice,
): Promise<SignInOutcome> {
  const email = input.email.toLowerCase();
  const user = await findUserByEmail(db, email);
  const deviceNonce = device ? verifyDeviceToken(device.secret, email, device.token) : null;
  const attempt = await reserveSignInAttempt(db, { email, ip, userId: user?.id ?? null, device: deviceNonce }, now);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !ok) throw new AppError('unauthenticated', AUTH_MESSAGES.authenticationFailed);
  if (await isTwoFactorEnabled(db, user.id)) {
    await attempt.secondFactorPending();
    return { kind: 'two-factor', challenge: await createSignInChallenge(db, user.id, now) };
  }
  await attempt.succeeded();
  return { kind: 'signed-in', userId: user.id };
}
