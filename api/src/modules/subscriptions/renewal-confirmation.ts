import { payoutDestination } from '../payout-accounts/payout-destination';
import { createHash, randomUUID } from 'node:crypto';
import {
  awaitsAuthentication,
  chargeResultOf,
  type PaymentIntent,
  type PaymentProvider,
} from '../payments/payment-provider';
import type { paymentAttempts } from '../../db/schema';
import { applicationFeeCents } from '@beabro/shared/money/fees';
import { verifyConfirmToken } from './confirm-link';
import {
  findAttemptByIntent,
  findChargeAwaitingConfirmation,
  findChargeById,
  findSubscription,
  findLatestPendingCharge,
  findPendingAttemptForCharge,
  lockSubscription,
  updateCharge,
  findSubscriptionView,
} from './subscriptions-repository';
import type { MoneyDeps } from '../payments/money-deps';
import { completeAttempt, insertAttempt, setAttemptIntent } from '../payments/payment-attempts-repository';
import {
  CANCEL_LINK_PAGE_PATH,
  CARD_SECTION_ID,
  RENEWAL_CONFIRM_MESSAGES,
  type PaymentAction,
  type RenewalConfirmation,
  type RenewalConfirmResult,
  type RenewalConfirmRetryResult,
} from '@beabro/shared/api-schemas/subscriptions';
import { signCancelToken } from './subscription-link';
import { AppError } from '../../lib/app-error';
import { recordRenewal, RenewalAlreadyRecorded, type PreparedCharge, type RenewalOutcome } from './renewal-recording';

/** What the page needs to show the bank's challenge of an intent: the sandbox's frame, or Stripe.js's handleNextAction. */
export function paymentActionOf(provider: PaymentProvider, intent: PaymentIntent): PaymentAction {
  return {
    capabilities: provider.capabilities,
    intentId: intent.id,
    clientSecret: intent.clientSecret,
    frameUrl: provider.cardField.frameUrl,
    ...(provider.cardField.publishableKey ? { publishableKey: provider.cardField.publishableKey } : {}),
  };
}

/*
 * The page behind a "confirm your renewal" email: the supporter answers their bank's challenge in the
 * provider's card field for the intent the renewal left awaiting authentication. The link names the
 * period's charge; the intent is whichever one awaits the supporter now.
 */

/** The open renewal a token is for, or the 4xx its page shows (forged 400; expired or already paid 409). */
async function openCharge(deps: MoneyDeps, token: string, now: Date) {
  const verified = verifyConfirmToken(deps.appSecret, token);
  const charge = verified ? await findChargeById(deps.db, verified.chargeId) : undefined;
  if (!verified || !charge) throw new AppError('validation', RENEWAL_CONFIRM_MESSAGES.linkInvalid);
  if (charge.status === 'succeeded') throw new AppError('conflict', RENEWAL_CONFIRM_MESSAGES.alreadyPaid);
  if (charge.status !== 'pending' || !charge.actionIntentId || verified.expiresAt <= now)
    throw new AppError('conflict', RENEWAL_CONFIRM_MESSAGES.expired);
  return { charge, intentId: charge.actionIntentId };
}

/** GET /api/subscriptions/confirm: what the page shows (creator, amount, month) and what the card field needs. */
export async function describeRenewalConfirmation(
  deps: MoneyDeps,
  token: string,
  now = new Date(),
): Promise<RenewalConfirmation> {
  const { charge, intentId } = await openCharge(deps, token, now);
  const [view, intent] = await Promise.all([
    findSubscriptionView(deps.db, charge.subscriptionId),
    deps.provider.retrieveIntent(intentId),
  ]);
  // A failed challenge leaves the month unpaid: the link still opens it, to try again (POST /confirm/retry).
  const authenticationFailed =
    intent?.status === 'requires_payment_method' && intent.lastError?.code === 'authentication_failed';
  // Declined off session for the bank's check (Stripe): the supporter starts it from the page.
  const bankCheckToStart = intent?.status === 'requires_payment_method' && awaitsAuthentication(intent);
  if (!view || !intent || (intent.status !== 'requires_action' && !authenticationFailed && !bankCheckToStart))
    throw new AppError('conflict', RENEWAL_CONFIRM_MESSAGES.expired);
  const cancelToken = encodeURIComponent(signCancelToken(deps.appSecret, charge.subscriptionId));
  return {
    creatorUsername: view.creatorUsername,
    creatorDisplayName: view.creatorDisplayName,
    amountCents: charge.amountCents,
    currency: view.subscription.currency,
    periodStart: charge.periodStart.toISOString(),
    periodEnd: charge.periodEnd.toISOString(),
    cardBrand: intent.paymentMethod?.brand ?? view.subscription.cardBrand,
    cardLast4: intent.paymentMethod?.last4 ?? view.subscription.cardLast4,
    payment: paymentActionOf(deps.provider, intent),
    authenticationFailed,
    bankCheckToStart,
    cardLinkPath: `${CANCEL_LINK_PAGE_PATH}?token=${cancelToken}#${CARD_SECTION_ID}`,
  };
}

/**
 * POST /api/subscriptions/confirm/retry: after the bank's challenge was failed, or when the provider declined the
 * renewal off session for the bank's check (Stripe), the month is charged again on the same card (on-session, like a
 * retry with a new card), so the bank asks on the page. Only those are retried: a challenge still awaiting an answer
 * is shown as it is, so a double click never makes two intents.
 */
export async function retryRenewalConfirmation(
  deps: MoneyDeps,
  token: string,
  now = new Date(),
): Promise<RenewalConfirmRetryResult> {
  const described = await describeRenewalConfirmation(deps, token, now);
  if (!described.authenticationFailed && !described.bankCheckToStart)
    return { status: 'awaiting', confirmation: described };
  const { charge } = await openCharge(deps, token, now);
  const retried = await retryRenewalNow(deps, charge.subscriptionId, now);
  if (retried?.status === 'paid') return { status: 'paid' };
  if (retried?.status === 'failed') throw new AppError('conflict', retried.message);
  if (!retried) throw new AppError('conflict', RENEWAL_CONFIRM_MESSAGES.expired);
  return { status: 'awaiting', confirmation: await describeRenewalConfirmation(deps, token, now) };
}

/**
 * POST /api/subscriptions/confirm, once the card field answered: the outcome is read from the provider
 * (never taken from the browser) and recorded by the path the provider's event takes too, once.
 */
export async function completeRenewalConfirmation(
  deps: MoneyDeps,
  token: string,
  now = new Date(),
): Promise<RenewalConfirmResult> {
  let open;
  try {
    open = await openCharge(deps, token, now);
  } catch (error) {
    // The provider's event may have recorded it first: the page's own answer is still "paid".
    if (error instanceof AppError && error.message === RENEWAL_CONFIRM_MESSAGES.alreadyPaid) return { status: 'paid' };
    throw error;
  }
  const intent = await deps.provider.retrieveIntent(open.intentId);
  const attempt = intent ? await findAttemptByIntent(deps.db, intent.id) : undefined;
  if (!intent || !attempt) throw new AppError('conflict', RENEWAL_CONFIRM_MESSAGES.expired);
  const outcome = await recordConfirmedRenewal(deps, attempt, intent, now);
  if (outcome === 'paid') return { status: 'paid' };
  if (outcome === 'awaiting') return { status: 'awaiting' };
  if (outcome === 'failed') throw new AppError('validation', RENEWAL_CONFIRM_MESSAGES.failed);
  throw new AppError('conflict', RENEWAL_CONFIRM_MESSAGES.expired);
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
    // Never in the ledger: the whole application fee goes back with it, so the creator's account is not touched.
    applicationFeeRefundCents: intent.applicationFeeCents,
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
export async function settleOpenConfirmation(deps: MoneyDeps, id: string, now: Date): Promise<RenewalOutcome | null> {
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
      currency: sub.currency,
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
    currency: p.subscription.currency,
    customer: p.subscription.supporterEmail ?? '',
    paymentMethodId: p.subscription.paymentMethodToken,
    applicationFeeCents: applicationFeeCents(p.charge.amountCents, p.subscription.currency),
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
