import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, paymentAttempts, subscriptionCharges, subscriptions, users } from '../../db/schema';
import { goalColumns } from '../goals/goal-reached-repository';
import { creatorNotSuspended } from '../creator-profile/creator-visibility';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionChargeRow = typeof subscriptionCharges.$inferSelect;

export async function insertSubscriptionCharge(db: Db, values: typeof subscriptionCharges.$inferInsert): Promise<void> {
  await db
    .insert(subscriptionCharges)
    .values(values)
    .onConflictDoNothing({ target: [subscriptionCharges.subscriptionId, subscriptionCharges.periodStart] });
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** A subscription with its creator's names, for answers and emails. */
export async function findSubscriptionView(db: Db, id: string) {
  const [row] = await db
    .select({
      subscription: subscriptions,
      creatorUsername: creatorProfiles.username,
      creatorDisplayName: creatorProfiles.displayName,
    })
    .from(subscriptions)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, subscriptions.creatorId))
    .where(eq(subscriptions.id, id));
  return row;
}

/** Locks the row for a read-modify-write (cancel, renew); concurrent changers wait. */
export async function lockSubscription(tx: Db, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

export async function updateSubscription(
  tx: Db,
  id: string,
  changes: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await tx.update(subscriptions).set(changes).where(eq(subscriptions.id, id)).returning();
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row;
}

/** Counts a card setup started for the support: its number (1, 2, ...), in the order they were started. */
export async function nextCardSetupNumber(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(subscriptions)
    .set({ cardSetupsStarted: sql`${subscriptions.cardSetupsStarted} + 1` })
    .where(eq(subscriptions.id, id))
    .returning({ number: subscriptions.cardSetupsStarted });
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row.number;
}

/** Due for the renewal job: a period ended, a failed renewal's retry is due, or a fixed pause is over. */
function isDue(now: Date) {
  return or(
    and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)),
    and(eq(subscriptions.status, 'past_due'), lte(subscriptions.nextRetryAt, now)),
    and(eq(subscriptions.status, 'paused'), lte(subscriptions.pauseResumesAt, now)),
  );
}

/** Subscriptions a renewal run must look at (see `isDue`). */
export async function listDueSubscriptionIds(
  db: Db,
  now: Date,
  limit: number,
  excludeIds: readonly string[],
): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        isDue(now),
        excludeIds.length > 0
          ? sql`${subscriptions.id} not in (${sql.join(
              excludeIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : undefined,
      ),
    )
    .orderBy(subscriptions.currentPeriodEnd)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The due subscription, locked, skipping it when another worker holds it. */
export async function lockDueSubscription(tx: Db, id: string, now: Date): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), isDue(now)))
    .for('update', { skipLocked: true });
  return row;
}

export async function findCharge(
  tx: Db,
  subscriptionId: string,
  periodStart: Date,
): Promise<SubscriptionChargeRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptionCharges)
    .where(
      and(eq(subscriptionCharges.subscriptionId, subscriptionId), eq(subscriptionCharges.periodStart, periodStart)),
    );
  return row;
}

/** The charge of the period being retried. */
export async function findLatestPendingCharge(
  tx: Db,
  subscriptionId: string,
): Promise<SubscriptionChargeRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptionCharges)
    .where(and(eq(subscriptionCharges.subscriptionId, subscriptionId), eq(subscriptionCharges.status, 'pending')))
    .orderBy(desc(subscriptionCharges.periodStart))
    .limit(1);
  return row;
}

export async function updateCharge(
  tx: Db,
  id: string,
  changes: Partial<typeof subscriptionCharges.$inferInsert>,
): Promise<void> {
  await tx.update(subscriptionCharges).set(changes).where(eq(subscriptionCharges.id, id));
}

/** Pending charge rows of a subscription (a period being retried) are closed when it ends. */
export async function failPendingCharges(tx: Db, subscriptionId: string, message: string, now: Date): Promise<void> {
  await tx
    .update(subscriptionCharges)
    .set({ status: 'failed', lastFailureMessage: message, updatedAt: now })
    .where(and(eq(subscriptionCharges.subscriptionId, subscriptionId), eq(subscriptionCharges.status, 'pending')));
}

export async function findPendingAttemptForCharge(tx: Db, chargeId: string) {
  const [row] = await tx
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.subscriptionChargeId, chargeId), eq(paymentAttempts.status, 'pending')))
    .orderBy(desc(paymentAttempts.createdAt))
    .limit(1);
  return row;
}

/** Whether the creator is live and the supporting account (if any) still exists: otherwise renewals stop. */
export async function findRenewalParties(tx: Db, subscription: Pick<SubscriptionRow, 'creatorId' | 'supporterUserId'>) {
  const [creator] = await tx
    .select({
      userId: creatorProfiles.userId,
      username: creatorProfiles.username,
      displayName: creatorProfiles.displayName,
      email: users.email,
      notifyNewSupport: users.notifyNewSupport,
      notifySupporterMessages: users.notifySupporterMessages,
      ...goalColumns,
      live: sql<boolean>`${creatorProfiles.deletedAt} is null and ${users.deletedAt} is null`.mapWith(Boolean),
      /** Suspended by an operator: renewals wait (skipped, not failed) until the suspension is lifted. */
      suspended: sql<boolean>`not (${creatorNotSuspended})`.mapWith(Boolean),
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(eq(creatorProfiles.userId, subscription.creatorId));
  let supporterGone = false;
  if (subscription.supporterUserId) {
    const [supporter] = await tx
      .select({ deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, subscription.supporterUserId));
    supporterGone = !supporter || supporter.deletedAt !== null;
  }
  return { creator, supporterGone };
}

/**
 * Subscriptions that belong to a user: made signed in, or as a guest with the account's email once
 * that email is verified (the same rule as the supporter's history).
 */
export function ownedBy(userId: string, verifiedEmail: string | null) {
  return verifiedEmail
    ? or(
        eq(subscriptions.supporterUserId, userId),
        and(isNull(subscriptions.supporterUserId), eq(subscriptions.supporterEmail, verifiedEmail)),
      )
    : eq(subscriptions.supporterUserId, userId);
}

export async function listSubscriptionViewsOwnedBy(
  db: Db,
  userId: string,
  verifiedEmail: string | null,
  statuses: ReadonlyArray<SubscriptionRow['status']>,
) {
  return db
    .select({
      subscription: subscriptions,
      creatorUsername: creatorProfiles.username,
      creatorDisplayName: creatorProfiles.displayName,
    })
    .from(subscriptions)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, subscriptions.creatorId))
    .where(and(ownedBy(userId, verifiedEmail), inArray(subscriptions.status, [...statuses])))
    .orderBy(desc(subscriptions.createdAt));
}

/**
 * A deleted account's monthly supports end at once (no further charge can be authorised by nobody)
 * and forget who paid; their charges and supports stay in the books.
 */
export async function endSubscriptionsOfDeletedUser(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      status: 'canceled',
      cancelAtPeriodEnd: true,
      canceledAt: now,
      endedAt: now,
      pausedAt: null,
      pauseResumesAt: null,
      supporterEmail: null,
      supporterName: null,
    })
    .where(
      and(eq(subscriptions.supporterUserId, userId), inArray(subscriptions.status, ['active', 'past_due', 'paused'])),
    );
}

export async function findChargeById(db: Db, id: string): Promise<SubscriptionChargeRow | undefined> {
  const [row] = await db.select().from(subscriptionCharges).where(eq(subscriptionCharges.id, id));
  return row;
}

/** The subscription's period still to pay whose renewal awaits the supporter's authentication. */
export async function findChargeAwaitingConfirmation(
  db: Db,
  subscriptionId: string,
): Promise<SubscriptionChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, subscriptionId),
        eq(subscriptionCharges.status, 'pending'),
        sql`${subscriptionCharges.actionIntentId} is not null`,
      ),
    )
    .limit(1);
  return row;
}

/** The ids of these subscriptions whose renewal awaits the supporter's authentication (My Missions). */
export async function listSubscriptionsAwaitingConfirmation(db: Db, subscriptionIds: string[]): Promise<Set<string>> {
  if (subscriptionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: subscriptionCharges.subscriptionId })
    .from(subscriptionCharges)
    .where(
      and(
        inArray(subscriptionCharges.subscriptionId, subscriptionIds),
        eq(subscriptionCharges.status, 'pending'),
        sql`${subscriptionCharges.actionIntentId} is not null`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function findAttemptByIntent(db: Db, intentId: string) {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.providerIntentId, intentId));
  return row;
}

/**
 * Records a renewal attempt that awaited authentication as paid; false when it was already recorded (by
 * the page, the provider's event or a second click): only one writer gets the row.
 */
export async function completeConfirmedAttempt(
  db: Db,
  id: string,
  changes: Partial<typeof paymentAttempts.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(paymentAttempts)
    .set(changes)
    .where(
      and(
        eq(paymentAttempts.id, id),
        eq(paymentAttempts.status, 'failed'),
        eq(paymentAttempts.failureCode, 'authentication_required'),
        isNull(paymentAttempts.supportId),
      ),
    )
    .returning({ id: paymentAttempts.id });
  return rows.length > 0;
}
