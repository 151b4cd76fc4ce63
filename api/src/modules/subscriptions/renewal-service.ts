import { payoutDestination } from '../payout-accounts/payout-destination';
import { createHash, randomUUID } from 'node:crypto';
import { enqueueEmail } from '../email/email-outbox';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { webhookSubscription } from '../webhooks/webhook-payloads';
import { awaitsAuthentication, chargeResultOf, type ChargeResult } from '../payments/payment-provider';
import { applicationFeeCents } from '@beabro/shared/money/fees';
import { cancelLinkUrl, updateCardLinkUrl } from './subscription-link';
import { confirmLinkUrl } from './confirm-link';
import { renewalFailedEmail, renewalNeedsConfirmationEmail, subscriptionLapsedEmail } from './subscription-emails';
import { nextRetryAt, subscriptionPeriod } from './subscription-periods';
import {
  failPendingCharges,
  findCharge,
  findLatestPendingCharge,
  findPendingAttemptForCharge,
  findRenewalParties,
  insertSubscriptionCharge,
  listDueSubscriptionIds,
  lockDueSubscription,
  lockSubscription,
  updateCharge,
  updateSubscription,
} from './subscriptions-repository';
import type { MoneyDeps } from '../payments/money-deps';
import { completeAttempt, insertAttempt, setAttemptIntent } from '../payments/payment-attempts-repository';
import { settleOpenConfirmation } from './renewal-confirmation';
import { recordRenewal, RenewalAlreadyRecorded, type PreparedCharge, type RenewalOutcome } from './renewal-recording';

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
    // The creator is suspended: nothing is charged until an operator lifts it (the renewal stays due).
    if (creator.suspended) return { outcome: 'skipped' };

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
          firstSentAt: pending.createdAt,
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
      currency: sub.currency,
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
      currency: sub.currency,
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
    currency: p.subscription.currency,
    customer: p.subscription.supporterEmail ?? '',
    paymentMethodId: p.subscription.paymentMethodToken,
    applicationFeeCents: applicationFeeCents(p.charge.amountCents, p.subscription.currency),
    destination,
    description: `renewal ${p.charge.periodNumber} of monthly support ${p.subscription.id}`,
    metadata: { attemptId: p.attemptId, purpose: 'renewal', subscriptionId: p.subscription.id },
    idempotencyKey: p.idempotencyKey,
    ...(p.firstSentAt ? { firstSentAt: p.firstSentAt } : {}),
  });
  await setAttemptIntent(deps.db, p.attemptId, intent.id);
  // Off-session, anything but success is this attempt's failure and the retry window applies. An intent
  // awaiting authentication stays open for the supporter to confirm from the emailed link, unless no
  // retry is left (the support lapses now: nothing may be confirmed after that).
  let outcome = intent;
  let actionIntentId: string | null = null;
  if (awaitsAuthentication(intent)) {
    if (nextRetryAt(p.charge.createdAt, p.subscription.failedAttempts + 1)) actionIntentId = intent.id;
    else outcome = (await deps.provider.cancelIntent(intent.id)) ?? intent;
  }
  const result = chargeResultOf(outcome);
  const charge: ChargeResult = (result?.status === 'failed' && awaitsAuthentication(intent) && !actionIntentId
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
