import { randomBytes } from 'node:crypto';
import {
  PASSWORD_RESET_LINK_MINUTES,
  PASSWORD_RESET_MESSAGES,
  RESET_PASSWORD_PAGE_PATH,
  type RequestPasswordResetValues,
  type ResetPasswordValues,
} from '@beabro/shared/api-schemas/password-reset';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../users/password-hasher';
import { hashToken, revokeAllSessions } from '../sessions/session-service';
import { findUserByEmail, findUserById } from '../users/user-repository';
import { enqueueEmail } from '../email/email-outbox';
import { consumeRateLimits, ipRateLimitKey, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { passwordChangedEmail, passwordResetEmail } from './password-reset-emails';
import {
  deleteSignInChallengesOf,
  findPasswordResetToken,
  findPasswordResetTokenForUpdate,
  insertPasswordResetToken,
  setPasswordFromReset,
  spendPasswordResetTokens,
} from './password-reset-repository';

export const PASSWORD_RESET_TOKEN_TTL_MS = PASSWORD_RESET_LINK_MINUTES * 60 * 1000;

/**
 * Requests count whether or not the address has an account (so the limits reveal nothing either):
 * a few links an hour for one address, enough for "it did not arrive"; more for one network, where
 * several people may share an address.
 */
export const PASSWORD_RESET_LIMITS = {
  perEmail: { name: 'password-reset:email', limit: 3, windowSeconds: 60 * 60 },
  perIp: { name: 'password-reset:ip', limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export const resetPasswordPageUrl = (origin: string) => `${origin}${RESET_PASSWORD_PAGE_PATH}`;
export const passwordResetLink = (origin: string, token: string) =>
  `${resetPasswordPageUrl(origin)}?token=${encodeURIComponent(token)}`;

/**
 * Asks for a reset link, emailed when the address belongs to an account; the answer is the same either way, so the
 * form cannot be used to learn who has an account. Only the SHA-256 of the token is stored. The limits are counted
 * before the answer (a refusal is a 429); the rest, finding the account and queueing its email, is `deliver`, which
 * the route starts only once the answer is sent: the answer takes the same work, and so the same time, whether or not
 * the address has an account.
 */
export async function requestPasswordReset(
  db: Db,
  input: RequestPasswordResetValues,
  ip: string,
  now = new Date(),
): Promise<{ message: string; deliver: (origin: string) => Promise<void> }> {
  const email = input.email.toLowerCase();
  await consumeRateLimits(
    db,
    [
      { rule: PASSWORD_RESET_LIMITS.perEmail, key: email },
      { rule: PASSWORD_RESET_LIMITS.perIp, key: ipRateLimitKey(ip) },
    ],
    now,
  );
  return { message: PASSWORD_RESET_MESSAGES.requested, deliver: (origin) => sendResetLink(db, email, origin, now) };
}

/** Queues a reset link to the account of `email`, if there is one (nothing otherwise). */
async function sendResetLink(db: Db, email: string, origin: string, now: Date): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user?.email) return;
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const mail = await passwordResetEmail(
    { userId: user.id, email: user.email, displayName: user.displayName },
    passwordResetLink(origin, token),
    tokenHash,
  );
  await db.transaction(async (tx) => {
    await insertPasswordResetToken(tx, {
      tokenHash,
      userId: user.id,
      email: user.email as string,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TOKEN_TTL_MS),
    });
    await enqueueEmail(tx, mail);
  });
}

const invalidLink = () =>
  new AppError('validation', PASSWORD_RESET_MESSAGES.invalidLink, { token: PASSWORD_RESET_MESSAGES.invalidLink });

const usable = (row: { usedAt: Date | null; expiresAt: Date } | undefined, now: Date) =>
  row !== undefined && row.usedAt === null && row.expiresAt.getTime() > now.getTime();

/**
 * Sets the new password with a link's token, once. Every session of the account ends (whoever knew the
 * old password is out), as do two-factor steps begun with the old password; two-factor sign-in itself
 * stays on, so the next sign-in still asks for a code. The owner gets a notice email.
 */
export async function resetPassword(db: Db, input: ResetPasswordValues, origin: string, now = new Date()) {
  const tokenHash = hashToken(input.token);
  // Checked before hashing, so unknown tokens cost no argon2 work.
  if (!usable(await findPasswordResetToken(db, tokenHash), now)) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  const done = await db.transaction(async (tx) => {
    const row = await findPasswordResetTokenForUpdate(tx, tokenHash);
    if (!row || !usable(row, now)) return false;
    await spendPasswordResetTokens(tx, row.userId, now);
    // Committed even when the account changed address since: the link is spent either way.
    if (!(await setPasswordFromReset(tx, row.userId, row.email, passwordHash, now))) return true;
    await revokeAllSessions(tx, row.userId, {}, now);
    await deleteSignInChallengesOf(tx, row.userId);
    const user = await findUserById(tx, row.userId);
    await enqueueEmail(
      tx,
      await passwordChangedEmail(
        { userId: row.userId, email: row.email, displayName: user?.displayName ?? '' },
        now,
        resetPasswordPageUrl(origin),
        tokenHash,
      ),
    );
    return 'changed' as const;
  });
  if (done !== 'changed') throw invalidLink();
}
