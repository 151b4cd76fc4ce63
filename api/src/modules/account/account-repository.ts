import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { NotificationSettingsValues } from '@beabro/shared/schemas/settings';
import type { Db } from '../../db/database';
import { creatorProfiles, follows, supports, users } from '../../db/schema';

const notificationColumns = {
  newSupport: users.notifyNewSupport,
  monthlyReport: users.notifyMonthlyReport,
  goalReached: users.notifyGoalReached,
  supporterMessages: users.notifySupporterMessages,
  newPosts: users.notifyNewPosts,
};

/** Sets the email; the verification is kept only when the address did not actually change. */
export async function updateUserEmail(db: Db, userId: string, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      email,
      emailVerifiedAt: sql`case when ${users.email} = ${email} then ${users.emailVerifiedAt} else null end`,
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function updateUserDisplayName(db: Db, userId: string, displayName: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ displayName })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Compare-and-set on the hash that was verified, so two concurrent changes cannot both pass on one old password. */
export async function updateUserPasswordHash(
  db: Db,
  userId: string,
  expectedHash: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findNotificationSettings(
  db: Db,
  userId: string,
): Promise<NotificationSettingsValues | undefined> {
  const [row] = await db
    .select(notificationColumns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

export async function updateNotificationSettingsRow(
  db: Db,
  userId: string,
  patch: Partial<NotificationSettingsValues>,
): Promise<NotificationSettingsValues | undefined> {
  const set = {
    notifyNewSupport: patch.newSupport,
    notifyMonthlyReport: patch.monthlyReport,
    notifyGoalReached: patch.goalReached,
    notifySupporterMessages: patch.supporterMessages,
    notifyNewPosts: patch.newPosts,
  };
  // drizzle leaves undefined keys out of the SET list; an empty patch has nothing to write.
  if (Object.values(set).every((value) => value === undefined)) return findNotificationSettings(db, userId);
  const [row] = await db
    .update(users)
    .set(set)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning(notificationColumns);
  return row;
}

/**
 * Strips the personal data off the user row, keeping its id for the financial records that point at it.
 * Only if the password hash is still the one that was verified; locks the row for the rest of the transaction.
 */
export async function anonymiseUser(
  db: Db,
  userId: string,
  expectedHash: string,
  displayName: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ email: null, passwordHash: null, emailVerifiedAt: null, displayName, deletedAt: now })
    .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The profile stays (supports received point at it, and its username must never be reused) but is no longer public. */
export async function softDeleteCreatorProfile(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(creatorProfiles)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(creatorProfiles.userId, userId), isNull(creatorProfiles.deletedAt)));
}

/** Follows by the user and of the user's profile. */
export async function deleteFollowsOf(db: Db, userId: string): Promise<void> {
  await db.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.creatorId, userId)));
}

/**
 * Supports made by the user keep their amounts and fees (the ledger) but lose who made them: those made
 * signed in, and, when the user had proved owning the address, those made as a guest with it.
 */
export async function detachSupportsOf(db: Db, userId: string, verifiedEmail: string | null): Promise<void> {
  await db
    .update(supports)
    .set({ supporterUserId: null, supporterName: null, supporterEmail: null })
    .where(
      verifiedEmail
        ? or(eq(supports.supporterUserId, userId), eq(supports.supporterEmail, verifiedEmail))
        : eq(supports.supporterUserId, userId),
    );
}
