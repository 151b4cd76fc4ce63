import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, paymentAttempts, refunds, subscriptions, supports, users } from '../../db/schema';
import type { SupportRow } from '../ledger/ledger-repository';

export type RefundRow = typeof refunds.$inferSelect;

const n = (fragment: ReturnType<typeof sql>) => sql<number>`${fragment}`.mapWith(Number);

/** The creator's support, its row locked: refunds of one support are decided one at a time, across instances. */
export async function lockCreatorSupport(
  tx: Db,
  creatorId: string,
  supportId: string,
): Promise<SupportRow | undefined> {
  const [row] = await tx
    .select()
    .from(supports)
    .where(and(eq(supports.id, supportId), eq(supports.creatorId, creatorId)))
    .for('update');
  return row;
}

export async function findSupport(
  db: Db,
  supportId: string,
): Promise<(SupportRow & { supporterId: string }) | undefined> {
  const [row] = await db.select().from(supports).where(eq(supports.id, supportId));
  return row;
}

/** The provider charge that paid a support (checkout or renewal), if it went through a provider. */
export async function findSupportCharge(db: Db, supportId: string) {
  const [row] = await db
    .select({
      provider: paymentAttempts.provider,
      chargeId: paymentAttempts.providerChargeId,
      cardBrand: paymentAttempts.cardBrand,
      cardLast4: paymentAttempts.cardLast4,
    })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.supportId, supportId), eq(paymentAttempts.status, 'succeeded')))
    .limit(1);
  return row?.chargeId ? { ...row, chargeId: row.chargeId } : undefined;
}

/**
 * What is refunded of a support: completed, and completed or in progress (reserved). A refund the provider failed
 * after it succeeded stays reserved: the provider still counts it on the charge (a new refund of it would be refused,
 * and the card refused it), and the charge's running total in its events includes it.
 */
export async function sumSupportRefunds(db: Db, supportId: string) {
  const [row] = await db
    .select({
      refundedCents: n(sql`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.status} = 'succeeded'), 0)`),
      platformFeeReturnedCents: n(
        sql`coalesce(sum(${refunds.platformFeeReturnedCents}) filter (where ${refunds.status} = 'succeeded'), 0)`,
      ),
      reservedCents: n(
        sql`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.status} in ('pending', 'succeeded') or ${refunds.providerFailedAt} is not null), 0)`,
      ),
      // Failed after they succeeded: still on the provider's charge, and what they had taken off the creator.
      failedLaterCents: n(
        sql`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.providerFailedAt} is not null), 0)`,
      ),
      failedLaterCreatorDebitCents: n(
        sql`coalesce(sum(${refunds.creatorDebitCents}) filter (where ${refunds.providerFailedAt} is not null), 0)`,
      ),
    })
    .from(refunds)
    .where(eq(refunds.supportId, supportId));
  return (
    row ?? {
      refundedCents: 0,
      platformFeeReturnedCents: 0,
      reservedCents: 0,
      failedLaterCents: 0,
      failedLaterCreatorDebitCents: 0,
    }
  );
}

/** Records a refund before the provider is called; undefined when this creator already used the key. */
export async function insertRefund(tx: Db, values: typeof refunds.$inferInsert): Promise<RefundRow | undefined> {
  const [row] = await tx
    .insert(refunds)
    .values(values)
    .onConflictDoNothing({ target: [refunds.creatorId, refunds.idempotencyKey] })
    .returning();
  return row;
}

export async function findRefundByKey(
  db: Db,
  creatorId: string,
  idempotencyKey: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.creatorId, creatorId), eq(refunds.idempotencyKey, idempotencyKey)));
  return row;
}

/** Changes a refund still pending; undefined when another request completed it first. */
export async function completePendingRefund(
  tx: Db,
  id: string,
  changes: Partial<typeof refunds.$inferInsert>,
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set(changes)
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** The refund's row, locked, while it is still pending; undefined once another process completed it. */
export async function lockPendingRefund(tx: Db, id: string): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return row?.status === 'pending' ? row : undefined;
}

export async function findRefund(db: Db, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

/** Refunds left pending (the process died mid-refund), oldest first, but for those whose recovery waits to retry. */
export async function listStalePendingRefunds(db: Db, olderThan: Date, now: Date, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        sql`${refunds.createdAt} < ${olderThan.toISOString()}::timestamptz`,
        sql`(${refunds.nextRecoveryAt} is null or ${refunds.nextRecoveryAt} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(refunds.createdAt)
    .limit(limit);
}

/** A recovery of the refund threw: one more failed try, and the next not before `next` (only while still pending). */
export async function deferRefundRecovery(db: Db, refundId: string, next: (failedTries: number) => Date) {
  const [row] = await db
    .select({ recoveryAttempts: refunds.recoveryAttempts })
    .from(refunds)
    .where(eq(refunds.id, refundId));
  if (!row) return;
  const failedTries = row.recoveryAttempts + 1;
  await db
    .update(refunds)
    .set({ recoveryAttempts: failedTries, nextRecoveryAt: next(failedTries) })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

export async function findRefundCreatorName(db: Db, creatorId: string): Promise<string> {
  const [row] = await db
    .select({ displayName: creatorProfiles.displayName })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, creatorId));
  return row?.displayName ?? '';
}

/**
 * Per support: refunds completed (and the platform fee they returned), refunds still in progress, refunds failed
 * after they succeeded,
 * whether a provider charge paid it, and whether its monthly support still runs.
 */
export async function listRefundFigures(db: Db, supportIds: readonly string[]) {
  if (supportIds.length === 0) return new Map<string, RefundFigures>();
  const rows = await db
    .select({
      supportId: supports.id,
      refundedCents: n(
        sql`(select coalesce(sum(r.amount_cents), 0) from ${refunds} r where r.support_id = ${supports.id} and r.status = 'succeeded')`,
      ),
      platformFeeReturnedCents: n(
        sql`(select coalesce(sum(r.platform_fee_returned_cents), 0) from ${refunds} r where r.support_id = ${supports.id} and r.status = 'succeeded')`,
      ),
      pendingCents: n(
        sql`(select coalesce(sum(r.amount_cents), 0) from ${refunds} r where r.support_id = ${supports.id} and r.status = 'pending')`,
      ),
      failedLaterCents: n(
        sql`(select coalesce(sum(r.amount_cents), 0) from ${refunds} r where r.support_id = ${supports.id} and r.provider_failed_at is not null)`,
      ),
      // Nested in sql``: drizzle leaves the outer table's name on columns only inside a nested fragment.
      charged:
        sql<boolean>`${sql`exists (select 1 from ${paymentAttempts} pa where pa.support_id = ${supports.id} and pa.status = 'succeeded' and pa.provider_charge_id is not null)`}`.mapWith(
          Boolean,
        ),
      subscriptionActive:
        sql<boolean>`${sql`coalesce((select (s.status in ('active', 'paused') and not s.cancel_at_period_end) or s.status = 'past_due' from ${subscriptions} s where s.id = ${supports.subscriptionId}), false)`}`.mapWith(
          Boolean,
        ),
    })
    .from(supports)
    .where(inArray(supports.id, [...supportIds]));
  return new Map(rows.map((row) => [row.supportId, row]));
}

export interface RefundFigures {
  refundedCents: number;
  platformFeeReturnedCents: number;
  pendingCents: number;
  /** Refunds the provider failed after they succeeded: not refunded, and not refundable again (sumSupportRefunds). */
  failedLaterCents: number;
  charged: boolean;
  subscriptionActive: boolean;
}

/** The support a provider's charge paid (checkout or renewal), or undefined. */
export async function findSupportByProviderCharge(db: Db, provider: string, chargeId: string) {
  const [row] = await db
    .select({ supportId: supports.id, creatorId: supports.creatorId, currency: supports.currency })
    .from(paymentAttempts)
    .innerJoin(supports, eq(supports.id, paymentAttempts.supportId))
    .where(
      and(
        eq(paymentAttempts.provider, provider),
        eq(paymentAttempts.providerChargeId, chargeId),
        eq(paymentAttempts.status, 'succeeded'),
      ),
    )
    .limit(1);
  return row;
}

/** Our refund the provider knows by this id (set when the refund completed), or undefined. */
export async function findRefundByProviderRefundId(
  db: Db,
  provider: string,
  providerRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId)));
  return row;
}

/** The refund's row, locked, whatever its status. */
export async function lockRefund(tx: Db, id: string): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return row;
}

export async function updateRefund(
  tx: Db,
  id: string,
  changes: Partial<typeof refunds.$inferInsert>,
): Promise<RefundRow | undefined> {
  const [row] = await tx.update(refunds).set(changes).where(eq(refunds.id, id)).returning();
  return row;
}

/** The creator's sign-in address, for their account emails; null when they have none. */
export async function findCreatorEmail(db: Db, creatorId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(eq(creatorProfiles.userId, creatorId));
  return row?.email ?? null;
}

/** Failed refunds whose creator's share still waits to be given back at the provider, oldest first, when due. */
export async function listDueCreatorRestores(db: Db, now: Date, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.creatorRestore, 'pending'),
        sql`(${refunds.nextRestoreAt} is null or ${refunds.nextRestoreAt} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(refunds.providerFailedAt)
    .limit(limit);
}

/** A transfer giving the creator's share back threw: one more failed try, and the next not before `next`. */
export async function deferCreatorRestore(db: Db, refundId: string, next: (failedTries: number) => Date) {
  const [row] = await db
    .select({ tries: refunds.creatorRestoreAttempts })
    .from(refunds)
    .where(eq(refunds.id, refundId));
  if (!row) return;
  const failedTries = row.tries + 1;
  await db
    .update(refunds)
    .set({ creatorRestoreAttempts: failedTries, nextRestoreAt: next(failedTries) })
    .where(and(eq(refunds.id, refundId), eq(refunds.creatorRestore, 'pending')));
}
