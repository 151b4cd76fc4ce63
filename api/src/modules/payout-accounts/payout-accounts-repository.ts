import type { PayoutAccountStatus } from '../payments/payment-events';
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { payoutAccounts, providerPayouts } from '../../db/schema';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type ProviderPayoutRow = typeof providerPayouts.$inferSelect;

export async function findPayoutAccount(db: Db, creatorId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, creatorId));
  return row;
}

export async function findPayoutAccountByAccountId(
  db: Db,
  provider: string,
  accountId: string,
): Promise<PayoutAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.accountId, accountId)));
  return row;
}

/** Keeps the creator's first account: a second request racing the first gets the row the first wrote. */
export async function insertPayoutAccount(
  db: Db,
  values: typeof payoutAccounts.$inferInsert,
): Promise<PayoutAccountRow> {
  await db.insert(payoutAccounts).values(values).onConflictDoNothing();
  const row = await findPayoutAccount(db, values.creatorId);
  if (!row) throw new Error(`payout account of creator ${values.creatorId} was not stored`);
  return row;
}

/**
 * Writes the account's status as the provider reports it. With `eventAt` (an account.updated event's creation time)
 * only when no newer event was applied, in the same statement, so two deliveries racing cannot undo each other;
 * undefined then when the account is not ours or the event was older. Without it (read from the provider just now),
 * always.
 */
export async function updatePayoutAccountStatus(
  db: Db,
  provider: string,
  accountId: string,
  status: PayoutAccountStatus,
  at: Date,
  eventAt?: Date,
): Promise<PayoutAccountRow | undefined> {
  const [row] = await db
    .update(payoutAccounts)
    .set({ ...status, updatedAt: at, ...(eventAt ? { statusEventAt: eventAt } : {}) })
    .where(
      and(
        eq(payoutAccounts.provider, provider),
        eq(payoutAccounts.accountId, accountId),
        eventAt ? or(isNull(payoutAccounts.statusEventAt), lte(payoutAccounts.statusEventAt, eventAt)) : undefined,
      ),
    )
    .returning();
  return row;
}

/**
 * Records a payout as the provider reports it; a later report of the same payout (paid, then failed) updates it. An
 * older report (its event created before the one last applied) changes nothing, and a failed or canceled payout stays
 * so (Stripe sends payout.failed after payout.paid when the bank returns the money, never the other way round, and a
 * canceled payout never moves again). False when nothing was written.
 */
export async function upsertProviderPayout(
  db: Db,
  values: typeof providerPayouts.$inferInsert & { updatedAt: Date; eventCreatedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(providerPayouts)
    .values(values)
    .onConflictDoUpdate({
      target: [providerPayouts.provider, providerPayouts.id],
      set: {
        status: values.status,
        arrivalDate: values.arrivalDate ?? null,
        failureCode: values.failureCode ?? null,
        failureMessage: values.failureMessage ?? null,
        eventCreatedAt: values.eventCreatedAt,
        updatedAt: values.updatedAt,
      },
      setWhere: sql`(${isNull(providerPayouts.eventCreatedAt)} or ${lte(providerPayouts.eventCreatedAt, values.eventCreatedAt)})
        and not (${providerPayouts.status} in ('failed', 'canceled') and excluded.status <> ${providerPayouts.status})`,
    })
    .returning({ id: providerPayouts.id });
  return rows.length > 0;
}

export async function listProviderPayouts(db: Db, creatorId: string, limit = 20): Promise<ProviderPayoutRow[]> {
  return db
    .select()
    .from(providerPayouts)
    .where(eq(providerPayouts.creatorId, creatorId))
    .orderBy(desc(providerPayouts.createdAt))
    .limit(limit);
}
