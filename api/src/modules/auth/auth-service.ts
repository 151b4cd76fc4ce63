import type { SessionUser } from '@beabro/shared/types/session-user';
import type { SignInValues, SignUpValues } from '@beabro/shared/schemas/auth';
import { AUTH_MESSAGES } from '@beabro/shared/schemas/auth';
import type { Db } from '../../db/database';
import { AppError, fieldError, isUniqueViolation } from '../../lib/app-error';
import { assertUnderRateLimit, consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password-hasher';
import { findUserByEmail, insertUser, toSessionUser } from './user-repository';

export const SIGN_IN_LIMITS = {
  perIp: { name: 'sign-in:ip', limit: 20, windowSeconds: 15 * 60 },
  perEmail: { name: 'sign-in:email', limit: 8, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export const SIGN_UP_LIMITS = {
  perIp: { name: 'sign-up:ip', limit: 10, windowSeconds: 60 * 60 },
  perEmail: { name: 'sign-up:email', limit: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Sign in instead.';

/** `perIpLimit`: sign-ups per IP address per hour (SIGN_UP_LIMIT_PER_IP; the default is SIGN_UP_LIMITS.perIp.limit). */
export async function signUp(db: Db, input: SignUpValues, ip: string, perIpLimit: number = SIGN_UP_LIMITS.perIp.limit): Promise<SessionUser> {
  const email = input.email.toLowerCase();
  await consumeRateLimit(db, { ...SIGN_UP_LIMITS.perIp, limit: perIpLimit }, ip);
  await consumeRateLimit(db, SIGN_UP_LIMITS.perEmail, email);
  if (await findUserByEmail(db, email)) throw fieldError('email', EMAIL_TAKEN_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await insertUser(db, { email, passwordHash, displayName: input.name, userType: input.role });
    return toSessionUser(user, null);
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw fieldError('email', EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

/** Refuses with one message whatever was wrong, so nobody can learn which emails have accounts. */
export async function signIn(db: Db, input: SignInValues, ip: string): Promise<string> {
  const email = input.email.toLowerCase();
  // Only failed attempts count: the limits stop password guessing, not people signing in often.
  await assertUnderRateLimit(db, SIGN_IN_LIMITS.perIp, ip);
  await assertUnderRateLimit(db, SIGN_IN_LIMITS.perEmail, email);
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !ok) {
    await consumeRateLimit(db, SIGN_IN_LIMITS.perIp, ip).catch(ignoreRateLimited);
    await consumeRateLimit(db, SIGN_IN_LIMITS.perEmail, email).catch(ignoreRateLimited);
    throw new AppError('unauthenticated', AUTH_MESSAGES.authenticationFailed);
  }
  return user.id;
}

/** The failure being counted is answered as a failed sign-in; the limit bites on the next attempt. */
function ignoreRateLimited(error: unknown): void {
  if (!(error instanceof AppError && error.code === 'rate_limited')) throw error;
}
