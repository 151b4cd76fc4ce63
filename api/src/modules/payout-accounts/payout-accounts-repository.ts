import type { PayoutAccountStatus } from '../payments/payment-events';
import { and, desc, eq } from 'drizzle-orm';
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

export async function updatePayoutAccountStatus(
  db: Db,
  provider: string,
  accountId: string,
  status: PayoutAccountStatus,
  at: Date,
): Promise<PayoutAccountRow | undefined> {
  const [row] = await db
    .update(payoutAccounts)
    .set({ ...status, updatedAt: at })
    .where(and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.accountId, accountId)))
    .returning();
  return row;
}

/** Records a payout as the provider reports it; a later report of the same payout (paid, then failed) updates it. */
export async function upsertProviderPayout(
  db: Db,
  values: typeof providerPayouts.$inferInsert & { updatedAt: Date },
): Promise<void> {
  await db
    .insert(providerPayouts)
    .values(values)
    .onConflictDoUpdate({
      target: [providerPayouts.provider, providerPayouts.id],
      set: {
        status: values.status,
        arrivalDate: values.arrivalDate ?? null,
        failureCode: values.failureCode ?? null,
        failureMessage: values.failureMessage ?? null,
        updatedAt: values.updatedAt,
      },
    });
}

export async function listProviderPayouts(db: Db, creatorId: string, limit = 20): Promise<ProviderPayoutRow[]> {
  return db
    .select()
    .from(providerPayouts)
    .where(eq(providerPayouts.creatorId, creatorId))
    .orderBy(desc(providerPayouts.createdAt))
    .limit(limit);
}
