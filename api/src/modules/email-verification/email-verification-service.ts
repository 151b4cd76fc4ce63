import { randomBytes } from 'node:crypto';
import {
  EMAIL_VERIFICATION_MESSAGES,
  type VerificationLinkStatus,
} from '@beabro/shared/api-schemas/email-verification';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { SIGN_IN_REQUIRED } from '../../lib/messages';
import { hashToken } from '../sessions/session-service';
import { findUserById } from '../users/user-repository';
import { enqueueEmail } from '../email/email-outbox';
import { EMAIL_REASONS, emailParts } from '../email/email-template';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import {
  findToken,
  findTokenForUpdate,
  insertVerificationToken,
  markEmailVerified,
  markTokenUsed,
  spendTokensForOtherEmails,
} from './email-verification-repository';

export const VERIFICATION_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
export const VERIFICATION_EMAIL_KIND = 'email-verification';
export const VERIFICATION_EMAIL_SUBJECT = 'Verify your email for Be a Bro';

/** Enough for "it did not arrive" twice; not enough to flood someone's inbox from a stolen session. */
export const RESEND_VERIFICATION_LIMIT = {
  name: 'email-verification:user',
  limit: 3,
  windowSeconds: 60 * 60,
} satisfies RateLimitRule;

export function verificationLink(origin: string, token: string): string {
  return `${origin}/verify-email?token=${encodeURIComponent(token)}`;
}

export interface VerificationRecipient {
  userId: string;
  /** The account's current address: the link verifies exactly this one. */
  email: string;
  displayName: string;
}

/**
 * Makes a verification link for the user's address and queues the email with it, atomically (a
 * savepoint when `db` is already a transaction, so callers can include it in theirs). Only the
 * SHA-256 of the token is stored; links for other addresses the user had are spent.
 */
export async function enqueueVerificationEmail(
  db: Db,
  recipient: VerificationRecipient,
  origin: string,
  now = new Date(),
): Promise<void> {
  const email = recipient.email.toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const link = verificationLink(origin, token);
  const content = emailParts({
    heading: 'Verify your email',
    blocks: [
      `Hi ${recipient.displayName},`,
      `Please confirm that ${email} is your email address. Once it is verified, supports you made as a guest with this address show up in your supporter history too.`,
    ],
    action: { label: 'Verify my email', url: link },
    footer: [
      'This link expires in 48 hours and works once.',
      'If you did not create a Be a Bro account, ignore this email: nothing happens without a click.',
    ],
    reason: EMAIL_REASONS.accountAddress,
  });
  await db.transaction(async (tx) => {
    await spendTokensForOtherEmails(tx, recipient.userId, email, now);
    await insertVerificationToken(tx, {
      tokenHash,
      userId: recipient.userId,
      email,
      expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS),
    });
    await enqueueEmail(tx, {
      kind: VERIFICATION_EMAIL_KIND,
      dedupeKey: `${VERIFICATION_EMAIL_KIND}:${tokenHash}`,
      to: email,
      subject: VERIFICATION_EMAIL_SUBJECT,
      ...content,
    });
  });
}

/** "Send me a new link", for the signed-in user whose address is not verified yet. */
export async function resendVerificationEmail(
  db: Db,
  userId: string,
  origin: string,
  now = new Date(),
): Promise<{ sentTo: string }> {
  const user = await findUserById(db, userId);
  if (!user?.email) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  if (user.emailVerifiedAt) throw new AppError('validation', EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
  await consumeRateLimit(db, RESEND_VERIFICATION_LIMIT, userId, now);
  await enqueueVerificationEmail(db, { userId, email: user.email, displayName: user.displayName }, origin, now);
  return { sentTo: user.email };
}

/**
 * Spends the link and verifies the address it was sent to, if that is still the account's address.
 * Unknown, used, expired or outdated links all get one message, so a link reveals nothing.
 */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<{ userId: string; email: string }> {
  const invalid = () => new AppError('validation', EMAIL_VERIFICATION_MESSAGES.invalidLink);
  const tokenHash = hashToken(token);
  const outcome = await db.transaction(async (tx) => {
    const row = await findTokenForUpdate(tx, tokenHash);
    if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return null;
    await markTokenUsed(tx, tokenHash, now);
    // Committed even when the address changed since: the link is spent either way.
    return { userId: row.userId, email: row.email, verified: await markEmailVerified(tx, row.userId, row.email, now) };
  });
  if (!outcome?.verified) throw invalid();
  return { userId: outcome.userId, email: outcome.email };
}

/**
 * What a link would do, for the page it opens: reads only, so a mail scanner opening the link spends
 * nothing. The token's holder learns which case it is (tokens cannot be guessed, so this reveals nothing
 * to anyone else); an unknown link is not_found; the address is named only while the link can still verify it or already has.
 */
export async function describeVerificationLink(
  db: Db,
  token: string,
  viewerId: string | null,
  now = new Date(),
): Promise<VerificationLinkStatus> {
  const row = await findToken(db, hashToken(token));
  if (!row) throw new AppError('not_found', EMAIL_VERIFICATION_MESSAGES.linkUnknown);
  const signedInAsOther = viewerId !== null && viewerId !== row.userId;
  const user = await findUserById(db, row.userId);
  if (!user || user.email?.toLowerCase() !== row.email) return { state: 'outdated', email: null, signedInAsOther };
  if (user.emailVerifiedAt) return { state: 'already-verified', email: row.email, signedInAsOther };
  if (row.usedAt) return { state: 'used', email: null, signedInAsOther };
  if (row.expiresAt.getTime() <= now.getTime()) return { state: 'expired', email: null, signedInAsOther };
  return { state: 'ready', email: row.email, signedInAsOther };
}
