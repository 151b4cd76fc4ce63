import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { disputes, ledgerEntries } from '../../db/schema';
import { retryDelayMs } from '../../lib/retry-delay';
import type { LedgerEntryValues } from '../ledger/ledger-repository';
import { creatorAccount, PLATFORM_ACCOUNT } from '../ledger/ledger-service';
import type { PaymentProvider } from '../payments/payment-provider';
import { findSupportCharge } from '../refunds/refunds-repository';

/*
 * A lost fraud dispute takes the creator's share of the support back (docs/money.md#disputes): the provider reverses
 * it from the creator's account (Stripe: a reversal of the charge's transfer), then the ledger books it in one
 * transaction, `dispute_recovery` -share on the creator's account and +share on the platform's. A reversal that
 * throws leaves the dispute's recovery pending, and the recover-payments job tries it again.
 */

export type DisputeRow = typeof disputes.$inferSelect;

export interface RecoveryDeps {
  db: Db;
  provider: Pick<PaymentProvider, 'name' | 'reverseCreatorShare'>;
  now?: () => Date;
  log?: (message: string) => void;
}

export const disputeRecoveryKey = (disputeId: string) => `dispute-reversal:${disputeId}`;

/**
 * What the ledger credited the creator for a support, net of what refunds took back (and failed refunds gave back):
 * the sum of the support's entries on their account, the dispute's own entries apart.
 */
export async function creatorShareOf(db: Db, creatorId: string, supportId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.supportId, supportId),
        eq(ledgerEntries.account, creatorAccount(creatorId)),
        isNull(ledgerEntries.disputeId),
      ),
    );
  return Math.max(0, row?.total ?? 0);
}

/** The provider's reversal of the dispute's creator share, then its ledger entries and the recovery marked done. */
export async function recoverCreatorShare(deps: RecoveryDeps, dispute: DisputeRow): Promise<void> {
  const share = await creatorShareOf(deps.db, dispute.creatorId, dispute.supportId);
  const charge = share > 0 ? await findSupportCharge(deps.db, dispute.supportId) : undefined;
  if (share > 0 && !charge) throw new Error(`support ${dispute.supportId} of dispute ${dispute.id} has no charge`);
  const reversal =
    share > 0 && charge
      ? await deps.provider.reverseCreatorShare({
          chargeId: charge.chargeId,
          amountCents: share,
          idempotencyKey: disputeRecoveryKey(dispute.id),
          metadata: { dispute: dispute.id, support: dispute.supportId },
        })
      : null;
  // A provider without connected accounts (the sandbox) keeps the creator's money in the ledger: the share is all.
  const recovered = share > 0 ? (reversal?.amountCents ?? share) : 0;
  const at = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ creatorRecovery: disputes.creatorRecovery })
      .from(disputes)
      .where(and(eq(disputes.provider, dispute.provider), eq(disputes.id, dispute.id)))
      .for('update');
    if (locked?.creatorRecovery !== 'pending') return;
    const entry = (account: string, amountCents: number): LedgerEntryValues => ({
      creatorId: dispute.creatorId,
      supportId: dispute.supportId,
      disputeId: dispute.id,
      account,
      type: 'dispute_recovery',
      amountCents,
      currency: dispute.currency,
      createdAt: at,
    });
    if (recovered > 0)
      await tx
        .insert(ledgerEntries)
        .values([entry(creatorAccount(dispute.creatorId), -recovered), entry(PLATFORM_ACCOUNT, recovered)])
        .onConflictDoNothing();
    await tx
      .update(disputes)
      .set({
        creatorRecovery: 'done',
        recoveredCents: recovered,
        recoveryReversalId: reversal?.reversalId ?? null,
        recoveryPaymentRefundId: reversal?.paymentRefundId ?? null,
        nextRecoveryAt: null,
      })
      .where(and(eq(disputes.provider, dispute.provider), eq(disputes.id, dispute.id)));
  });
}

/** A reversal that threw: one more failed try, and the next not before `next`. */
async function deferRecovery(db: Db, dispute: DisputeRow, now: Date): Promise<void> {
  const [row] = await db
    .select({ tries: disputes.recoveryAttempts })
    .from(disputes)
    .where(and(eq(disputes.provider, dispute.provider), eq(disputes.id, dispute.id)));
  if (!row) return;
  const failedTries = row.tries + 1;
  await db
    .update(disputes)
    .set({ recoveryAttempts: failedTries, nextRecoveryAt: new Date(now.getTime() + retryDelayMs(failedTries)) })
    .where(
      and(
        eq(disputes.provider, dispute.provider),
        eq(disputes.id, dispute.id),
        eq(disputes.creatorRecovery, 'pending'),
      ),
    );
}

/** Tries the recovery once now; a failure is logged and left pending for the job. */
export async function tryRecoverCreatorShare(deps: RecoveryDeps, dispute: DisputeRow): Promise<void> {
  const log = deps.log ?? console.error;
  await recoverCreatorShare(deps, dispute).catch(async (error: unknown) => {
    log(`dispute ${dispute.id}: the creator's share could not be taken back yet: ${String(error)}`);
    await deferRecovery(deps.db, dispute, deps.now?.() ?? new Date());
  });
}

/**
 * Recovery job: takes back the creator's share of lost fraud disputes whose reversal threw (the provider was down).
 * Each on its own, keyed by the dispute as before: one that throws again is logged, counted in `errors` and retried
 * after a growing wait (retryDelayMs); the others go on.
 */
export async function retryDisputeRecoveries(deps: RecoveryDeps): Promise<{ recovered: number; errors: number }> {
  const now = deps.now?.() ?? new Date();
  const log = deps.log ?? console.error;
  const due = await deps.db
    .select()
    .from(disputes)
    .where(
      and(
        eq(disputes.provider, deps.provider.name),
        eq(disputes.creatorRecovery, 'pending'),
        sql`(${disputes.nextRecoveryAt} is null or ${disputes.nextRecoveryAt} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(disputes.closedAt)
    .limit(200);
  let recovered = 0;
  let errors = 0;
  for (const dispute of due) {
    try {
      await recoverCreatorShare(deps, dispute);
      recovered++;
    } catch (error) {
      errors++;
      log(
        `dispute ${dispute.id}: the creator's share could not be taken back: ${(error as Error).stack ?? String(error)}`,
      );
      await deferRecovery(deps.db, dispute, now).catch((deferError: unknown) =>
        log(`dispute ${dispute.id}: its next recovery could not be set: ${String(deferError)}`),
      );
    }
  }
  return { recovered, errors };
}
