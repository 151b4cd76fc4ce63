import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sessions, twoFactorChallenges } from '../../db/schema';

export const SESSION_COOKIE = 'bro_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session used with less than this left is extended to a full TTL again (sliding expiry). */
const RENEW_WHEN_LEFT_MS = 15 * 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface StartedSession {
  token: string;
  expiresAt: Date;
}

export async function startSession(db: Db, userId: string, now = new Date()): Promise<StartedSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

export interface ResolvedSession {
  sessionId: string;
  userId: string;
  /** Set when the expiry was slid forward and the cookie must be re-sent. */
  renewedUntil: Date | null;
}

export async function resolveSession(db: Db, token: string, now = new Date()): Promise<ResolvedSession | null> {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  if (!row) return null;
  let renewedUntil: Date | null = null;
  if (row.expiresAt.getTime() - now.getTime() < RENEW_WHEN_LEFT_MS) {
    renewedUntil = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.id, row.id));
  }
  return { sessionId: row.id, userId: row.userId, renewedUntil };
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/**
 * Every session of the user, e.g. after a password change (except the current one) or account deletion,
 * and every two-factor sign-in half-way (a right password waiting for its code): it must not finish
 * into a new session after the change.
 */
export async function revokeAllSessions(
  db: Db,
  userId: string,
  options: { except?: string } = {},
  now = new Date(),
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        options.except ? ne(sessions.id, options.except) : undefined,
      ),
    );
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}
