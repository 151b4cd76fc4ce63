import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { twoFactorChallenges, twoFactorCredentials, twoFactorRecoveryCodes } from '../../db/schema';

export type TwoFactorCredentialsRow = typeof twoFactorCredentials.$inferSelect;

export async function findTwoFactorCredentials(db: Db, userId: string): Promise<TwoFactorCredentialsRow | null> {
  const [row] = await db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
  return row ?? null;
}

/** A new set-up replaces one not yet confirmed; false when two-factor sign-in is already on. */
export async function savePendingSetup(db: Db, userId: string, secretEncrypted: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(twoFactorCredentials)
    .values({ userId, secretEncrypted, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactorCredentials.userId,
      set: { secretEncrypted, lastUsedTimeStep: null, createdAt: now },
      setWhere: isNull(twoFactorCredentials.enabledAt),
    })
    .returning({ userId: twoFactorCredentials.userId });
  return rows.length > 0;
}

/** Turns the pending set-up on with the step of the code that confirmed it; false when it was not pending any more. */
export async function markTwoFactorEnabled(
  db: Db,
  userId: string,
  secretEncrypted: string,
  timeStep: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(twoFactorCredentials)
    .set({ enabledAt: now, lastUsedTimeStep: timeStep })
    .where(
      and(
        eq(twoFactorCredentials.userId, userId),
        isNull(twoFactorCredentials.enabledAt),
        eq(twoFactorCredentials.secretEncrypted, secretEncrypted),
      ),
    )
    .returning({ userId: twoFactorCredentials.userId });
  return rows.length > 0;
}

/**
 * Records that a code of `timeStep` was accepted, only if no code of that step or a later one was: one
 * statement, so two requests racing with the same code cannot both pass (replay protection).
 */
export async function claimTimeStep(db: Db, userId: string, timeStep: number): Promise<boolean> {
  const c = twoFactorCredentials;
  const rows = await db
    .update(c)
    .set({ lastUsedTimeStep: timeStep })
    .where(
      and(
        eq(c.userId, userId),
        isNotNull(c.enabledAt),
        or(isNull(c.lastUsedTimeStep), lt(c.lastUsedTimeStep, timeStep)),
      ),
    )
    .returning({ userId: c.userId });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused recovery code used; false when there is no such unused code (one statement: single use). */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const r = twoFactorRecoveryCodes;
  const rows = await db
    .update(r)
    .set({ usedAt: now })
    .where(and(eq(r.userId, userId), eq(r.codeHash, codeHash), isNull(r.usedAt)))
    .returning({ id: r.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Everything two-factor of the account: the secret, recovery codes and pending sign-ins. */
export async function deleteTwoFactorData(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .delete(twoFactorCredentials)
    .where(eq(twoFactorCredentials.userId, userId))
    .returning({ userId: twoFactorCredentials.userId });
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  return rows.length > 0;
}

export async function insertChallenge(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.insert(twoFactorChallenges).values({ ...values, createdAt: now });
  // Expired challenges are useless; trim them now and then instead of running a job for it.
  if (Math.random() < 0.05) await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now));
}

export async function findLiveChallenge(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: twoFactorChallenges.id,
      userId: twoFactorChallenges.userId,
      failedAttempts: twoFactorChallenges.failedAttempts,
    })
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.tokenHash, tokenHash), gt(twoFactorChallenges.expiresAt, now)));
  return row ?? null;
}

/**
 * Takes one of the challenge's `maxFailures` tries before its code is checked, atomically: of requests
 * arriving at once, at most `maxFailures` get one. Returns the tries taken so far, or null when none is
 * left (or the challenge is gone). A right code uses the challenge up, so its try never matters.
 */
export async function takeChallengeTry(db: Db, id: string, maxFailures: number): Promise<number | null> {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
    .where(and(eq(twoFactorChallenges.id, id), lt(twoFactorChallenges.failedAttempts, maxFailures)))
    .returning({ failedAttempts: twoFactorChallenges.failedAttempts });
  return row?.failedAttempts ?? null;
}

/** Uses the challenge up; false when another request already did (single use). */
export async function consumeChallenge(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, id))
    .returning({ id: twoFactorChallenges.id });
  return rows.length > 0;
}
