import { payoutDestination } from '../payout-accounts/payout-destination';
import { createHash, randomUUID } from 'node:crypto';
import { completeAttempt, insertAttempt, setAttemptIntent } from '../checkout/checkout-repository';
import { creatorSupportEmails, supportEmailFacts, supportReceiptEmail } from '../checkout/checkout-emails';
import type { MoneyDeps } from '../checkout/checkout-service';
import { enqueueEmail } from '../email/email-outbox';
import { goalReachedCandidate } from '../goals/goal-reached-emails';
import { reachGoalQuery } from '../goals/goal-reached-repository';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { webhookSubscription, webhookSupport } from '../webhooks/webhook-payloads';
import { recordSupport } from '../ledger/ledger-service';
import { chargeResultOf, type ChargeResult, type PaymentIntent } from '../payments/payment-provider';
import type { paymentAttempts } from '../../db/schema';
import { calculateFees } from '@beabro/shared/money/fees';
import { cancelLinkUrl, updateCardLinkUrl } from './cancel-link';
import { confirmLinkUrl } from './confirm-link';
import { renewalFailedEmail, renewalNeedsConfirmationEmail, subscriptionLapsedEmail } from './subscription-emails';
import { nextRetryAt, subscriptionPeriod } from './subscription-periods';
import {
  completeConfirmedAttempt,
  failPendingCharges,
  findAttemptByIntent,
  findCharge,
  findChargeAwaitingConfirmation,
  findChargeById,
  findSubscription,
  findLatestPendingCharge,
  findPendingAttemptForCharge,
  findRenewalParties,
  insertSubscriptionCharge,
  listDueSubscriptionIds,
  lockDueSubscription,
  lockSubscription,
  updateCharge,
  updateSubscription,
  type SubscriptionChargeRow,
  type SubscriptionRow,
} from './subscriptions-repository';

export type RenewalOutcome = 'renewed' | 'failed' | 'lapsed' | 'ended' | 'canceled' | 'skipped';

export interface RenewalSummary {
  renewed: number;
  /** Subscriptions that threw (logged, retried on the next run); the others still ran. */
  errors: number;
  failed: number;
  lapsed: number;
  /** Canceled by the supporter: ended at the period end without a charge. */
  ended: number;
  /** The creator or the supporting account is gone. */
  canceled: number;
  skipped: number;
}

export const RENEWAL_MESSAGES = {
  creatorGone: 'The creator no longer receives support',
  supporterGone: 'The supporting account was deleted',
} as const;

const BATCH = 200;

/** Why a renewal lapsed when the bank asked for a confirmation that never came (the lapse email says it). */
export const UNCONFIRMED_MESSAGE = 'your bank asked you to confirm the payment, and it was not confirmed in time';

class RenewalAlreadyRecorded extends Error {}

interface PreparedCharge {
  subscription: SubscriptionRow;
  charge: SubscriptionChargeRow;
  attemptId: string;
  attemptNumber: number;
  idempotencyKey: string;
}

type Prepared = { outcome: Exclude<RenewalOutcome, 'renewed' | 'failed' | 'lapsed'> } | { prepared: PreparedCharge };

/**
 * Step 1, in a transaction holding the subscription's row: decide whether it ends instead, and
 * otherwise record the period's charge row (unique per subscription and period) and the payment
 * attempt before anyone calls the provider. An attempt left pending by a crash is reused with its key.
 */
async function prepareRenewal(deps: MoneyDeps, id: string, now: Date): Promise<Prepared> {
  return deps.db.transaction(async (tx): Promise<Prepared> => {
    const sub = await lockDueSubscription(tx, id, now);
    if (!sub) return { outcome: 'skipped' };

    if (sub.status === 'active' && sub.cancelAtPeriodEnd) {
      await updateSubscription(tx, id, {
        status: 'canceled',
        endedAt: sub.currentPeriodEnd,
        nextRetryAt: null,
        updatedAt: now,
      });
      return { outcome: 'ended' };
    }
    const { creator, supporterGone } = await findRenewalParties(tx, sub);
    if (!creator?.live || supporterGone) {
      const reason = supporterGone ? RENEWAL_MESSAGES.supporterGone : RENEWAL_MESSAGES.creatorGone;
      await updateSubscription(tx, id, {
        status: 'canceled',
        canceledAt: now,
        endedAt: now,
        nextRetryAt: null,
        updatedAt: now,
      });
      await failPendingCharges(tx, id, reason, now);
      return { outcome: 'canceled' };
    }

    // A pause for a fixed time is over: it runs again from here, and the period running now is charged
    // (it starts at the boundary the pause ended on, unless the job ran late).
    if (sub.status === 'paused') {
      const resumed = await updateSubscription(tx, id, {
        status: 'active',
        pausedAt: null,
        pauseResumesAt: null,
        updatedAt: now,
      });
      // The same event (and key) as a resume by the supporter: the period running now is charged below.
      await enqueueWebhookEvent(tx, {
        creatorId: resumed.creatorId,
        type: 'subscription.resumed',
        key: `${id}:${(sub.pausedAt ?? now).toISOString()}`,
        createdAt: now,
        data: {
          subscription: webhookSubscription(resumed),
          resumedAt: now.toISOString(),
          nextChargeAt: now.toISOString(),
        },
      });
    }

    // A retry charges the period that failed; a renewal charges the period running now (after a long
    // outage or a pause, months nobody was charged for are skipped rather than charged all at once).
    const retrying = sub.status === 'past_due' ? await findLatestPendingCharge(tx, id) : undefined;
    let periodNumber = retrying?.periodNumber ?? sub.periodNumber + 1;
    let period = subscriptionPeriod(sub.billingAnchorAt, periodNumber);
    while (!retrying && period.end <= now) period = subscriptionPeriod(sub.billingAnchorAt, ++periodNumber);
    await insertSubscriptionCharge(tx, {
      subscriptionId: id,
      periodNumber,
      periodStart: period.start,
      periodEnd: period.end,
      amountCents: sub.amountCents,
      createdAt: now,
      updatedAt: now,
    });
    const charge = await findCharge(tx, id, period.start);
    if (!charge || charge.status !== 'pending') return { outcome: 'skipped' };

    const pending = await findPendingAttemptForCharge(tx, charge.id);
    if (pending) {
      const attemptNumber = Number(pending.idempotencyKey.split(':').at(-1));
      return {
        prepared: {
          subscription: sub,
          charge,
          attemptId: pending.id,
          attemptNumber,
          idempotencyKey: pending.idempotencyKey,
        },
      };
    }
    const attemptNumber = charge.attemptCount + 1;
    const idempotencyKey = `renewal:${charge.id}:${attemptNumber}`;
    const attempt = await insertAttempt(tx, {
      id: randomUUID(),
      idempotencyKey,
      purpose: 'renewal',
      requestFingerprint: createHash('sha256').update(idempotencyKey).digest('base64url'),
      request: { subscriptionId: id, periodNumber, attemptNumber },
      creatorId: sub.creatorId,
      amountCents: sub.amountCents,
      provider: sub.paymentProvider,
      subscriptionId: id,
      subscriptionChargeId: charge.id,
      createdAt: now,
    });
    if (!attempt) throw new Error(`renewal attempt ${idempotencyKey} already exists`);
    await updateCharge(tx, charge.id, { attemptCount: attemptNumber, updatedAt: now });
    return { prepared: { subscription: sub, charge, attemptId: attempt.id, attemptNumber, idempotencyKey } };
  });
}

/**
 * Step 3, in one transaction: the support and its ledger entries, the next period, the receipts.
 * `confirmed`: the supporter authenticated an attempt that had asked for it (from the emailed link);
 * it is written only while the period is still unpaid and open.
 */
async function recordRenewal(
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
    const support = await recordSupport(tx, {
      creatorId: sub.creatorId,
      supporterUserId: sub.supporterUserId,
      supporterName: sub.supporterName,
      supporterEmail: sub.supporterEmail ?? '',
      amountCents: p.charge.amountCents,
      message: '',
      isAnonymous: sub.isAnonymous,
      isRecurring: true,
      subscriptionId: sub.id,
      isRenewal: true,
      tierPosition: sub.tierPosition,
      createdAt: now,
    });
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

/** Step 3 after a refusal: retry after 1, 3 and 5 days (from the due date), then lapse. */
async function recordRenewalFailure(
  deps: MoneyDeps,
  p: PreparedCharge,
  charge: Extract<ChargeResult, { status: 'failed' }>,
  now: Date,
  /** The intent awaiting the supporter's authentication: kept open for the retry window, emailed as a link. */
  actionIntentId: string | null,
): Promise<RenewalOutcome> {
  return deps.db.transaction(async (tx): Promise<RenewalOutcome> => {
    const sub = await lockSubscription(tx, p.subscription.id);
    if (!sub) throw new Error(`subscription ${p.subscription.id} vanished`);
    const completed = await completeAttempt(tx, p.attemptId, {
      status: 'failed',
      providerChargeId: charge.chargeId,
      cardBrand: charge.cardBrand,
      cardLast4: charge.cardLast4,
      failureCode: charge.code,
      failureMessage: charge.message,
      failureField: null,
      completedAt: now,
    });
    if (!completed) return 'skipped';
    const failedAttempts = sub.failedAttempts + 1;
    // Counted from the first attempt, so a job that ran late still spaces its retries out.
    // Canceled or paused while the charge was in flight: no retry (a pause charges again when it ends).
    const stopped = sub.status === 'canceled' || sub.status === 'paused';
    const retryAt = stopped ? null : nextRetryAt(p.charge.createdAt, failedAttempts);
    const { creator } = await findRenewalParties(tx, sub);
    const facts = {
      subscriptionId: sub.id,
      creatorDisplayName: creator?.displayName ?? '',
      creatorUsername: creator?.username ?? '',
      amountCents: sub.amountCents,
      cardBrand: sub.cardBrand,
      cardLast4: sub.cardLast4,
      origin: deps.origin,
    };
    if (!retryAt) {
      await updateCharge(tx, p.charge.id, {
        status: 'failed',
        lastFailureMessage: charge.message,
        actionIntentId: null,
        updatedAt: now,
      });
      if (stopped) return 'failed';
      const lapsed = await updateSubscription(tx, sub.id, {
        status: 'lapsed',
        failedAttempts,
        nextRetryAt: null,
        endedAt: now,
        updatedAt: now,
      });
      await enqueueWebhookEvent(tx, {
        creatorId: sub.creatorId,
        type: 'subscription.canceled',
        key: sub.id,
        createdAt: now,
        data: {
          subscription: webhookSubscription(lapsed),
          reason: 'payment_failed',
          canceledAt: now.toISOString(),
          endsAt: now.toISOString(),
        },
      });
      if (sub.supporterEmail)
        await enqueueEmail(
          tx,
          await subscriptionLapsedEmail(sub.supporterEmail, { ...facts, failureMessage: charge.message }),
        );
      return 'lapsed';
    }
    await updateCharge(tx, p.charge.id, { lastFailureMessage: charge.message, actionIntentId, updatedAt: now });
    const pastDue = await updateSubscription(tx, sub.id, {
      status: 'past_due',
      failedAttempts,
      nextRetryAt: retryAt,
      updatedAt: now,
    });
    await enqueueWebhookEvent(tx, {
      creatorId: sub.creatorId,
      type: 'subscription.past_due',
      // One event per failed attempt of the charge.
      key: `${p.charge.id}:${p.attemptNumber}`,
      createdAt: now,
      data: {
        subscription: webhookSubscription(pastDue),
        reason: actionIntentId ? 'authentication_required' : 'payment_failed',
        failedAttempts,
        nextRetryAt: retryAt.toISOString(),
      },
    });
    if (sub.supporterEmail && actionIntentId) {
      await enqueueEmail(
        tx,
        await renewalNeedsConfirmationEmail(sub.supporterEmail, {
          ...facts,
          chargeId: p.charge.id,
          attempt: p.attemptNumber,
          periodStart: p.charge.periodStart,
          retryAt,
          confirmUrl: confirmLinkUrl(deps.origin, deps.appSecret, p.charge.id, now),
          cancelUrl: cancelLinkUrl(deps.origin, deps.appSecret, sub.id),
        }),
      );
    } else if (sub.supporterEmail) {
      await enqueueEmail(
        tx,
        await renewalFailedEmail(sub.supporterEmail, {
          ...facts,
          chargeId: p.charge.id,
          attempt: p.attemptNumber,
          failureMessage: charge.message,
          retryAt,
          cancelUrl: cancelLinkUrl(deps.origin, deps.appSecret, sub.id),
          updateCardUrl: updateCardLinkUrl(deps.origin, deps.appSecret, sub.id),
        }),
      );
    }
    return 'failed';
  });
}

type AttemptRow = typeof paymentAttempts.$inferSelect;

/** What a supporter's confirmation (or the provider's event about it) came to. */
export type ConfirmationOutcome = 'paid' | 'awaiting' | 'failed' | 'closed';

/**
 * Records a renewal attempt the supporter authenticated from the emailed link, once, whoever reports it
 * (the page or the provider's event). A period already paid (by a retry), lapsed or canceled is not
 * written again: money the provider took for it anyway (a confirmation racing the cancel) is refunded.
 */
export async function recordConfirmedRenewal(
  deps: MoneyDeps,
  attempt: AttemptRow,
  intent: PaymentIntent,
  now: Date,
): Promise<ConfirmationOutcome> {
  if (attempt.purpose !== 'renewal' || !attempt.subscriptionId || !attempt.subscriptionChargeId) return 'closed';
  if (attempt.status === 'succeeded') return 'paid';
  if (attempt.failureCode !== 'authentication_required') return 'closed';
  if (intent.status === 'requires_action') return 'awaiting';
  const result = chargeResultOf(intent);
  if (!result) return intent.lastError ? 'failed' : 'awaiting';
  if (result.status === 'failed') return 'closed';
  const [subscription, charge] = await Promise.all([
    findSubscription(deps.db, attempt.subscriptionId),
    findChargeById(deps.db, attempt.subscriptionChargeId),
  ]);
  if (!subscription || !charge) throw new Error(`renewal attempt ${attempt.id} lost its subscription`);
  const p: PreparedCharge = {
    subscription,
    charge,
    attemptId: attempt.id,
    attemptNumber: Number(attempt.idempotencyKey.split(':').at(-1)),
    idempotencyKey: attempt.idempotencyKey,
  };
  try {
    await recordRenewal(deps, p, result, now, true);
    return 'paid';
  } catch (error) {
    if (!(error instanceof RenewalAlreadyRecorded)) throw error;
  }
  const again = await findAttemptByIntent(deps.db, intent.id);
  if (again?.status === 'succeeded') return 'paid';
  await deps.provider.refund({
    chargeId: result.chargeId,
    amountCents: intent.amountCents,
    idempotencyKey: `renewal-unrecorded:${attempt.id}`,
    description: `confirmation of a closed renewal period (attempt ${attempt.id})`,
  });
  (deps.log ?? console.error)(`renewal attempt ${attempt.id} was confirmed after its period closed: refunded`);
  return 'closed';
}

/**
 * Before a retry charges again, the intent still awaiting the supporter is canceled, so a late
 * confirmation can never pay the month a second time; one confirmed just before is recorded instead.
 */
async function settleOpenConfirmation(deps: MoneyDeps, id: string, now: Date): Promise<RenewalOutcome | null> {
  const sub = await findSubscription(deps.db, id);
  if (sub?.status !== 'past_due' || !sub.nextRetryAt || sub.nextRetryAt > now) return null;
  const open = await findChargeAwaitingConfirmation(deps.db, id);
  if (!open?.actionIntentId) return null;
  const intent = await deps.provider.cancelIntent(open.actionIntentId);
  const attempt = intent ? await findAttemptByIntent(deps.db, intent.id) : undefined;
  if (intent?.status === 'succeeded' && attempt) {
    return (await recordConfirmedRenewal(deps, attempt, intent, now)) === 'paid' ? 'renewed' : 'skipped';
  }
  await updateCharge(deps.db, open.id, { actionIntentId: null, updatedAt: now });
  return null;
}

/** What a charge made at once with a new card came to (retryRenewalNow). */
export type ImmediateRetry =
  | { status: 'paid' }
  | { status: 'failed'; message: string }
  /** The bank asks the supporter, on the page, to confirm: the charge's intent awaits them (actionIntentId). */
  | { status: 'requires_action'; chargeId: string; intent: PaymentIntent };

/** Step 1 of a retry the supporter asked for: a new attempt on the period that failed, recorded before the charge. */
async function prepareRetryNow(deps: MoneyDeps, id: string, now: Date): Promise<PreparedCharge | null> {
  return deps.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    if (sub?.status !== 'past_due') return null;
    const charge = await findLatestPendingCharge(tx, id);
    // Another attempt is in flight (the renewal job): it decides this period.
    if (!charge || (await findPendingAttemptForCharge(tx, charge.id))) return null;
    const attemptNumber = charge.attemptCount + 1;
    const idempotencyKey = `renewal:${charge.id}:${attemptNumber}`;
    const attempt = await insertAttempt(tx, {
      id: randomUUID(),
      idempotencyKey,
      purpose: 'renewal',
      requestFingerprint: createHash('sha256').update(idempotencyKey).digest('base64url'),
      request: { subscriptionId: id, periodNumber: charge.periodNumber, attemptNumber, onSession: true },
      creatorId: sub.creatorId,
      amountCents: charge.amountCents,
      provider: sub.paymentProvider,
      subscriptionId: id,
      subscriptionChargeId: charge.id,
      createdAt: now,
    });
    if (!attempt) throw new Error(`renewal attempt ${idempotencyKey} already exists`);
    await updateCharge(tx, charge.id, { attemptCount: attemptNumber, updatedAt: now });
    return { subscription: sub, charge, attemptId: attempt.id, attemptNumber, idempotencyKey };
  });
}

/**
 * Charges the period a past-due support failed on, at once, with the card it keeps now (the supporter just replaced
 * it, on the page). Success renews it as the job would (receipts, the creator's notice, webhooks). A refusal is
 * answered on the page only: the retries already scheduled and their emails stay as they were, so a supporter trying
 * cards never shortens the retry window. A bank challenge leaves the intent open for the page to answer, recorded
 * by the confirmation route like an emailed one. Null when the support is not past due or another attempt runs.
 */
export async function retryRenewalNow(deps: MoneyDeps, id: string, now: Date): Promise<ImmediateRetry | null> {
  // An intent of the old card still awaiting confirmation is canceled first: it must never pay the month as well.
  const open = await findChargeAwaitingConfirmation(deps.db, id);
  if (open?.actionIntentId) {
    const intent = await deps.provider.cancelIntent(open.actionIntentId);
    const attempt = intent ? await findAttemptByIntent(deps.db, intent.id) : undefined;
    if (intent?.status === 'succeeded' && attempt) {
      return (await recordConfirmedRenewal(deps, attempt, intent, now)) === 'paid' ? { status: 'paid' } : null;
    }
    await updateCharge(deps.db, open.id, { actionIntentId: null, updatedAt: now });
  }
  const p = await prepareRetryNow(deps, id, now);
  if (!p) return null;
  const destination =
    (await payoutDestination(deps.db, deps.provider, p.subscription.creatorId)) ??
    `creator:${p.subscription.creatorId}`;
  const intent = await deps.provider.chargeOnSession({
    amountCents: p.charge.amountCents,
    currency: 'usd',
    customer: p.subscription.supporterEmail ?? '',
    paymentMethodId: p.subscription.paymentMethodToken,
    applicationFeeCents: calculateFees(p.charge.amountCents).platformFeeCents,
    destination,
    description: `renewal ${p.charge.periodNumber} of monthly support ${p.subscription.id} (retried with a new card)`,
    metadata: { attemptId: p.attemptId, purpose: 'renewal', subscriptionId: p.subscription.id },
    idempotencyKey: p.idempotencyKey,
  });
  await setAttemptIntent(deps.db, p.attemptId, intent.id);
  const result = chargeResultOf(intent);
  if (result?.status === 'succeeded') {
    try {
      await recordRenewal(deps, p, result, now);
      return { status: 'paid' };
    } catch (error) {
      if (error instanceof RenewalAlreadyRecorded) return { status: 'paid' };
      throw error;
    }
  }
  const action = intent.status === 'requires_action';
  const message = action
    ? 'Your bank asks you to confirm this payment.'
    : (result?.status === 'failed' ? result.message : intent.lastError?.message) ||
      'The renewal payment did not go through.';
  await deps.db.transaction(async (tx) => {
    await completeAttempt(tx, p.attemptId, {
      status: 'failed',
      providerChargeId: result?.chargeId ?? null,
      cardBrand: intent.paymentMethod?.brand ?? p.subscription.cardBrand,
      cardLast4: intent.paymentMethod?.last4 ?? p.subscription.cardLast4,
      // recordConfirmedRenewal records an attempt that failed only for want of the supporter's confirmation.
      failureCode: action ? 'authentication_required' : result?.status === 'failed' ? result.code : 'card_declined',
      failureMessage: message,
      failureField: null,
      completedAt: now,
    });
    await updateCharge(tx, p.charge.id, {
      lastFailureMessage: message,
      actionIntentId: action ? intent.id : null,
      updatedAt: now,
    });
  });
  return action ? { status: 'requires_action', chargeId: p.charge.id, intent } : { status: 'failed', message };
}

/** Renews one subscription if it is due: record, charge (keyed), record the outcome. */
export async function renewSubscription(deps: MoneyDeps, id: string, now: Date): Promise<RenewalOutcome> {
  const settled = await settleOpenConfirmation(deps, id, now);
  if (settled) return settled;
  const step = await prepareRenewal(deps, id, now);
  if ('outcome' in step) return step.outcome;
  const p = step.prepared;
  // Stripe routes the charge to the creator's connected account. Should it no longer take transfers, Stripe refuses
  // the charge: the error is logged and the renewal stays due, tried again on the next run.
  const destination =
    (await payoutDestination(deps.db, deps.provider, p.subscription.creatorId)) ??
    `creator:${p.subscription.creatorId}`;
  const intent = await deps.provider.chargeOffSession({
    amountCents: p.charge.amountCents,
    currency: 'usd',
    customer: p.subscription.supporterEmail ?? '',
    paymentMethodId: p.subscription.paymentMethodToken,
    applicationFeeCents: calculateFees(p.charge.amountCents).platformFeeCents,
    destination,
    description: `renewal ${p.charge.periodNumber} of monthly support ${p.subscription.id}`,
    metadata: { attemptId: p.attemptId, purpose: 'renewal', subscriptionId: p.subscription.id },
    idempotencyKey: p.idempotencyKey,
  });
  await setAttemptIntent(deps.db, p.attemptId, intent.id);
  // Off-session, anything but success is this attempt's failure and the retry window applies. An intent
  // awaiting authentication stays open for the supporter to confirm from the emailed link, unless no
  // retry is left (the support lapses now: nothing may be confirmed after that).
  let outcome = intent;
  let actionIntentId: string | null = null;
  if (intent.status === 'requires_action') {
    if (nextRetryAt(p.charge.createdAt, p.subscription.failedAttempts + 1)) actionIntentId = intent.id;
    else outcome = (await deps.provider.cancelIntent(intent.id)) ?? intent;
  }
  const result = chargeResultOf(outcome);
  const charge: ChargeResult = (result?.status === 'failed' && intent.status === 'requires_action' && !actionIntentId
    ? { ...result, message: UNCONFIRMED_MESSAGE }
    : result) ?? {
    status: 'failed',
    chargeId: null,
    code: outcome.lastError?.code ?? 'card_declined',
    message: outcome.lastError?.message ?? 'The renewal payment did not go through.',
    cardBrand: outcome.paymentMethod?.brand ?? p.subscription.cardBrand,
    cardLast4: outcome.paymentMethod?.last4 ?? p.subscription.cardLast4,
  };
  try {
    return charge.status === 'succeeded'
      ? await recordRenewal(deps, p, charge, now)
      : await recordRenewalFailure(deps, p, charge, now, actionIntentId);
  } catch (error) {
    if (error instanceof RenewalAlreadyRecorded) return 'skipped';
    throw error;
  }
}

/**
 * The renewal job: charges every subscription whose period ended (or whose retry is due) as of
 * `now`. Idempotent: the (subscription, period) charge row and the keyed provider charge make a
 * second run, or a run racing another instance, charge nothing twice.
 */
export async function runRenewals(deps: MoneyDeps, now: Date): Promise<RenewalSummary> {
  const summary: RenewalSummary = { renewed: 0, errors: 0, failed: 0, lapsed: 0, ended: 0, canceled: 0, skipped: 0 };
  // Processed subscriptions stop being due; the ones skipped or broken are not fetched again this run.
  const leftAlone: string[] = [];
  for (;;) {
    const ids = await listDueSubscriptionIds(deps.db, now, BATCH, leftAlone);
    if (ids.length === 0) break;
    for (const id of ids) {
      try {
        const outcome = await renewSubscription(deps, id, now);
        summary[outcome]++;
        if (outcome === 'skipped') leftAlone.push(id);
      } catch (error) {
        summary.errors++;
        leftAlone.push(id);
        (deps.log ?? console.error)(`renewal of subscription ${id} failed: ${(error as Error).stack ?? String(error)}`);
      }
    }
  }
  return summary;
}
