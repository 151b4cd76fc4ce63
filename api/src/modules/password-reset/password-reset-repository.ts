import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { passwordResetTokens, twoFactorChallenges, users } from '../../db/schema';

export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;

export async function insertPasswordResetToken(
  db: Db,
  values: { tokenHash: string; userId: string; email: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

export async function findPasswordResetToken(db: Db, tokenHash: string): Promise<PasswordResetTokenRow | undefined> {
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
}

/** Locks the token row for the rest of the transaction, so two presses on one link change the password once. */
export async function findPasswordResetTokenForUpdate(
  db: Db,
  tokenHash: string,
): Promise<PasswordResetTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

/** Spends every unused link of the user: once the password is new, older links must not change it again. */
export async function spendPasswordResetTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * The new hash, for the account still at `email` (an email change since the link makes it useless).
 * The link reached that address, so the address counts as verified too (keeping the first time).
 */
export async function setPasswordFromReset(
  db: Db,
  userId: string,
  email: string,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      passwordHash,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Ends the steps between a right (old) password and a two-factor code: they were earned with the old password. */
export async function deleteSignInChallengesOf(db: Db, userId: string): Promise<void> {
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}
