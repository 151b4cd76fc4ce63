import { ACCOUNT_MESSAGES } from '@beabro/shared/api-schemas/account';
import type { Db } from '../../db/database';
import { AppError, fieldError } from '../../lib/app-error';
import { SIGN_IN_REQUIRED } from '../../lib/messages';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { verifyPassword } from './password-hasher';
import { findUserById, type UserRow } from './user-repository';

/**
 * One budget per user for every action that checks the current password (email change, password change,
 * deletion): a stolen session must not be able to guess the password by spreading tries over them.
 */
export const CURRENT_PASSWORD_LIMIT = {
  name: 'account:current-password',
  limit: 10,
  windowSeconds: 15 * 60,
} satisfies RateLimitRule;

export const passwordIncorrect = (field: string) => fieldError(field, ACCOUNT_MESSAGES.currentPasswordIncorrect);

/** Counts the attempt, then checks `password` against the account; the row comes back for a compare-and-set. */
export async function verifyCurrentPassword(
  db: Db,
  userId: string,
  password: string,
  field: string,
): Promise<UserRow & { passwordHash: string }> {
  await consumeRateLimit(db, CURRENT_PASSWORD_LIMIT, userId);
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  const { passwordHash } = user;
  if (!passwordHash || !(await verifyPassword(passwordHash, password))) throw passwordIncorrect(field);
  return { ...user, passwordHash };
}
