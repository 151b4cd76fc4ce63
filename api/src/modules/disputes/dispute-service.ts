import { olderThanApplied, type DisputeReport, type OrderedEventOutcome } from '../payments/payment-events';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, disputes, ledgerEntries, users } from '../../db/schema';
import { enqueueEmail } from '../email/email-outbox';
import type { LedgerEntryValues } from '../ledger/ledger-repository';
import { PLATFORM_ACCOUNT } from '../ledger/ledger-service';
import { findSupport, findSupportByProviderCharge } from '../refunds/refunds-repository';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { webhookSupport } from '../webhooks/webhook-payloads';
import { disputeClosedEmail, disputeOpenedEmail } from './dispute-emails';
import { recordAudit, SYSTEM_ACTOR } from '../operator/audit-log';
import { creatorShareOf, tryRecoverCreatorShare, type DisputeRow, type RecoveryDeps } from './dispute-recovery';

const CLOSED = new Set(['won', 'lost', 'warning_closed']);
const FRAUDULENT = 'fraudulent';
const FRAUD_REVIEW_REASON = 'A dispute for fraud was lost.';

/** A lost fraud dispute: the creator's payouts wait for an operator's review (audited, actor "system"). */
async function holdPayoutsForReview(tx: Db, creatorId: string, disputeId: string): Promise<void> {
  const [held] = await tx
    .update(creatorProfiles)
    .set({ payoutsReviewReason: FRAUD_REVIEW_REASON })
    .where(and(eq(creatorProfiles.userId, creatorId), isNull(creatorProfiles.payoutsReviewReason)))
    .returning({ userId: creatorProfiles.userId });
  if (!held) return;
  await recordAudit(tx, {
    actor: SYSTEM_ACTOR,
    action: 'payouts.hold-for-review',
    target: `user:${creatorId}`,
    reason: `${FRAUD_REVIEW_REASON} (dispute ${disputeId})`,
    before: { payoutsReviewReason: null },
    after: { payoutsReviewReason: FRAUD_REVIEW_REASON },
  });
}

function publicStatus(status: string): 'open' | 'won' | 'lost' | 'closed' {
  if (status === 'won' || status === 'lost') return status;
  return status === 'warning_closed' ? 'closed' : 'open';
}

/**
 * Records a dispute of a support's charge, once whatever the number of events about it: the dispute row, the
 * platform's ledger entries for what the provider withdrew (the disputed amount and the dispute fee) and gave back
 * (a won dispute), each written once (unique per dispute and type); the creator is told by email and by the
 * dispute.created / dispute.closed webhook events when it opens and when it closes. The platform bears disputes'
 * losses (Stripe's `losses.payments=application`), with one exception: a dispute for fraud that is lost takes the
 * creator's share of the support back (dispute-recovery.ts: the provider's reversal, then the `dispute_recovery`
 * entries; a reversal that throws is retried by the recover-payments job) and holds their payouts for review.
 *
 * Events arrive in any order: the status is the one of the newest event applied (`eventAt`, its creation time), an
 * older event arriving late keeps it (`stale`), and a closed dispute is never reopened. What the provider withdrew
 * and gave back only grows, whatever the order. `not_ours` when the charge is not one of our supports.
 */
export async function recordDispute(
  deps: RecoveryDeps,
  report: DisputeReport,
  at: Date,
  eventAt: Date,
): Promise<OrderedEventOutcome> {
  const paid = await findSupportByProviderCharge(deps.db, deps.provider.name, report.chargeId);
  if (!paid) return 'not_ours';
  const outcome = await deps.db.transaction(async (tx) => {
    const closed = CLOSED.has(report.status);
    const [existing] = await tx
      .select()
      .from(disputes)
      .where(and(eq(disputes.provider, deps.provider.name), eq(disputes.id, report.id)))
      .for('update');
    const stale = olderThanApplied(eventAt, existing?.statusEventAt);
    const values = {
      amountCents: report.amountCents,
      reason: stale && existing ? existing.reason : report.reason,
      status: stale && existing ? existing.status : report.status,
      statusEventAt: stale && existing ? existing.statusEventAt : eventAt,
      withdrawnCents: Math.max(report.withdrawnCents, existing?.withdrawnCents ?? 0),
      feeCents: Math.max(report.feeCents, existing?.feeCents ?? 0),
      reinstatedCents: Math.max(report.reinstatedCents, existing?.reinstatedCents ?? 0),
      dueBy: report.dueBy ?? existing?.dueBy ?? null,
      closedAt: existing?.closedAt ?? (closed && !stale ? at : null),
    };
    // A late event (created after closed) never reopens it.
    if (existing && CLOSED.has(existing.status)) values.status = existing.status;
    const [row] = existing
      ? await tx
          .update(disputes)
          .set(values)
          .where(and(eq(disputes.provider, deps.provider.name), eq(disputes.id, report.id)))
          .returning()
      : await tx
          .insert(disputes)
          .values({
            provider: deps.provider.name,
            id: report.id,
            supportId: paid.supportId,
            creatorId: paid.creatorId,
            currency: paid.currency,
            createdAt: report.openedAt,
            ...values,
          })
          .returning();
    if (!row) throw new Error(`dispute ${report.id} was not stored`);

    const entry = (type: LedgerEntryValues['type'], amountCents: number): LedgerEntryValues => ({
      creatorId: row.creatorId,
      supportId: row.supportId,
      disputeId: row.id,
      account: PLATFORM_ACCOUNT,
      type,
      amountCents,
      currency: row.currency,
      createdAt: at,
    });
    const entries = [
      ...(row.withdrawnCents > 0 ? [entry('dispute', -row.withdrawnCents)] : []),
      ...(row.feeCents > 0 ? [entry('dispute_fee', -row.feeCents)] : []),
      ...(row.reinstatedCents > 0 ? [entry('dispute_reinstated', row.reinstatedCents)] : []),
    ];
    if (entries.length > 0) await tx.insert(ledgerEntries).values(entries).onConflictDoNothing();
    let recovering: DisputeRow | null = null;
    if (row.status === 'lost' && existing?.status !== 'lost' && row.reason === FRAUDULENT) {
      await holdPayoutsForReview(tx, row.creatorId, row.id);
      const [pending] = await tx
        .update(disputes)
        .set({ creatorRecovery: 'pending' })
        .where(
          and(eq(disputes.provider, deps.provider.name), eq(disputes.id, row.id), isNull(disputes.creatorRecovery)),
        )
        .returning();
      recovering = pending ?? null;
    }
    const takenBackCents =
      row.status === 'lost' && row.reason === FRAUDULENT ? await creatorShareOf(tx, row.creatorId, row.supportId) : 0;

    const support = await findSupport(tx, row.supportId);
    if (!support) throw new Error(`support ${row.supportId} of dispute ${row.id} vanished`);
    const [creator] = await tx
      .select({ email: users.email })
      .from(creatorProfiles)
      .innerJoin(users, eq(users.id, creatorProfiles.userId))
      .where(eq(creatorProfiles.userId, row.creatorId));
    const dispute = {
      id: row.id,
      amountCents: row.amountCents,
      currency: row.currency,
      reason: row.reason,
      status: publicStatus(row.status),
      openedAt: row.createdAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
    };
    // Both are deduplicated (the email by its key, the webhook event by type and dispute id): repeats send nothing.
    await enqueueWebhookEvent(tx, {
      creatorId: row.creatorId,
      type: 'dispute.created',
      key: row.id,
      createdAt: row.createdAt,
      data: { dispute: { ...dispute, status: 'open', closedAt: null }, support: webhookSupport(support) },
    });
    if (creator?.email)
      await enqueueEmail(
        tx,
        await disputeOpenedEmail(creator.email, {
          disputeId: row.id,
          amountCents: row.amountCents,
          currency: row.currency,
          reason: row.reason,
          supportCreatedAt: support.createdAt,
        }),
      );
    if (row.closedAt) {
      await enqueueWebhookEvent(tx, {
        creatorId: row.creatorId,
        type: 'dispute.closed',
        key: row.id,
        createdAt: row.closedAt,
        data: { dispute, support: webhookSupport(support) },
      });
      if (creator?.email)
        await enqueueEmail(
          tx,
          await disputeClosedEmail(creator.email, {
            disputeId: row.id,
            amountCents: row.amountCents,
            currency: row.currency,
            status: dispute.status === 'open' ? 'closed' : dispute.status,
            takenBackCents,
          }),
        );
    }
    return { result: stale ? ('stale' as const) : ('applied' as const), recovering };
  });
  if (outcome.recovering) await tryRecoverCreatorShare(deps, outcome.recovering);
  return outcome.result;
}
