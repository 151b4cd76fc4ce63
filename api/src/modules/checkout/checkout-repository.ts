import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, paymentAttempts, subscriptions, supports, supportTiers, users } from '../../db/schema';
import { goalColumns } from '../goals/goal-reached-repository';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

/** What checkout needs to know about a creator, in one query: the live profile, settings and the chosen tier. */
export async function findCheckoutCreator(db: Db, where: { username: string } | { userId: string }, tierPosition: number | null) {
  const [row] = await db
    .select({
      userId: creatorProfiles.userId,
      username: creatorProfiles.username,
      displayName: creatorProfiles.displayName,
      minimumAmountCents: creatorProfiles.minimumAmountCents,
      allowMessages: creatorProfiles.allowMessages,
      email: users.email,
      notifyNewSupport: users.notifyNewSupport,
      notifySupporterMessages: users.notifySupporterMessages,
      ...goalColumns,
      live: sql<boolean>`${creatorProfiles.deletedAt} is null and ${users.deletedAt} is null`.mapWith(Boolean),
      tierAmountCents: supportTiers.amountCents,
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .leftJoin(supportTiers, and(eq(supportTiers.creatorId, creatorProfiles.userId), eq(supportTiers.position, tierPosition ?? -1)))
    .where('username' in where ? eq(creatorProfiles.username, where.username) : eq(creatorProfiles.userId, where.userId));
  return row;
}

export type CheckoutCreator = NonNullable<Awaited<ReturnType<typeof findCheckoutCreator>>>;

export async function findAttemptByKey(db: Db, idempotencyKey: string): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.idempotencyKey, idempotencyKey));
  return row;
}

/** Records the attempt before the provider is called; undefined when the key is already taken. */
export async function insertAttempt(db: Db, values: typeof paymentAttempts.$inferInsert): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db.insert(paymentAttempts).values(values).onConflictDoNothing({ target: paymentAttempts.idempotencyKey }).returning();
  return row;
}

/**
 * Moves a pending attempt to its outcome; false when another request or the recovery job already
 * did (the caller then answers with that outcome). An attempt marked "interrupted" by the recovery
 * job may still be completed by the request that actually charged: the money was taken.
 */
export async function completeAttempt(db: Db, id: string, changes: Partial<typeof paymentAttempts.$inferInsert>): Promise<boolean> {
  const rows = await completeAttemptQuery(db, id, changes);
  return rows.length > 0;
}

/** completeAttempt's UPDATE as a query (not yet run), to embed in a larger statement; returns the id when it applies. */
export function completeAttemptQuery(db: Db, id: string, changes: Partial<typeof paymentAttempts.$inferInsert>) {
  return db
    .update(paymentAttempts)
    .set(changes)
    .where(
      and(
        eq(paymentAttempts.id, id),
        or(eq(paymentAttempts.status, 'pending'), and(eq(paymentAttempts.status, 'failed'), eq(paymentAttempts.failureCode, 'interrupted'), isNull(paymentAttempts.supportId))),
      ),
    )
    .returning({ id: paymentAttempts.id });
}

/** Everything a receipt shows, for a completed attempt. */
export async function findReceiptParts(db: Db, attemptId: string) {
  const [row] = await db
    .select({
      attempt: paymentAttempts,
      support: supports,
      creatorUsername: creatorProfiles.username,
      creatorDisplayName: creatorProfiles.displayName,
      subscription: subscriptions,
    })
    .from(paymentAttempts)
    .innerJoin(supports, eq(supports.id, paymentAttempts.supportId))
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, supports.creatorId))
    .leftJoin(subscriptions, eq(subscriptions.id, supports.subscriptionId))
    .where(eq(paymentAttempts.id, attemptId));
  return row;
}

/** Checkout attempts left pending (the process died mid-payment), oldest first. */
export async function listStaleCheckoutAttempts(db: Db, olderThan: Date, limit: number): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.status, 'pending'), eq(paymentAttempts.purpose, 'checkout'), sql`${paymentAttempts.createdAt} < ${olderThan.toISOString()}::timestamptz`))
    .orderBy(paymentAttempts.createdAt)
    .limit(limit);
}
