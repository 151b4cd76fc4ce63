import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, follows, refunds, supports, supportTiers, users } from '../../db/schema';
import { creatorPubliclyVisible } from '../creator-profile/creator-visibility';

export type CreatorProfileRow = typeof creatorProfiles.$inferSelect;

/**
 * Who counts as one supporter: the support's supporter identity (migration 0011), the account when signed
 * in, else the email, joined when an account verifies that email, and kept when the account is deleted.
 */
export const supporterKey = sql`${supports.supporterId}::text`;

/** A live profile: neither the profile nor its account is deleted, and an operator neither hid nor suspended it. */
const isLive = and(isNull(creatorProfiles.deletedAt), isNull(users.deletedAt), creatorPubliclyVisible);

export interface ProfileWithStats {
  profile: CreatorProfileRow;
  totalRaisedCents: number;
  monthRaisedCents: number;
  supporterCount: number;
  recurringSupportCount: number;
  followers: number;
  viewerFollows: boolean;
}

/** One query: the profile and every figure of the page, aggregated by the database. */
export async function findProfileWithStats(
  db: Db,
  username: string,
  monthStart: Date,
  viewerId: string | null,
): Promise<ProfileWithStats | undefined> {
  const ofCreator = sql`${supports.creatorId} = ${creatorProfiles.userId}`;
  const refundsOfCreator = sql`${refunds.creatorId} = ${creatorProfiles.userId}`;
  const [row] = await db
    .select({
      profile: creatorProfiles,
      // Raised: supports minus refunds (a refund counts on its own date).
      totalRaisedCents:
        sql<number>`(select coalesce(sum(${supports.amountCents}), 0) from ${supports} where ${ofCreator})
        - (select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} where ${refundsOfCreator} and ${refunds.status} = 'succeeded')`.mapWith(
          Number,
        ),
      monthRaisedCents:
        sql<number>`greatest(0, (select coalesce(sum(${supports.amountCents}), 0) from ${supports} where ${ofCreator} and ${supports.createdAt} >= ${monthStart.toISOString()}::timestamptz)
        - (select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} where ${refundsOfCreator} and ${refunds.status} = 'succeeded' and ${refunds.completedAt} >= ${monthStart.toISOString()}::timestamptz))`.mapWith(
          Number,
        ),
      supporterCount: sql<number>`(select count(distinct ${supporterKey}) from ${supports} where ${ofCreator})`.mapWith(
        Number,
      ),
      recurringSupportCount:
        sql<number>`(select count(*) from ${supports} where ${ofCreator} and ${supports.isRecurring})`.mapWith(Number),
      // Followers whose accounts are deleted no longer count.
      followers:
        sql<number>`(select count(*) from ${follows} join ${users} f on f.id = ${follows.followerId} where ${follows.creatorId} = ${creatorProfiles.userId} and f.deleted_at is null)`.mapWith(
          Number,
        ),
      viewerFollows: viewerId
        ? sql<boolean>`exists (select 1 from ${follows} where ${follows.creatorId} = ${creatorProfiles.userId} and ${follows.followerId} = ${viewerId})`.mapWith(
            Boolean,
          )
        : sql<boolean>`false`.mapWith(Boolean),
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(and(eq(creatorProfiles.username, username), isLive));
  return row;
}

export async function listTiers(db: Db, creatorId: string) {
  return db
    .select({
      position: supportTiers.position,
      name: supportTiers.name,
      emoji: supportTiers.emoji,
      description: supportTiers.description,
      perks: supportTiers.perks,
      isRecurring: supportTiers.isRecurring,
      amountCents: supportTiers.amountCents,
    })
    .from(supportTiers)
    .where(eq(supportTiers.creatorId, creatorId))
    .orderBy(asc(supportTiers.position));
}

/** Newest first; uses the (creator_id, created_at) index. */
export async function listRecentSupports(db: Db, creatorId: string, limit: number) {
  return db
    .select({
      id: supports.id,
      supporterName: supports.supporterName,
      isAnonymous: supports.isAnonymous,
      amountCents: supports.amountCents,
      message: supports.message,
      isRecurring: supports.isRecurring,
      createdAt: supports.createdAt,
    })
    .from(supports)
    .where(eq(supports.creatorId, creatorId))
    .orderBy(desc(supports.createdAt), desc(supports.id))
    .limit(limit);
}

/** Idempotent: following twice leaves one row. */
export async function insertFollow(db: Db, followerId: string, creatorId: string): Promise<void> {
  await db.insert(follows).values({ followerId, creatorId }).onConflictDoNothing();
}

export async function deleteFollow(db: Db, followerId: string, creatorId: string): Promise<void> {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.creatorId, creatorId)));
}

export async function countFollowers(db: Db, creatorId: string): Promise<number> {
  const [row] = await db
    .select({ followers: sql<number>`count(*)`.mapWith(Number) })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.creatorId, creatorId), isNull(users.deletedAt)));
  return row?.followers ?? 0;
}
