import { createHmac, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CheckoutReceipt, checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { dollarsToCents } from '@beabro/shared/money/dollars-to-cents';
import { formatUsd } from '@beabro/shared/money/fees';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import type { subscriptions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { INVALID_INPUT_MESSAGE } from '../../plugins/error-handler';
import type { WebhookEventType } from '@beabro/shared/api-schemas/webhooks';
import { webhookEventBody, webhookEventId, type WebhookEvent } from '../webhooks/webhook-events';
import { goalReachedCandidate } from '../goals/goal-reached-emails';
import { webhookSubscription, webhookSupport } from '../webhooks/webhook-payloads';
import { newSupportWithEntries } from '../ledger/ledger-service';
import type { SupportRow } from '../ledger/ledger-repository';
import { cardDigits, validateCard } from '../payments/card-validation';
import type { ChargeResult, PaymentProvider } from '../payments/payment-provider';
import { CREATOR_NOT_FOUND_MESSAGE, isPossibleUsername } from '../public-profile/public-profile-service';
import { rateLimitWindow, refuseOverLimit, trimOldWindows, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { cancelLinkUrl } from '../subscriptions/cancel-link';
import { subscriptionPeriod } from '../subscriptions/subscription-periods';
import { creatorSupportEmails, supportEmailFacts, supportReceiptEmail } from './checkout-emails';
import {
  beginCheckout,
  completeAttempt,
  deletePendingAttempt,
  findAttemptByKey,
  findCheckoutCreator,
  findReceiptParts,
  listStaleCheckoutAttempts,
  writePaidCheckout,
  type CheckoutCreator,
  type PaymentAttemptRow,
} from './checkout-repository';

export type CheckoutValues = z.output<typeof checkoutRequestSchema>;

/** Per visitor and per email: generous for people, tight for anyone testing stolen card numbers. */
export const CHECKOUT_LIMITS = {
  perIp: { name: 'checkout:ip', limit: 30, windowSeconds: 60 },
  perEmail: { name: 'checkout:email', limit: 10, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

export const CHECKOUT_MESSAGES = {
  creatorNotFound: CREATOR_NOT_FOUND_MESSAGE,
  minimum: (displayName: string, minimumCents: number) =>
    `The minimum support for ${displayName} is ${formatUsd(minimumCents, { whole: true })}`,
  messagesOff: (displayName: string) => `${displayName} is not accepting messages`,
  tierChanged: 'This support option has changed. Reload the page and try again.',
  inProgress: 'This payment is already being processed.',
  keyReused: 'This payment was already submitted with different details. Reload the page and try again.',
  interrupted: 'The payment was interrupted and you were not charged. Please try again.',
} as const;

/** A pending attempt older than this is taken to belong to a process that died mid-payment. */
export const STALE_ATTEMPT_MS = 2 * 60_000;
/** How long a duplicate request waits for the first one before answering 409. */
const DEFAULT_DUPLICATE_WAIT_MS = 5_000;
const POLL_MS = 50;

/** The provider refused the card: 402 with the message on the card field it concerns. */
export class PaymentFailedError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string>,
  ) {
    super(message);
    this.name = 'PaymentFailedError';
  }
}

export interface MoneyDeps {
  db: Db;
  provider: PaymentProvider;
  /** Signs cancel links and request fingerprints. */
  appSecret: string;
  /** Origin of links in emails, e.g. https://beabro.app. */
  origin: string;
  now?: () => Date;
  /** How long a concurrent duplicate waits for the first request (tests shorten it). */
  duplicateWaitMs?: number;
  /** Where jobs report a failure they survive (default console.error). */
  log?: (message: string) => void;
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
  supporterUserId: string | null;
  origin: string;
}

class AlreadyCompletedError extends Error {}

/** The provider's key for a checkout's charge (renewal charges have keys of their own). */
const checkoutChargeKey = (clientKey: string) => `checkout:${clientKey}`;

function fingerprint(secret: string, username: string, input: CheckoutValues, viewerId: string | null): string {
  const c = input.card;
  const material = [
    username,
    input.amount,
    input.email.toLowerCase(),
    input.name,
    input.message,
    input.isAnonymous,
    input.isRecurring,
    input.tierPosition,
    viewerId,
    cardDigits(c.number),
    c.expMonth,
    c.expYear,
    c.cvc,
  ];
  return createHmac('sha256', secret).update(JSON.stringify(material)).digest('base64url');
}

function failureError(message: string, field: string | null): PaymentFailedError {
  return new PaymentFailedError(message, field ? { [field]: message } : {});
}

type Subscription = typeof subscriptions.$inferSelect;

function toReceipt(
  parts: {
    attempt: Pick<PaymentAttemptRow, 'cardBrand' | 'cardLast4'>;
    support: SupportRow;
    creatorUsername: string;
    creatorDisplayName: string;
    subscription: Subscription | null;
  },
  replayed: boolean,
): CheckoutReceipt {
  const { support, subscription } = parts;
  const renews = subscription && subscription.status === 'active' && !subscription.cancelAtPeriodEnd;
  return {
    supportId: support.id,
    creatorUsername: parts.creatorUsername,
    creatorDisplayName: parts.creatorDisplayName,
    amountCents: support.amountCents,
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
  attempt: Pick<PaymentAttemptRow, 'id'>,
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
      failedAttempts: 0,
      nextRetryAt: null,
      pausedAt: null,
      pauseResumesAt: null,
      createdAt: at,
      updatedAt: at,
    };
  }
  const { support, entries } = newSupportWithEntries({
    creatorId: creator.userId,
    supporterUserId: request.supporterUserId,
    supporterName: request.name,
    supporterEmail: request.email,
    amountCents: request.amountCents,
    message: request.message,
    isAnonymous: request.isAnonymous,
    isRecurring: request.isRecurring,
    subscriptionId: subscription?.id ?? null,
    isRenewal: false,
    tierPosition: request.tierPosition,
    createdAt: at,
  });

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
    failureField: charge.field,
    completedAt: at,
  });
}

/**
 * Finishes an attempt whose request died after recording it: asks the provider what happened under
 * its key (never charging anew) and records that. Safe to run while the request is in fact still
 * alive: whichever finishes first wins, and a real charge is always recorded.
 */
export async function completeInterruptedCheckout(deps: MoneyDeps, attempt: PaymentAttemptRow): Promise<void> {
  const request = attempt.request as unknown as CheckoutAttemptRequest;
  const at = deps.now?.() ?? new Date();
  const charge = await deps.provider.findCharge(checkoutChargeKey(attempt.idempotencyKey));
  if (!charge) {
    await completeAttempt(deps.db, attempt.id, {
      status: 'failed',
      failureCode: 'interrupted',
      failureMessage: CHECKOUT_MESSAGES.interrupted,
      failureField: null,
      completedAt: at,
    });
    return;
  }
  if (charge.status === 'failed') {
    await recordFailure(deps.db, attempt, charge, at);
    return;
  }
  const creator = await findCheckoutCreator(deps.db, { userId: request.creatorId }, null);
  if (!creator) throw new Error(`creator ${request.creatorId} of payment attempt ${attempt.id} is gone`);
  try {
    await recordPaidCheckout(deps, attempt, request, creator, charge, attempt.createdAt);
  } catch (error) {
    if (!(error instanceof AlreadyCompletedError)) throw error;
  }
}

/** Recovery job: completes checkout attempts left pending for longer than STALE_ATTEMPT_MS. */
export async function recoverInterruptedCheckouts(deps: MoneyDeps): Promise<{ recovered: number }> {
  const now = deps.now?.() ?? new Date();
  const stale = await listStaleCheckoutAttempts(deps.db, new Date(now.getTime() - STALE_ATTEMPT_MS), 500);
  for (const attempt of stale) await completeInterruptedCheckout(deps, attempt);
  return { recovered: stale.length };
}

/** The answer to a repeated key: the first result, once the first request has one. */
async function answerRepeat(
  deps: MoneyDeps,
  first: PaymentAttemptRow,
  expectedFingerprint: string,
): Promise<CheckoutReceipt> {
  if (first.requestFingerprint !== expectedFingerprint) throw new AppError('conflict', CHECKOUT_MESSAGES.keyReused);
  const waitUntil = Date.now() + (deps.duplicateWaitMs ?? DEFAULT_DUPLICATE_WAIT_MS);
  let attempt: PaymentAttemptRow | undefined = first;
  while (attempt?.status === 'pending') {
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
  if (attempt.status === 'failed')
    throw failureError(attempt.failureMessage ?? CHECKOUT_MESSAGES.interrupted, attempt.failureField);
  return replayReceipt(deps.db, attempt.id);
}

type CheckoutCheck = { ok: true; creator: CheckoutCreator; amountCents: number } | { ok: false; error: AppError };

/** The creator and amount when this checkout may go ahead, or why not (unknown creator, their rules, the card). */
function checkCheckout(creator: CheckoutCreator | undefined, input: CheckoutValues, now: Date): CheckoutCheck {
  if (!creator || !creator.live)
    return { ok: false, error: new AppError('not_found', CHECKOUT_MESSAGES.creatorNotFound) };
  const amountCents = dollarsToCents(input.amount);
  const fieldErrors: Record<string, string> = {};
  if (amountCents < creator.minimumAmountCents)
    fieldErrors.amount = CHECKOUT_MESSAGES.minimum(creator.displayName, creator.minimumAmountCents);
  if (input.message !== '' && !creator.allowMessages)
    fieldErrors.message = CHECKOUT_MESSAGES.messagesOff(creator.displayName);
  // The page sends the tier it showed; if the creator changed or removed it since, the amount is stale.
  if (input.tierPosition !== null && creator.tierAmountCents !== amountCents)
    fieldErrors.tierPosition = CHECKOUT_MESSAGES.tierChanged;
  Object.assign(fieldErrors, validateCard(input.card, now));
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
 * under the client's idempotency key before calling the provider, then writes the support, its
 * ledger entries (and subscription) in one transaction. A repeat of the key gets the first result.
 */
export async function createSupport(
  deps: MoneyDeps,
  rawUsername: string,
  input: CheckoutValues,
  viewer: SessionUser | null,
  ip: string,
): Promise<CheckoutReceipt> {
  const { db, provider } = deps;
  const now = deps.now?.() ?? new Date();
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
    cardValid: validateCard(input.card, now) === null,
    hasMessage: input.message !== '',
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

  const checked = checkCheckout(begun.creator, input, now);
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
    // The key was used before (a double submit, a retry): answer with that attempt's outcome.
    const first = await findAttemptByKey(db, input.idempotencyKey);
    if (!first) throw new Error(`payment attempt ${input.idempotencyKey} conflicted but cannot be read`);
    return answerRepeat(deps, first, requestFingerprint);
  }
  const attempt = { id: attemptId, idempotencyKey: input.idempotencyKey };
  const fullRequest: CheckoutAttemptRequest = { ...request, creatorId: creator.userId };

  const charge = await provider.charge({
    amountCents,
    source: { card: input.card },
    idempotencyKey: checkoutChargeKey(attempt.idempotencyKey),
    description: `checkout: support for ${creator.username}`,
    savePaymentMethod: input.isRecurring,
  });
  if (charge.status === 'failed') {
    if (!(await recordFailure(db, attempt, charge, now))) {
      const first = await findAttemptByKey(db, input.idempotencyKey);
      if (!first) throw new Error(`payment attempt ${attempt.id} vanished`);
      return answerRepeat(deps, first, requestFingerprint);
    }
    throw failureError(charge.message, charge.field);
  }
  try {
    return await recordPaidCheckout(deps, attempt, fullRequest, creator, charge, now);
  } catch (error) {
    if (error instanceof AlreadyCompletedError) return replayReceipt(db, attempt.id);
    throw error;
  }
}
