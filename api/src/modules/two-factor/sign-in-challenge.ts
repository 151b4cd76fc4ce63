import { createHash, randomBytes } from 'node:crypto';
import type { TwoFactorChallenge } from '@beabro/shared/api-schemas/two-factor';
import type { Db } from '../../db/database';
import { findTwoFactorCredentials, insertChallenge } from './two-factor-repository';

/** How long the step between a right password and the code lasts. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export const hashChallenge = (token: string) => createHash('sha256').update(token).digest('hex');

export async function isTwoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  return (await findTwoFactorCredentials(db, userId))?.enabledAt != null;
}

/** After a right password: the single-use token that lets the client try a code (only its hash is stored). */
export async function createSignInChallenge(db: Db, userId: string, now = new Date()): Promise<TwoFactorChallenge> {
  const challenge = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await insertChallenge(db, { userId, tokenHash: hashChallenge(challenge), expiresAt }, now);
  return { challenge, expiresAt: expiresAt.toISOString() };
}
