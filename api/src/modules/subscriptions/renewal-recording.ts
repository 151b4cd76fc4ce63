import { creatorSupportEmails, supportEmailFacts, supportReceiptEmail } from '../receipts/support-emails';
import { enqueueEmail } from '../email/email-outbox';
import { goalReachedCandidate } from '../goals/goal-reached-emails';
import { reachGoalQuery } from '../goals/goal-reached-repository';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { webhookSupport } from '../webhooks/webhook-payloads';
import { recordSupport } from '../ledger/ledger-service';
import type { ChargeResult } from '../payments/payment-provider';
import { cancelLinkUrl } from './subscription-link';
import {
  completeConfirmedAttempt,
  findChargeById,
  findRenewalParties,
  lockSubscription,
  updateCharge,
  updateSubscription,
  type SubscriptionChargeRow,
  type SubscriptionRow,
} from './subscriptions-repository';
import type { MoneyDeps } from '../payments/money-deps';
import { completeAttempt } from '../payments/payment-attempts-repository';

/*
 * What every renewal the provider charged records: the period paid, the support and its ledger entries, receipts,
 * the creator's notice and webhooks, in one transaction; shared by the renewal job, a retry with a new card and a
 * confirmation by the supporter.
 */

/** What one renewal came to. */
export type RenewalOutcome = 'renewed' | 'failed' | 'lapsed' | 'ended' | 'canceled' | 'skipped';

/** The period was already recorded (by a retry, or the provider's event): nothing is written twice. */
export class RenewalAlreadyRecorded extends Error {}

/** A charge recorded before the provider is called: the period's row and its payment attempt. */
export interface PreparedCharge {
  subscription: SubscriptionRow;
  charge: SubscriptionChargeRow;
  attemptId: string;
  attemptNumber: number;
  idempotencyKey: string;
  /** Set when the attempt was sent before (a renewal run died after sending it): when it was made. */
  firstSentAt?: Date;
}

/**
 * Step 3, in one transaction: the support and its ledger entries, the next period, the receipts.
 * `confirmed`: the supporter authenticated an attempt that had asked for it (from the emailed link);
 * it is written only while the period is still unpaid and open.
 */
export async function recordRenewal(
  deps: MoneyDeps,
  p: PreparedCharge,
  charge: Extract<ChargeResult, { status: 'succeeded' }>,
  now: Date,
  confirmed = false,
): Promise<RenewalOutcome> {
  return deps.db.transaction(async (tx): Promise<RenewalOutcome> => {
    const sub = await lockSubscription(tx, p.subscription.id);
    if (!sub) throw new Error(`subscription ${p.subscription.id} vanished`);
    if (confirmed && (await findChargeById(tx, p.charge.id))?.status !== 'pending') throw new RenewalAlreadyRecorded();
    const { creator } = await findRenewalParties(tx, sub);
    // The goal step before the support is written: it locks the creator's profile before the support's
    // triggers lock the rollup row, the order of every other writer (no deadlock with a checkout or payout).
    if (creator) {
      const goal = await goalReachedCandidate(
        creator,
        {
          amountCents: p.charge.amountCents,
          createdAt: now,
          supporterName: sub.supporterName,
          isAnonymous: sub.isAnonymous,
          isRenewal: true,
        },
        deps.origin,
      );
      if (goal) await tx.execute(reachGoalQuery(goal));
    }
    const support = await recordSupport(
      tx,
      {
        creatorId: sub.creatorId,
        supporterUserId: sub.supporterUserId,
        supporterName: sub.supporterName,
        supporterEmail: sub.supporterEmail ?? '',
        amountCents: p.charge.amountCents,
        currency: sub.currency,
        message: '',
        isAnonymous: sub.isAnonymous,
        isRecurring: true,
        subscriptionId: sub.id,
        isRenewal: true,
        tierPosition: sub.tierPosition,
        createdAt: now,
      },
      { providerFeeCents: charge.providerFeeCents },
    );
    const completed = await (confirmed ? completeConfirmedAttempt : completeAttempt)(tx, p.attemptId, {
      status: 'succeeded',
      failureCode: null,
      failureMessage: null,
      providerChargeId: charge.chargeId,
      cardBrand: charge.cardBrand,
      cardLast4: charge.cardLast4,
      supportId: support.id,
      completedAt: now,
    });
    // Another worker recorded this attempt first: roll this copy back.
    if (!completed) throw new RenewalAlreadyRecorded();
    await updateCharge(tx, p.charge.id, {
      status: 'succeeded',
      supportId: support.id,
      lastFailureMessage: null,
      actionIntentId: null,
      updatedAt: now,
    });
    // A supporter who canceled while the charge was in flight still paid for this month: it ends after
    // it. One who paused meanwhile stays paused: the pause starts after this paid month.
    const renewed = await updateSubscription(tx, sub.id, {
      status: sub.status === 'paused' ? 'paused' : 'active',
      endedAt: sub.status === 'canceled' ? null : sub.endedAt,
      periodNumber: p.charge.periodNumber,
      currentPeriodStart: p.charge.periodStart,
      currentPeriodEnd: p.charge.periodEnd,
      failedAttempts: 0,
      nextRetryAt: null,
      updatedAt: now,
    });

    const facts = supportEmailFacts(support, creator, charge, {
      message: '',
      isRecurring: true,
      isRenewal: true,
      nextChargeAt: renewed.cancelAtPeriodEnd || renewed.status === 'paused' ? null : renewed.currentPeriodEnd,
      cancelUrl: cancelLinkUrl(deps.origin, deps.appSecret, sub.id),
      testMode: deps.provider.testMode,
    });
    if (sub.supporterEmail) await enqueueEmail(tx, await supportReceiptEmail(sub.supporterEmail, facts));
    await enqueueWebhookEvent(tx, {
      creatorId: sub.creatorId,
      type: 'support.created',
      key: support.id,
      createdAt: now,
      data: { support: webhookSupport(support) },
    });
    if (creator) {
      for (const email of await creatorSupportEmails(creator, {
        ...facts,
        supporterName: sub.supporterName,
        isAnonymous: sub.isAnonymous,
        origin: deps.origin,
      }))
        await enqueueEmail(tx, email);
    }
    return 'renewed';
  });
}
