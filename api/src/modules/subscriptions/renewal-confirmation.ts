import {
  RENEWAL_CONFIRM_MESSAGES,
  type PaymentAction,
  type RenewalConfirmation,
  type RenewalConfirmResult,
} from '@beabro/shared/api-schemas/subscriptions';
import { AppError } from '../../lib/app-error';
import type { MoneyDeps } from '../checkout/checkout-service';
import type { PaymentIntent, PaymentProvider } from '../payments/payment-provider';
import { verifyConfirmToken } from './confirm-link';
import { recordConfirmedRenewal } from './renewal-service';
import { findAttemptByIntent, findChargeById, findSubscriptionView } from './subscriptions-repository';

/** What the page needs to show the bank's challenge of an intent: the sandbox's frame, or Stripe.js's handleNextAction. */
export function paymentActionOf(provider: PaymentProvider, intent: PaymentIntent): PaymentAction {
  return {
    provider: provider.name === 'stripe' ? 'stripe' : 'sandbox',
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
  if (intent?.lastError?.code === 'authentication_failed')
    throw new AppError('conflict', RENEWAL_CONFIRM_MESSAGES.failed);
  if (!view || !intent || intent.status !== 'requires_action')
    throw new AppError('conflict', RENEWAL_CONFIRM_MESSAGES.expired);
  return {
    creatorUsername: view.creatorUsername,
    creatorDisplayName: view.creatorDisplayName,
    amountCents: charge.amountCents,
    periodStart: charge.periodStart.toISOString(),
    periodEnd: charge.periodEnd.toISOString(),
    cardBrand: intent.paymentMethod?.brand ?? view.subscription.cardBrand,
    cardLast4: intent.paymentMethod?.last4 ?? view.subscription.cardLast4,
    payment: paymentActionOf(deps.provider, intent),
  };
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
