import { PAYOUT_DESTINATION_MESSAGES, payoutDestination } from '../payout-accounts/payout-destination';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { CheckoutReceipt, PaymentStart, checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { dollarsToCents } from '@beabro/shared/money/dollars-to-cents';
import { applicationFeeCents } from '@beabro/shared/money/fees';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import type { subscriptions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { INVALID_INPUT_MESSAGE, supportMinimumMessage } from '../../lib/messages';
import { retryDelayMs } from '../../lib/retry-delay';
import type { MoneyDeps } from '../payments/money-deps';
import type { WebhookEventType } from '@beabro/shared/api-schemas/webhooks';
import { webhookEventBody, webhookEventId, type WebhookEvent } from '../webhooks/webhook-events';
import { goalReachedCandidate } from '../goals/goal-reached-emails';
import { webhookSubscription, webhookSupport } from '../webhooks/webhook-payloads';
import { newSupportWithEntries } from '../ledger/ledger-service';
import type { SupportRow } from '../ledger/ledger-repository';
import {
  chargeResultOf,
  type ChargeResult,
  type PaymentFailureCode,
  type PaymentIntent,
  type PaymentProvider,
} from '../payments/payment-provider';
import {
  assertNotBlockedBy,
  DEFAULT_FRAUD_SETTINGS,
  fraudKeysOf,
  fraudWindowStart,
  recordDecline,
} from '../fraud/fraud-service';
import { CREATOR_NOT_FOUND_MESSAGE, isPossibleUsername } from '../public-profile/public-profile-service';
import { rateLimitWindow, refuseOverLimit, trimOldWindows, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { cancelLinkUrl } from '../subscriptions/subscription-link';
import { subscriptionPeriod } from '../subscriptions/subscription-periods';
import { creatorSupportEmails, supportEmailFacts, supportReceiptEmail } from '../receipts/support-emails';
import { findSuspension } from '../users/account-suspension-repository';
import {
  beginCheckout,
  deletePendingAttempt,
  findAttemptWithReceiptParts,
  findCheckoutCreator,
  findReceiptParts,
  deferAttemptRecovery,
  listStaleCheckoutAttempts,
  writePaidCheckout,
  type CheckoutCreator,
} from './checkout-repository';
import {
  completeAttempt,
  findAttemptByKey,
  setAttemptIntent,
  type PaymentAttemptRow,
} from '../payments/payment-attempts-repository';

export type CheckoutValues = z.output<typeof checkoutRequestSchema>;

/** Per visitor and per email: generous for people, tight for anyone testing stolen card numbers. */
export const CHECKOUT_LIMITS = {
  perIp: { name: 'checkout:ip', limit: 30, windowSeconds: 60 },
  perEmail: { name: 'checkout:email', limit: 10, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

export const CHECKOUT_MESSAGES = {
  creatorNotFound: CREATOR_NOT_FOUND_MESSAGE,
  minimum: supportMinimumMessage,
  messagesOff: (displayName: string) => `${displayName} is not accepting messages`,
  tierChanged: 'This support option has changed. Reload the page and try again.',
  inProgress: 'This payment is already being processed.',
  keyReused: 'This payment was already submitted with different details. Reload the page and try again.',
  interrupted: 'The payment was interrupted and you were not charged. Please try again.',
  abandoned: 'The payment was not completed in time and you were not charged. Please try again.',
  paymentNotFound: 'This payment was not found. Reload the page and try again.',
  creatorUnavailable: 'This page is not available right now, so it cannot receive support.',
  supporterSuspended: 'Your account is suspended, so it cannot send support. We emailed you the reason.',
} as const;

/** The refusals of a card that count toward the card-testing defence (not abandoned or interrupted payments). */
const CARD_DECLINES: ReadonlySet<PaymentFailureCode> = new Set([
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'authentication_failed',
  'test_mode_only',
]);

/** A pending attempt older than this is looked at by the recovery job (its request may have died). */
export const STALE_ATTEMPT_MS = 2 * 60_000;
/** How long a supporter has to confirm in the card field before the intent is canceled. */
export const ABANDONED_INTENT_MS = 60 * 60_000;
/** How long a duplicate request waits for the first one before answering 409. */
const DEFAULT_DUPLICATE_WAIT_MS = 5_000;
const POLL_MS = 50;

/** The provider refused the card: 402 with the provider's reason (on the card field). */
export class PaymentFailedError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string>,
  ) {
    super(message);
    this.name = 'PaymentFailedError';
  }
}

/** What a checkout attempt asked for, minus the card: enough to finish it after a crash. */
interface CheckoutAttemptRequest {
  creatorId: string;
  amountCents: number;
  email: string;
  name: string | null;
  message: string;
  isAnonymous: boolean;
  isRecurring: boolean;
  tierPosition: number | null;
  /** "Show me on the supporter wall" (absent in attempts recorded before the wall existed: off). */
  showOnWall?: boolean;
  supporterUserId: string | null;
  origin: string;
}

class AlreadyCompletedError extends Error {}

/** The provider's key for a checkout's charge (renewal charges have keys of their own). */
const checkoutChargeKey = (clientKey: string) => `checkout:${clientKey}`;

function fingerprint(secret: string, username: string, input: CheckoutValues, viewerId: string | null): string {
  const material = [
    username,
    input.amount,
    input.email.toLowerCase(),
    input.name,
    input.message,
    input.isAnonymous,
    input.isRecurring,
    input.tierPosition,
    input.showOnWall,
    viewerId,
  ];
  return createHmac('sha256', secret).update(JSON.stringify(material)).digest('base64url');
}

/** The provider's reason, shown next to its card field. */
function failureError(message: string): PaymentFailedError {
  return new PaymentFailedError(message, { card: message });
}

type Subscription = typeof subscriptions.$inferSelect;

interface ReceiptParts {
  attempt: Pick<PaymentAttemptRow, 'cardBrand' | 'cardLast4'>;
  support: SupportRow;
  creatorUsername: string;
  creatorDisplayName: string;
  subscription: Subscription | null;
}

function toReceipt(parts: ReceiptParts, replayed: boolean): CheckoutReceipt {
  const { support, subscription } = parts;
  const renews = subscription && subscription.status === 'active' && !subscription.cancelAtPeriodEnd;
  return {
    supportId: support.id,
    creatorUsername: parts.creatorUsername,
    creatorDisplayName: parts.creatorDisplayName,
    amountCents: support.amountCents,
    currency: support.currency,
    platformFeeCents: support.platformFeeCents,
    processingFeeCents: support.processingFeeCents,
    creatorNetCents: support.creatorNetCents,
    isRecurring: support.isRecurring,
    subscriptionId: subscription?.id ?? null,
    nextChargeAt: renews ? subscription.currentPeriodEnd.toISOString() : null,
    cardBrand: parts.attempt.cardBrand ?? 'Card',
    cardLast4: parts.attempt.cardLast4 ?? '0000',
    receiptEmail: support.supporterEmail ?? '',
    createdAt: support.createdAt.toISOString(),
    replayed,
  };
}

async function replayReceipt(db: Db, attemptId: string): Promise<CheckoutReceipt> {
  const parts = await findReceiptParts(db, attemptId);
  if (!parts) throw new Error(`payment attempt ${attemptId} succeeded without a support`);
  return toReceipt(parts, true);
}

/**
 * Writes what a successful charge paid for, atomically: the support and its ledger entries, the
 * subscription for monthly support (its first period paid), the attempt's outcome, the emails and
 * the webhook events. All of it is one prepared SQL statement (writePaidCheckout: one round trip, no
 * BEGIN/COMMIT, no query building per request), which the attempt's update gates: when another
 * request or the recovery job completed the attempt first, the statement aborts, writes nothing and
 * this throws AlreadyCompletedError.
 */
async function recordPaidCheckout(
  deps: MoneyDeps,
  attempt: Pick<PaymentAttemptRow, 'id' | 'currency'>,
  request: CheckoutAttemptRequest,
  creator: CheckoutCreator,
  charge: Extract<ChargeResult, { status: 'succeeded' }>,
  at: Date,
): Promise<CheckoutReceipt> {
  let subscription: Subscription | null = null;
  if (request.isRecurring) {
    if (!charge.paymentMethodId) throw new Error('the provider saved no payment method for a monthly support');
    const period = subscriptionPeriod(at, 0);
    subscription = {
      id: randomUUID(),
      creatorId: creator.userId,
      supporterUserId: request.supporterUserId,
      supporterEmail: request.email,
      supporterName: request.name,
      isAnonymous: request.isAnonymous,
      tierPosition: request.tierPosition,
      amountCents: request.amountCents,
      // The attempt's: what the provider charged (the creator's currency when the attempt began).
      currency: attempt.currency,
      status: 'active',
      billingAnchorAt: at,
      periodNumber: 0,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      paymentProvider: deps.provider.name,
      paymentMethodToken: charge.paymentMethodId,
      cardBrand: charge.cardBrand,
      cardLast4: charge.cardLast4,
      cardSetupsStarted: 0,
      cardSetupNumber: 0,
      failedAttempts: 0,
      nextRetryAt: null,
      pausedAt: null,
      pauseResumesAt: null,
      createdAt: at,
      updatedAt: at,
    };
  }
  const { support, entries } = newSupportWithEntries(
    {
      creatorId: creator.userId,
      supporterUserId: request.supporterUserId,
      supporterName: request.name,
      supporterEmail: request.email,
      amountCents: request.amountCents,
      currency: attempt.currency,
      message: request.message,
      isAnonymous: request.isAnonymous,
      isRecurring: request.isRecurring,
      subscriptionId: subscription?.id ?? null,
      isRenewal: false,
      tierPosition: request.tierPosition,
      createdAt: at,
    },
    { providerFeeCents: charge.providerFeeCents },
  );

  const facts = supportEmailFacts(support, creator, charge, {
    message: support.message,
    isRecurring: support.isRecurring,
    isRenewal: false,
    nextChargeAt: subscription?.currentPeriodEnd ?? null,
    cancelUrl: subscription ? cancelLinkUrl(request.origin, deps.appSecret, subscription.id) : null,
    testMode: deps.provider.testMode,
  });
  const emails = [
    await supportReceiptEmail(request.email, facts),
    ...(await creatorSupportEmails(creator, {
      ...facts,
      supporterName: request.name,
      isAnonymous: request.isAnonymous,
      origin: request.origin,
    })),
  ];
  const goal = await goalReachedCandidate(
    creator,
    { ...support, supporterName: request.name, isAnonymous: request.isAnonymous, isRenewal: false },
    request.origin,
  );
  // Webhooks in the same statement: they exist exactly when the support does.
  const webhookEvents = [
    webhookEventRow({
      type: 'support.created',
      key: support.id,
      createdAt: at,
      data: { support: webhookSupport(support) },
    }),
  ];
  if (subscription) {
    webhookEvents.push(
      webhookEventRow({
        type: 'subscription.created',
        key: subscription.id,
        createdAt: at,
        data: { subscription: webhookSubscription(subscription) },
      }),
    );
  }

  const written = await writePaidCheckout(deps.db, {
    attemptId: attempt.id,
    charge,
    support,
    entries,
    subscription,
    emails,
    goal,
    webhookEvents,
    showOnWall: request.showOnWall === true && !request.isAnonymous,
  });
  if (!written) throw new AlreadyCompletedError();
  return toReceipt(
    {
      attempt: { cardBrand: charge.cardBrand, cardLast4: charge.cardLast4 },
      support,
      creatorUsername: creator.username,
      creatorDisplayName: creator.displayName,
      subscription,
    },
    false,
  );
}

/** A webhook event as writePaidCheckout queues it: the stable id and the exact body endpoints receive. */
function webhookEventRow<T extends WebhookEventType>(
  event: Omit<WebhookEvent<T>, 'creatorId'>,
): { id: string; type: string; body: string } {
  const id = webhookEventId(event.type, event.key);
  return { id, type: event.type, body: webhookEventBody(id, event.type, event.createdAt, event.data) };
}

async function recordFailure(
  db: Db,
  attempt: Pick<PaymentAttemptRow, 'id'>,
  charge: Extract<ChargeResult, { status: 'failed' }>,
  at: Date,
): Promise<boolean> {
  return completeAttempt(db, attempt.id, {
    status: 'failed',
    providerChargeId: charge.chargeId,
    cardBrand: charge.cardBrand,
    cardLast4: charge.cardLast4,
    failureCode: charge.code,
    failureMessage: charge.message,
    failureField: 'card',
    completedAt: at,
  });
}

/** What the browser needs to confirm an attempt's intent in the provider's card field. */
function paymentStart(provider: PaymentProvider, intent: PaymentIntent): PaymentStart {
  return {
    capabilities: provider.capabilities,
    testMode: provider.testMode,
    intentId: intent.id,
    clientSecret: intent.clientSecret,
    status: intent.status,
    cardFrameUrl: provider.cardField.frameUrl,
    ...(provider.cardField.publishableKey ? { publishableKey: provider.cardField.publishableKey } : {}),
  };
}

export type CheckoutStart = { payment: PaymentStart } | { receipt: CheckoutReceipt };

/** The intent's request to the provider for an attempt: the same key and values every time it is asked. */
function intentRequest(
  attempt: Pick<PaymentAttemptRow, 'id' | 'idempotencyKey' | 'currency'>,
  request: CheckoutAttemptRequest,
  creatorUsername: string,
  destination: string,
) {
  return {
    amountCents: request.amountCents,
    currency: attempt.currency,
    customer: request.email,
    keepCard: request.isRecurring,
    applicationFeeCents: applicationFeeCents(request.amountCents, attempt.currency),
    destination,
    description: `checkout: support for ${creatorUsername}`,
    metadata: { attemptId: attempt.id, purpose: 'checkout' },
    idempotencyKey: checkoutChargeKey(attempt.idempotencyKey),
  };
}

/**
 * Records what the provider says of a checkout attempt's intent, once: a succeeded intent writes the
 * support (gated on the attempt still pending, so a second caller writes nothing), a canceled one the
 * failure. Anything else is not final yet: the supporter may still authenticate or try another card.
 * `receiptParts`: the succeeded attempt's receipt, when the caller read it with the attempt.
 */
async function recordCheckoutIntent(
  deps: MoneyDeps,
  attempt: PaymentAttemptRow,
  intent: PaymentIntent,
  receiptParts: ReceiptParts | null = null,
): Promise<{ receipt: CheckoutReceipt } | { failed: string } | { pending: PaymentIntent }> {
  if (attempt.status === 'succeeded')
    return { receipt: receiptParts ? toReceipt(receiptParts, true) : await replayReceipt(deps.db, attempt.id) };
  if (attempt.status === 'failed' && attempt.failureCode !== 'interrupted')
    return { failed: attempt.failureMessage ?? CHECKOUT_MESSAGES.interrupted };
  const result = chargeResultOf(intent);
  if (!result) return { pending: intent };
  const at = deps.now?.() ?? new Date();
  if (result.status === 'failed') {
    await recordFailure(deps.db, attempt, result, at);
    const now = await findAttemptByKey(deps.db, attempt.idempotencyKey);
    if (now?.status === 'succeeded') return { receipt: await replayReceipt(deps.db, now.id) };
    return { failed: now?.failureMessage ?? result.message };
  }
  const request = attempt.request as unknown as CheckoutAttemptRequest;
  const creator = await findCheckoutCreator(deps.db, { userId: request.creatorId }, null);
  if (!creator) throw new Error(`creator ${request.creatorId} of payment attempt ${attempt.id} is gone`);
  try {
    return { receipt: await recordPaidCheckout(deps, attempt, request, creator, result, at) };
  } catch (error) {
    if (error instanceof AlreadyCompletedError) return { receipt: await replayReceipt(deps.db, attempt.id) };
    throw error;
  }
}

/**
 * Finishes an attempt the recovery job found still pending: without an intent (its request died before
 * the provider answered) the intent is asked for again under the same key and canceled; with one, the
 * provider's outcome is recorded, and an intent left unconfirmed past ABANDONED_INTENT_MS is canceled
 * (a confirmation racing the cancel wins at the provider, and is then recorded as paid).
 */
export async function completeInterruptedCheckout(deps: MoneyDeps, attempt: PaymentAttemptRow): Promise<void> {
  const request = attempt.request as unknown as CheckoutAttemptRequest;
  const now = deps.now?.() ?? new Date();
  let intent = attempt.providerIntentId ? await deps.provider.retrieveIntent(attempt.providerIntentId) : null;
  if (!attempt.providerIntentId) {
    // The browser never got this intent's secret, so nobody could have paid it: cancel it for good.
    // Without a destination no intent can exist for it (the creator's payout account went): nothing to cancel.
    const creator = await findCheckoutCreator(deps.db, { userId: request.creatorId }, null);
    const destination = await payoutDestination(deps.db, deps.provider, request.creatorId);
    if (destination) {
      // A re-send of the first request: a provider whose keys expire looks the first intent up instead.
      const created = await deps.provider.createIntent({
        ...intentRequest(attempt, request, creator?.username ?? '', destination),
        firstSentAt: attempt.createdAt,
      });
      await setAttemptIntent(deps.db, attempt.id, created.id);
      intent = await deps.provider.cancelIntent(created.id);
      if (intent?.status === 'canceled') intent = null;
    }
  } else if (intent && !chargeResultOf(intent) && now.getTime() - attempt.createdAt.getTime() > ABANDONED_INTENT_MS) {
    intent = await deps.provider.cancelIntent(intent.id);
  }
  if (!intent) {
    await completeAttempt(deps.db, attempt.id, {
      status: 'failed',
      failureCode: 'interrupted',
      failureMessage: CHECKOUT_MESSAGES.interrupted,
      failureField: null,
      completedAt: now,
    });
    return;
  }
  await recordCheckoutIntent(deps, attempt, intent);
}

/**
 * Recovery job: looks at checkout attempts left pending for longer than STALE_ATTEMPT_MS. Each on its own: one that
 * throws is logged, counted in `errors` and left for a later run after a growing wait (retryDelayMs), and the
 * others go on.
 */
export async function recoverInterruptedCheckouts(deps: MoneyDeps): Promise<{ recovered: number; errors: number }> {
  const now = deps.now?.() ?? new Date();
  const stale = await listStaleCheckoutAttempts(deps.db, new Date(now.getTime() - STALE_ATTEMPT_MS), now, 500);
  const log = deps.log ?? console.error;
  let recovered = 0;
  let errors = 0;
  for (const attempt of stale) {
    try {
      await completeInterruptedCheckout(deps, attempt);
      recovered++;
    } catch (error) {
      errors++;
      log(`payment attempt ${attempt.id} could not be recovered: ${(error as Error).stack ?? String(error)}`);
      await deferAttemptRecovery(deps.db, attempt.id, (tries) => new Date(now.getTime() + retryDelayMs(tries))).catch(
        (deferError: unknown) =>
          log(`payment attempt ${attempt.id}: its next recovery could not be set: ${String(deferError)}`),
      );
    }
  }
  return { recovered, errors };
}

/** The answer to a repeated key: the first attempt's intent to confirm, or its outcome once it has one. */
async function answerRepeat(
  deps: MoneyDeps,
  first: PaymentAttemptRow,
  expectedFingerprint: string,
): Promise<CheckoutStart> {
  if (first.requestFingerprint !== expectedFingerprint) throw new AppError('conflict', CHECKOUT_MESSAGES.keyReused);
  const waitUntil = Date.now() + (deps.duplicateWaitMs ?? DEFAULT_DUPLICATE_WAIT_MS);
  let attempt: PaymentAttemptRow | undefined = first;
  // The first request is between recording the attempt and the provider's answer: wait for the intent.
  while (attempt?.status === 'pending' && !attempt.providerIntentId) {
    const now = deps.now?.() ?? new Date();
    if (now.getTime() - attempt.createdAt.getTime() > STALE_ATTEMPT_MS) {
      await completeInterruptedCheckout(deps, attempt);
    } else if (Date.now() >= waitUntil) {
      throw new AppError('conflict', CHECKOUT_MESSAGES.inProgress);
    } else {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    attempt = await findAttemptByKey(deps.db, first.idempotencyKey);
  }
  if (!attempt) throw new Error(`payment attempt ${first.id} vanished`);
  if (attempt.status === 'succeeded') return { receipt: await replayReceipt(deps.db, attempt.id) };
  if (attempt.status === 'failed') throw failureError(attempt.failureMessage ?? CHECKOUT_MESSAGES.interrupted);
  const intent = await deps.provider.retrieveIntent(attempt.providerIntentId ?? '');
  if (!intent) throw new Error(`the provider lost intent ${attempt.providerIntentId}`);
  const recorded = await recordCheckoutIntent(deps, attempt, intent);
  if ('receipt' in recorded) return { receipt: recorded.receipt };
  if ('failed' in recorded) throw failureError(recorded.failed);
  return { payment: paymentStart(deps.provider, intent) };
}

type CheckoutCheck = { ok: true; creator: CheckoutCreator; amountCents: number } | { ok: false; error: AppError };

/** The creator and amount when this checkout may go ahead, or why not (unknown creator, their rules). */
function checkCheckout(creator: CheckoutCreator | undefined, input: CheckoutValues): CheckoutCheck {
  if (!creator || !creator.live)
    return { ok: false, error: new AppError('not_found', CHECKOUT_MESSAGES.creatorNotFound) };
  if (!creator.available) return { ok: false, error: new AppError('not_found', CHECKOUT_MESSAGES.creatorUnavailable) };
  const amountCents = dollarsToCents(input.amount);
  const fieldErrors: Record<string, string> = {};
  if (amountCents < creator.minimumAmountCents)
    fieldErrors.amount = CHECKOUT_MESSAGES.minimum(creator.displayName, creator.minimumAmountCents, creator.currency);
  if (input.message !== '' && !creator.allowMessages)
    fieldErrors.message = CHECKOUT_MESSAGES.messagesOff(creator.displayName);
  // The page sends the tier it showed; if the creator changed or removed it since, the amount is stale.
  if (input.tierPosition !== null && creator.tierAmountCents !== amountCents)
    fieldErrors.tierPosition = CHECKOUT_MESSAGES.tierChanged;
  const messages = Object.values(fieldErrors);
  if (messages.length === 0) return { ok: true, creator, amountCents };
  return {
    ok: false,
    error: new AppError(
      'validation',
      messages.length === 1 ? (messages[0] as string) : INVALID_INPUT_MESSAGE,
      fieldErrors,
    ),
  };
}

/**
 * POST /api/creators/:username/supports. Validates against the creator's rules, records the attempt
 * under the client's idempotency key before calling the provider, then asks the provider for a
 * payment intent the browser confirms in the provider's card field. A repeat of the key gets the same
 * intent, or the receipt once it was paid.
 */
export async function createSupport(
  deps: MoneyDeps,
  rawUsername: string,
  input: CheckoutValues,
  viewer: SessionUser | null,
  ip: string,
): Promise<CheckoutStart> {
  const { db, provider } = deps;
  const now = deps.now?.() ?? new Date();
  if (viewer && (await findSuspension(db, viewer.id)))
    throw new AppError('forbidden', CHECKOUT_MESSAGES.supporterSuspended);
  const username = rawUsername.trim().toLowerCase();
  const email = input.email.toLowerCase();
  const requestFingerprint = fingerprint(deps.appSecret, username, input, viewer?.id ?? null);
  const amountCents = dollarsToCents(input.amount);
  const request: Omit<CheckoutAttemptRequest, 'creatorId'> = {
    amountCents,
    email,
    name: input.name || null,
    message: input.message,
    isAnonymous: input.isAnonymous,
    isRecurring: input.isRecurring,
    tierPosition: input.tierPosition,
    showOnWall: input.showOnWall,
    supporterUserId: viewer?.id ?? null,
    origin: deps.origin,
  };
  // One round trip: both rate limits count the attempt whatever happens next, the creator is read
  // for the checks, and the attempt is recorded under the client's key before the provider is
  // called, when the rules (the same as checkCheckout's) let it through.
  const perIp = rateLimitWindow(CHECKOUT_LIMITS.perIp, ip, now);
  const perEmail = rateLimitWindow(CHECKOUT_LIMITS.perEmail, email, now);
  const attemptId = randomUUID();
  const begun = await beginCheckout(db, {
    limits: [
      { key: perIp.key, windowStart: perIp.windowStart, limit: perIp.rule.limit },
      { key: perEmail.key, windowStart: perEmail.windowStart, limit: perEmail.rule.limit },
    ],
    username: isPossibleUsername(username) ? username : '',
    tierPosition: input.tierPosition,
    hasMessage: input.message !== '',
    fraud: {
      ipKey: fraudKeysOf({ ip })[0] ?? '',
      emailKey: fraudKeysOf({ email })[0] ?? '',
      windowStart: fraudWindowStart(now),
    },
    attempt: {
      id: attemptId,
      idempotencyKey: input.idempotencyKey,
      requestFingerprint,
      request,
      amountCents,
      provider: provider.name,
      createdAt: now,
    },
  });
  await trimOldWindows(db, now);
  refuseOverLimit([
    { window: perIp, count: begun.counts[0] },
    { window: perEmail, count: begun.counts[1] },
  ]);

  const checked = checkCheckout(begun.creator, input);
  if (!checked.ok) {
    // The statement applies the same rules, so this never recorded an attempt; should the two ever
    // disagree, the attempt goes (nothing was charged under it) rather than hold the key.
    if (begun.recorded) await deletePendingAttempt(db, attemptId);
    // A repeat of an attempt that went through answers as the first time, even if the creator's
    // rules changed since; only a new attempt is refused.
    const earlier = await findAttemptByKey(db, input.idempotencyKey);
    if (earlier) return answerRepeat(deps, earlier, requestFingerprint);
    throw checked.error;
  }
  const { creator } = checked;
  if (!begun.recorded) {
    // The key was used before (a double submit, a retry): answer with that attempt's intent or outcome.
    const first = await findAttemptByKey(db, input.idempotencyKey);
    if (!first) throw new Error(`payment attempt ${input.idempotencyKey} conflicted but cannot be read`);
    return answerRepeat(deps, first, requestFingerprint);
  }
  const destination = await payoutDestination(db, provider, creator.userId);
  if (!destination) {
    // Nothing was charged under this attempt: it goes, and the key may be used again once the creator can be paid.
    await deletePendingAttempt(db, attemptId);
    throw new AppError('conflict', PAYOUT_DESTINATION_MESSAGES.notConnected(creator.displayName));
  }
  try {
    const subject = { ip, email, creatorId: creator.userId };
    assertNotBlockedBy(deps.fraud ?? DEFAULT_FRAUD_SETTINGS, subject, begun.fraudDeclines, now);
  } catch (error) {
    // Refused before the provider was asked: the attempt goes, and the key may be used again later.
    await deletePendingAttempt(db, attemptId);
    throw error;
  }
  // The statement recorded the attempt in the creator's currency as it read it: the same row's value.
  const attempt = { id: attemptId, idempotencyKey: input.idempotencyKey, currency: creator.currency };
  const fullRequest: CheckoutAttemptRequest = { ...request, creatorId: creator.userId };
  const intent = await provider.createIntent(intentRequest(attempt, fullRequest, creator.username, destination));
  await setAttemptIntent(db, attemptId, intent.id);
  return { payment: paymentStart(provider, intent) };
}

export type CompleteOutcome = { receipt: CheckoutReceipt } | { pending: PaymentIntent['status'] };

/**
 * POST /api/payments/intents/:intentId/complete, called by the page once the provider's field has
 * confirmed: the outcome is asked of the provider (the browser's word is never taken) and recorded once.
 * The client secret proves the caller is the page that started the payment.
 */
export async function completeCheckoutIntent(
  deps: MoneyDeps,
  intentId: string,
  clientSecret: string,
  ip: string | null = null,
): Promise<CompleteOutcome> {
  const intent = await deps.provider.retrieveIntent(intentId);
  const found = intent ? await findAttemptWithReceiptParts(deps.db, intent.id) : undefined;
  const attempt = found?.attempt;
  if (!intent || !attempt || attempt.purpose !== 'checkout' || !sameText(intent.clientSecret, clientSecret))
    throw new AppError('not_found', CHECKOUT_MESSAGES.paymentNotFound);
  if (intent.lastError && CARD_DECLINES.has(intent.lastError.code)) {
    const request = attempt.request as unknown as CheckoutAttemptRequest;
    const card = intent.paymentMethod;
    await recordDecline(
      deps.db,
      deps.fraud ?? DEFAULT_FRAUD_SETTINGS,
      {
        // The same card declined on the same intent counts once, however often it is reported.
        ref: `${intent.id}:${card?.fingerprint ?? `${card?.brand ?? ''}${card?.last4 ?? ''}`}`,
        amountCents: intent.amountCents,
        ip,
        fingerprint: card?.fingerprint ?? null,
        email: request.email,
        creatorId: request.creatorId,
      },
      deps.now?.() ?? new Date(),
    );
  }
  const recorded = await recordCheckoutIntent(deps, attempt, intent, found.receiptParts);
  // The page's own completion is never a repeat, even when the provider's event wrote the support first.
  if ('receipt' in recorded) return { receipt: { ...recorded.receipt, replayed: false } };
  if ('failed' in recorded) throw failureError(recorded.failed);
  // Back at the card field with the provider's reason: the supporter may try another card.
  if (intent.status === 'requires_payment_method' && intent.lastError) throw failureError(intent.lastError.message);
  return { pending: intent.status };
}

/**
 * A provider event about a checkout's intent (payment-events.ts reads the intent back from the provider): recorded
 * like the page's completion, so whichever comes first writes the support.
 */
export async function recordCheckoutIntentEvent(
  deps: MoneyDeps,
  attempt: PaymentAttemptRow,
  intent: PaymentIntent,
): Promise<void> {
  await recordCheckoutIntent(deps, attempt, intent);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
