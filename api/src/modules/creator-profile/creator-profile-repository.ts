import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, paymentAttempts, supports, supportTiers } from '../../db/schema';

export type CreatorProfileRow = typeof creatorProfiles.$inferSelect;
export type NewCreatorProfile = typeof creatorProfiles.$inferInsert;
export type CreatorProfileChanges = Partial<Omit<NewCreatorProfile, 'userId' | 'createdAt' | 'deletedAt'>>;
export type SupportTierRow = typeof supportTiers.$inferSelect;
export type SupportTierValues = Omit<typeof supportTiers.$inferInsert, 'creatorId'> & { position: number };

/** The user's live profile (a deleted one is gone for its owner too). */
export async function findOwnProfile(db: Db, userId: string): Promise<CreatorProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(creatorProfiles)
    .where(and(eq(creatorProfiles.userId, userId), isNull(creatorProfiles.deletedAt)));
  return row;
}

/** Any profile row of the user, deleted or not: a user has at most one, ever. */
export async function hasAnyProfile(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: creatorProfiles.userId })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, userId));
  return row !== undefined;
}

/** Same as findOwnProfile, locking the row until the transaction ends (read-modify-write). */
export async function lockOwnProfile(tx: Db, userId: string): Promise<CreatorProfileRow | undefined> {
  const [row] = await tx
    .select()
    .from(creatorProfiles)
    .where(and(eq(creatorProfiles.userId, userId), isNull(creatorProfiles.deletedAt)))
    .for('update');
  return row;
}

/**
 * Whether the creator's currency is fixed (decision 0015): they have a support, or a payment to them is under way (its
 * intent is in the currency the attempt recorded).
 */
export async function currencyIsLocked(db: Db, creatorId: string): Promise<boolean> {
  const [support] = await db
    .select({ id: supports.id })
    .from(supports)
    .where(eq(supports.creatorId, creatorId))
    .limit(1);
  if (support) return true;
  const [attempt] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.creatorId, creatorId), eq(paymentAttempts.status, 'pending')))
    .limit(1);
  return attempt !== undefined;
}

export async function insertProfile(tx: Db, values: NewCreatorProfile): Promise<void> {
  await tx.insert(creatorProfiles).values(values);
}

export async function updateProfile(tx: Db, userId: string, changes: CreatorProfileChanges): Promise<void> {
  await tx.update(creatorProfiles).set(changes).where(eq(creatorProfiles.userId, userId));
}

export async function findTiers(db: Db, creatorId: string): Promise<SupportTierRow[]> {
  return db
    .select()
    .from(supportTiers)
    .where(eq(supportTiers.creatorId, creatorId))
    .orderBy(asc(supportTiers.position));
}

/** Writes whole tiers at their positions (insert or replace). */
export async function upsertTiers(tx: Db, creatorId: string, tiers: readonly SupportTierValues[]): Promise<void> {
  if (tiers.length === 0) return;
  await tx
    .insert(supportTiers)
    .values(tiers.map((tier) => ({ ...tier, creatorId })))
    .onConflictDoUpdate({
      target: [supportTiers.creatorId, supportTiers.position],
      set: {
        name: sql`excluded.name`,
        emoji: sql`excluded.emoji`,
        description: sql`excluded.description`,
        perks: sql`excluded.perks`,
        isRecurring: sql`excluded.is_recurring`,
        amountCents: sql`excluded.amount_cents`,
      },
    });
}

/** Changes only the amounts of existing tiers; a missing tier row is created whole from the given values. */
export async function upsertTierAmounts(tx: Db, creatorId: string, tiers: readonly SupportTierValues[]): Promise<void> {
  if (tiers.length === 0) return;
  await tx
    .insert(supportTiers)
    .values(tiers.map((tier) => ({ ...tier, creatorId })))
    .onConflictDoUpdate({
      target: [supportTiers.creatorId, supportTiers.position],
      set: { amountCents: sql`excluded.amount_cents` },
    });
}
