import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { operators, sessions, twoFactorChallenges } from '../../db/schema';

export const SESSION_COOKIE = 'bro_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session used with less than this left is extended to a full TTL again (sliding expiry). */
const RENEW_WHEN_LEFT_MS = 15 * 24 * 60 * 60 * 1000;
/** An operator's session lasts this long from its sign-in, and never slides. */
export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface StartedSession {
  token: string;
  expiresAt: Date;
}

export interface SessionStart {
  /** The session was started by a two-factor sign-in (code or recovery code). */
  twoFactor?: boolean;
  /** The client's address, kept for the operators' view of the account's logins. */
  ip?: string;
}

async function isOperator(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: operators.userId }).from(operators).where(eq(operators.userId, userId));
  return row !== undefined;
}

export async function startSession(
  db: Db,
  userId: string,
  start: SessionStart = {},
  now = new Date(),
): Promise<StartedSession> {
  const token = randomBytes(32).toString('base64url');
  const ttl = (await isOperator(db, userId)) ? OPERATOR_SESSION_TTL_MS : SESSION_TTL_MS;
  const expiresAt = new Date(now.getTime() + ttl);
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt,
    twoFactorAt: start.twoFactor ? now : null,
    ip: start.ip ?? null,
  });
  return { token, expiresAt };
}

export interface ResolvedSession {
  sessionId: string;
  userId: string;
  /** Set when the expiry was slid forward and the cookie must be re-sent. */
  renewedUntil: Date | null;
  /** The session was started by a two-factor sign-in. */
  twoFactor: boolean;
}

export async function resolveSession(db: Db, token: string, now = new Date()): Promise<ResolvedSession | null> {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      twoFactorAt: sessions.twoFactorAt,
      operator: operators.userId,
    })
    .from(sessions)
    .leftJoin(operators, eq(operators.userId, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  if (!row) return null;
  const twoFactor = row.twoFactorAt !== null;
  // An operator's session (even one started before they became an operator) ends 12 hours after its sign-in.
  if (row.operator !== null) {
    const operatorEnd = new Date(row.createdAt.getTime() + OPERATOR_SESSION_TTL_MS);
    if (operatorEnd <= now) return null;
    if (row.expiresAt > operatorEnd) {
      await db.update(sessions).set({ expiresAt: operatorEnd }).where(eq(sessions.id, row.id));
      return { sessionId: row.id, userId: row.userId, renewedUntil: operatorEnd, twoFactor };
    }
    return { sessionId: row.id, userId: row.userId, renewedUntil: null, twoFactor };
  }
  let renewedUntil: Date | null = null;
  if (row.expiresAt.getTime() - now.getTime() < RENEW_WHEN_LEFT_MS) {
    renewedUntil = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.id, row.id));
  }
  return { sessionId: row.id, userId: row.userId, renewedUntil, twoFactor };
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
