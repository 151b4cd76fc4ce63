import { and, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  creatorDailyRollups,
  creatorProfiles,
  creatorRollups,
  disputes,
  ledgerEntries,
  payoutItems,
  payouts,
  providerPayouts,
  refunds,
  supports,
  users,
} from '../../db/schema';

export type PayoutRow = typeof payouts.$inferSelect;

/** A support's own creator-net entry (not a refund's) that no payout covers yet. */
const notPaidOut = sql`${ledgerEntries.refundId} is null and not exists (select 1 from ${payoutItems} pi where pi.support_id = ${ledgerEntries.supportId})`;
/**
 * A refund's creator-net entry (negative) that no payout has deducted yet, or the reversal of one (positive: the
 * refund failed at the provider after it succeeded) that no payout has counted yet.
 */
const refundNotDeducted = sql`${ledgerEntries.refundId} is not null and exists (select 1 from ${refunds} r where r.id = ${ledgerEntries.refundId} and (case when ${ledgerEntries.reversal} then r.reversal_payout_id is null else r.payout_id is null end))`;

/** Creators with creator-net entries before `before` that no payout covers yet. */
export async function listCreatorsWithUnpaidEarnings(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ creatorId: ledgerEntries.creatorId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.type, 'creator_net'), lt(ledgerEntries.createdAt, before), notPaidOut));
  return rows.map((r) => r.creatorId);
}

/** One creator's unpaid creator-net entries before `before` (their index range only). */
export async function listUnpaidEntries(db: Db, creatorId: string, before: Date) {
  return db
    .select({ supportId: sql<string>`${ledgerEntries.supportId}`, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.creatorId, creatorId),
        eq(ledgerEntries.type, 'creator_net'),
        lt(ledgerEntries.createdAt, before),
        notPaidOut,
      ),
    );
}

/**
 * One creator's refunds before `before` that no payout has deducted yet (their creator-net entries,
 * negative): the next payout recovers them first.
 */
export async function listUndeductedRefundEntries(db: Db, creatorId: string, before: Date) {
  return db
    .select({
      refundId: sql<string>`${ledgerEntries.refundId}`,
      reversal: ledgerEntries.reversal,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.creatorId, creatorId),
        eq(ledgerEntries.type, 'creator_net'),
        lt(ledgerEntries.createdAt, before),
        refundNotDeducted,
      ),
    );
}

/**
 * What lost fraud disputes took back from one creator before `before` that no payout has deducted yet (their
 * `dispute_recovery` entries on the creator's account, negative): the next payout recovers them as it does refunds.
 */
export async function listUndeductedDisputeRecoveries(db: Db, creatorId: string, before: Date) {
  return db
    .select({ disputeId: sql<string>`${ledgerEntries.disputeId}`, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.creatorId, creatorId),
        eq(ledgerEntries.type, 'dispute_recovery'),
        eq(ledgerEntries.account, sql`'creator:' || ${ledgerEntries.creatorId}::text`),
        lt(ledgerEntries.createdAt, before),
        sql`exists (select 1 from ${disputes} d where d.id = ${ledgerEntries.disputeId} and d.recovery_payout_id is null)`,
      ),
    );
}

/** The lost fraud disputes whose recovery a payout deducted. */
export async function markDisputeRecoveriesDeducted(
  tx: Db,
  payoutId: string,
  entries: ReadonlyArray<{ disputeId: string }>,
): Promise<void> {
  if (entries.length > 0)
    await tx
      .update(disputes)
      .set({ recoveryPayoutId: payoutId })
      .where(
        inArray(
          disputes.id,
          entries.map((entry) => entry.disputeId),
        ),
      );
}

/**
 * Unpaid earnings minus refunds (and lost fraud disputes' recoveries) not yet deducted, before `before` (negative
 * when they outweigh them).
 * Read from the rollups, whatever the history and however many supports a day brings: every creator-net
 * entry before `before` (the daily rollups up to `before`'s day, less the entries of that day at or after
 * `before`: none when `before` is now or a midnight), plus the payout entries (negative: what payouts
 * took), plus back what payouts took from entries at or after `before`. A payout covers only entries
 * before its week's end (the Monday after `week_end`), so only payouts of weeks ending on or after
 * `before`'s day can have taken any: normally none. It relies on what the integrity check proves: each
 * payout's entry is minus the creator-net entries of the supports it covers and of the refunds it deducted,
 * and none of those is from after its week ended.
 */
export async function sumUnpaid(db: Db, creatorId: string, before: Date): Promise<number> {
  const dayStart = new Date(Date.UTC(before.getUTCFullYear(), before.getUTCMonth(), before.getUTCDate()));
  const day = dayStart.toISOString().slice(0, 10);
  const atMidnight = before.getTime() === dayStart.getTime();
  const creatorNet = and(eq(ledgerEntries.creatorId, creatorId), eq(ledgerEntries.type, 'creator_net'));
  // One statement, so its parts read one snapshot (a payout or a support landing between separate
  // reads could be counted in one part and not the other).
  const days = db
    .select({ total: sql`coalesce(sum(${creatorDailyRollups.ledgerNetCents}), 0)` })
    .from(creatorDailyRollups)
    .where(
      and(
        eq(creatorDailyRollups.creatorId, creatorId),
        atMidnight ? sql`${creatorDailyRollups.day} < ${day}::date` : sql`${creatorDailyRollups.day} <= ${day}::date`,
      ),
    );
  const restOfDay = db
    .select({ total: sql`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        creatorNet,
        gte(ledgerEntries.createdAt, before),
        lt(ledgerEntries.createdAt, new Date(dayStart.getTime() + 86_400_000)),
      ),
    );
  const paidOut = db
    .select({ total: sql`coalesce(sum(${creatorRollups.ledgerPayoutCents}), 0)` })
    .from(creatorRollups)
    .where(eq(creatorRollups.creatorId, creatorId));
  const latePayouts = db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.creatorId, creatorId), gte(payouts.weekEnd, day)));
  const supportsTakenLater = db
    .select({ total: sql`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(payoutItems)
    .innerJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.supportId, payoutItems.supportId),
        eq(ledgerEntries.type, 'creator_net'),
        isNull(ledgerEntries.refundId),
      ),
    )
    .where(and(inArray(payoutItems.payoutId, latePayouts), gte(ledgerEntries.createdAt, before)));
  const refundsTakenLater = db
    .select({ total: sql`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(refunds)
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.refundId, refunds.id), eq(ledgerEntries.type, 'creator_net')))
    .where(
      and(
        or(
          and(eq(ledgerEntries.reversal, false), inArray(refunds.payoutId, latePayouts)),
          and(eq(ledgerEntries.reversal, true), inArray(refunds.reversalPayoutId, latePayouts)),
        ),
        gte(ledgerEntries.createdAt, before),
      ),
    );
  // Lost fraud disputes' recoveries (not in the rollups): those before `before`, and back those a late payout took.
  const recovery = and(
    eq(ledgerEntries.creatorId, creatorId),
    eq(ledgerEntries.type, 'dispute_recovery'),
    eq(ledgerEntries.account, sql`'creator:' || ${ledgerEntries.creatorId}::text`),
  );
  const recoveries = db
    .select({ total: sql`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(recovery, lt(ledgerEntries.createdAt, before)));
  const recoveriesTakenLater = db
    .select({ total: sql`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(disputes)
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.disputeId, disputes.id), recovery))
    .where(and(inArray(disputes.recoveryPayoutId, latePayouts), gte(ledgerEntries.createdAt, before)));
  const [row] = await db
    .select({
      total:
        sql<number>`(${days}) - (${atMidnight ? sql`0` : restOfDay}) + (${paidOut}) + (${supportsTakenLater}) + (${refundsTakenLater}) + (${recoveries}) + (${recoveriesTakenLater})`.mapWith(
          Number,
        ),
    })
    .from(sql`(values (1)) as one`);
  return row?.total ?? 0;
}

/** The refunds a payout deducted, and the reversals of failed refunds it counted. */
export async function markRefundsDeducted(
  tx: Db,
  payoutId: string,
  entries: ReadonlyArray<{ refundId: string; reversal: boolean }>,
): Promise<void> {
  const deducted = entries.filter((entry) => !entry.reversal).map((entry) => entry.refundId);
  const reversed = entries.filter((entry) => entry.reversal).map((entry) => entry.refundId);
  if (deducted.length > 0) await tx.update(refunds).set({ payoutId }).where(inArray(refunds.id, deducted));
  if (reversed.length > 0)
    await tx.update(refunds).set({ reversalPayoutId: payoutId }).where(inArray(refunds.id, reversed));
}

/** The creator row locked: one payout decision per creator at a time, across instances. */
export async function lockPayoutCreator(tx: Db, creatorId: string) {
  const [row] = await tx
    .select({
      userId: creatorProfiles.userId,
      displayName: creatorProfiles.displayName,
      country: creatorProfiles.country,
      currency: creatorProfiles.currency,
      email: users.email,
      deleted: sql<boolean>`${creatorProfiles.deletedAt} is not null or ${users.deletedAt} is not null`.mapWith(
        Boolean,
      ),
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(eq(creatorProfiles.userId, creatorId))
    .for('update', { of: creatorProfiles });
  return row;
}

export async function findPayoutCreator(db: Db, creatorId: string) {
  const [row] = await db
    .select({
      country: creatorProfiles.country,
      currency: creatorProfiles.currency,
      deleted: sql<boolean>`${creatorProfiles.deletedAt} is not null or ${users.deletedAt} is not null`.mapWith(
        Boolean,
      ),
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(eq(creatorProfiles.userId, creatorId));
  return row;
}

export async function findFirstSupportAt(db: Db, creatorId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: supports.createdAt })
    .from(supports)
    .where(eq(supports.creatorId, creatorId))
    .orderBy(supports.createdAt)
    .limit(1);
  return row?.createdAt ?? null;
}

export async function hasBeenPaidBefore(db: Db, creatorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.creatorId, creatorId), inArray(payouts.status, ['paid', 'processing'])))
    .limit(1);
  if (row) return true;
  // With Stripe: a payout Stripe made to the creator's bank (on its way or paid).
  const [made] = await db
    .select({ id: providerPayouts.id })
    .from(providerPayouts)
    .where(and(eq(providerPayouts.creatorId, creatorId), inArray(providerPayouts.status, ['in_transit', 'paid'])))
    .limit(1);
  return Boolean(made);
}

export async function findPayout(db: Db, creatorId: string, weekStart: string): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.creatorId, creatorId), eq(payouts.weekStart, weekStart)));
  return row;
}

export async function insertPayout(tx: Db, values: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await tx.insert(payouts).values(values).returning();
  if (!row) throw new Error('insert into payouts returned nothing');
  return row;
}

export async function updatePayout(
  tx: Db,
  id: string,
  changes: Partial<typeof payouts.$inferInsert>,
): Promise<PayoutRow> {
  const [row] = await tx.update(payouts).set(changes).where(eq(payouts.id, id)).returning();
  if (!row) throw new Error(`payout ${id} vanished`);
  return row;
}

export async function insertPayoutItems(
  tx: Db,
  payoutId: string,
  items: Array<{ supportId: string; amountCents: number }>,
): Promise<void> {
  if (items.length > 0) await tx.insert(payoutItems).values(items.map((item) => ({ payoutId, ...item })));
}

/** Earlier weeks held for this creator: their money is in the payout just made. */
export async function carryOverHeldPayouts(
  tx: Db,
  creatorId: string,
  beforeWeek: string,
  intoPayoutId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(payouts)
    .set({ status: 'carried_over', carriedIntoPayoutId: intoPayoutId, updatedAt: now })
    .where(and(eq(payouts.creatorId, creatorId), eq(payouts.status, 'held'), lt(payouts.weekStart, beforeWeek)));
}

/**
 * Weeks held for this creator up to `throughWeek`, dropped once refunds have taken their money back:
 * nothing is held any more, and a stale amount must not show on the dashboard. Held rows have no items
 * or ledger entries, so nothing else refers to them.
 */
export async function dropHeldPayouts(tx: Db, creatorId: string, throughWeek: string): Promise<void> {
  await tx
    .delete(payouts)
    .where(and(eq(payouts.creatorId, creatorId), eq(payouts.status, 'held'), lte(payouts.weekStart, throughWeek)));
}

export async function listProcessingPayouts(db: Db): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.status, 'processing')).orderBy(payouts.createdAt);
}

export async function listCreatorPayouts(db: Db, creatorId: string, limit: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.creatorId, creatorId))
    .orderBy(desc(payouts.weekStart))
    .limit(limit);
}
