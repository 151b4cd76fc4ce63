import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailVerificationTokens, users } from '../../db/schema';

export type VerificationTokenRow = typeof emailVerificationTokens.$inferSelect;

export async function insertVerificationToken(
  db: Db,
  values: { tokenHash: string; userId: string; email: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailVerificationTokens).values(values);
}

/** Spends the user's unused links for any other address: after an email change they prove nothing. */
export async function spendTokensForOtherEmails(db: Db, userId: string, email: string, now: Date): Promise<void> {
  await db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerificationTokens.userId, userId),
        ne(emailVerificationTokens.email, email),
        isNull(emailVerificationTokens.usedAt),
      ),
    );
}

/** The token row, read only (the page describing a link spends nothing). */
export async function findToken(db: Db, tokenHash: string): Promise<VerificationTokenRow | undefined> {
  const [row] = await db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, tokenHash));
  return row;
}

/** Locks the token row for the rest of the transaction, so two clicks on one link verify once. */
export async function findTokenForUpdate(db: Db, tokenHash: string): Promise<VerificationTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markTokenUsed(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(emailVerificationTokens).set({ usedAt: now }).where(eq(emailVerificationTokens.tokenHash, tokenHash));
}

/**
 * Marks the account's email verified, only if it is still the address the link was sent to (an email
 * change since makes the link useless). Keeps the first verification time.
 */
export async function markEmailVerified(db: Db, userId: string, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}
