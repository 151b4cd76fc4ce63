import {
  RECEIPT_LINK_DAYS_AFTER_END,
  SUBSCRIPTION_MESSAGES,
  type PauseMonths,
  type SubscriptionDto,
} from '@beabro/shared/api-schemas/subscriptions';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { enqueueEmail, type OutgoingEmail, withdrawUnsentEmails } from '../email/email-outbox';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { webhookSubscription } from '../webhooks/webhook-payloads';
import { cancelLinkUrl, verifyCancelToken } from './subscription-link';
import {
  CREATOR_PAUSE_NOTICE_DELAY_MINUTES,
  CREATOR_PAUSE_NOTICE_KINDS,
  creatorSubscriptionPausedEmails,
  creatorSubscriptionResumedEmails,
  subscriptionCanceledEmail,
  subscriptionPausedEmail,
  subscriptionResumedEmail,
} from './subscription-emails';
import { addMonthsClamped, periodNumberAt, subscriptionPeriod } from './subscription-periods';
import {
  failPendingCharges,
  findCharge,
  findRenewalParties,
  findSubscriptionView,
  lockSubscription,
  updateSubscription,
  type SubscriptionRow,
  listSubscriptionsAwaitingConfirmation,
} from './subscriptions-repository';

export const CANCELED_WHILE_PAST_DUE = 'Cancelled by the supporter while the renewal was being retried';

export function toSubscriptionDto(
  row: SubscriptionRow,
  creator: { creatorUsername: string; creatorDisplayName: string },
  /** Its renewal awaits the supporter's authentication (listSubscriptionsAwaitingConfirmation). */
  needsConfirmation = false,
): SubscriptionDto {
  const renews = row.status === 'active' && !row.cancelAtPeriodEnd;
  const nextChargeAt = renews
    ? row.currentPeriodEnd
    : row.status === 'past_due'
      ? row.nextRetryAt
      : row.status === 'paused'
        ? row.pauseResumesAt
        : null;
  const endsAt =
    row.status === 'active' && row.cancelAtPeriodEnd
      ? row.currentPeriodEnd
      : row.status === 'canceled' || row.status === 'lapsed'
        ? row.endedAt
        : null;
  return {
    id: row.id,
    creatorUsername: creator.creatorUsername,
    creatorDisplayName: creator.creatorDisplayName,
    amountCents: row.amountCents,
    currency: row.currency,
    tierPosition: row.tierPosition,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    pausedUntil: row.status === 'paused' ? (row.pauseResumesAt?.toISOString() ?? null) : null,
    nextChargeAt: nextChargeAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
    needsConfirmation: row.status === 'past_due' && needsConfirmation,
  };
}

/** A signed-in user owns a subscription made signed in, or as a guest with their verified email. */
export function isOwner(row: Pick<SubscriptionRow, 'supporterUserId' | 'supporterEmail'>, user: SessionUser): boolean {
  if (row.supporterUserId) return row.supporterUserId === user.id;
  return user.emailVerified && row.supporterEmail !== null && row.supporterEmail === user.email.toLowerCase();
}

/**
 * Stops future charges. An active subscription runs to the end of the month already paid; one whose
 * renewal is failing (past due) has no paid time left and ends at once; a paused one runs to the end
 * of its paid month if that is still ahead, else ends at once. Canceling twice is harmless.
 */
async function cancel(db: Db, id: string, origin: string, now: Date): Promise<SubscriptionDto> {
  return db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, id);
    if (!locked) throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
    let row = locked;
    if (row.status === 'active' && !row.cancelAtPeriodEnd) {
      row = await updateSubscription(tx, id, { cancelAtPeriodEnd: true, canceledAt: now, updatedAt: now });
    } else if (row.status === 'past_due') {
      row = await updateSubscription(tx, id, {
        status: 'canceled',
        cancelAtPeriodEnd: true,
        canceledAt: now,
        endedAt: now,
        nextRetryAt: null,
        updatedAt: now,
      });
      await failPendingCharges(tx, id, CANCELED_WHILE_PAST_DUE, now);
    } else if (row.status === 'paused') {
      const paidAhead = row.currentPeriodEnd > now;
      row = await updateSubscription(tx, id, {
        status: paidAhead ? 'active' : 'canceled',
        cancelAtPeriodEnd: true,
        canceledAt: now,
        endedAt: paidAhead ? null : now,
        pausedAt: null,
        pauseResumesAt: null,
        updatedAt: now,
      });
    }
    const view = await findSubscriptionView(tx, id);
    if (!view) throw new Error(`subscription ${id} vanished`);
    if (row !== locked) {
      const endsAt = row.endedAt ?? row.currentPeriodEnd;
      await enqueueWebhookEvent(tx, {
        creatorId: row.creatorId,
        type: 'subscription.canceled',
        key: row.id,
        createdAt: now,
        data: {
          subscription: webhookSubscription(row),
          reason: 'canceled_by_supporter',
          canceledAt: now.toISOString(),
          endsAt: endsAt.toISOString(),
        },
      });
    }
    if (row !== locked && row.supporterEmail) {
      await enqueueEmail(
        tx,
        await subscriptionCanceledEmail(row.supporterEmail, {
          subscriptionId: row.id,
          creatorDisplayName: view.creatorDisplayName,
          creatorUsername: view.creatorUsername,
          amountCents: row.amountCents,
          currency: row.currency,
          cardBrand: row.cardBrand,
          cardLast4: row.cardLast4,
          origin,
          endsAt: row.endedAt ?? row.currentPeriodEnd,
        }),
      );
    }
    return toSubscriptionDto(row, view);
  });
}

/** POST /api/subscriptions/:id/cancel: only its owner; anyone else gets 404 (nothing to learn). */
export async function cancelAsOwner(
  db: Db,
  user: SessionUser,
  id: string,
  origin: string,
  now = new Date(),
): Promise<SubscriptionDto> {
  const view = await findSubscriptionView(db, id);
  if (!view || !isOwner(view.subscription, user)) throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
  return cancel(db, id, origin, now);
}

function subscriptionIdFromToken(secret: string, token: string): string {
  const id = verifyCancelToken(secret, token);
  if (!id)
    throw new AppError('validation', SUBSCRIPTION_MESSAGES.linkInvalid, { token: SUBSCRIPTION_MESSAGES.linkInvalid });
  return id;
}

/** A support that ended (cancelled or lapsed) more than RECEIPT_LINK_DAYS_AFTER_END days before `now`. */
export function receiptLinkExpired(
  row: Pick<SubscriptionRow, 'status' | 'endedAt' | 'canceledAt' | 'currentPeriodEnd'>,
  now: Date,
): boolean {
  if (row.status !== 'canceled' && row.status !== 'lapsed') return false;
  const endedAt = row.endedAt ?? row.canceledAt ?? row.currentPeriodEnd;
  return now.getTime() - endedAt.getTime() > RECEIPT_LINK_DAYS_AFTER_END * 24 * 60 * 60 * 1000;
}

/**
 * The support a receipt's link is for, while the link works: 400 for a forged one, 400 with
 * `linkExpired` once the support ended more than RECEIPT_LINK_DAYS_AFTER_END days ago, 404 if it is gone.
 */
export async function subscriptionFromLink(db: Db, secret: string, token: string, now: Date) {
  const id = subscriptionIdFromToken(secret, token);
  const view = await findSubscriptionView(db, id);
  if (!view) throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
  if (receiptLinkExpired(view.subscription, now))
    throw new AppError('validation', SUBSCRIPTION_MESSAGES.linkExpired, { token: SUBSCRIPTION_MESSAGES.linkExpired });
  return view;
}

/** GET /api/subscriptions/cancel-by-link: what the link would cancel, for the confirmation page. */
export async function describeByLink(
  db: Db,
  secret: string,
  token: string,
  now = new Date(),
): Promise<SubscriptionDto> {
  const view = await subscriptionFromLink(db, secret, token, now);
  const id = view.subscription.id;
  const awaiting = await listSubscriptionsAwaitingConfirmation(db, [id]);
  return toSubscriptionDto(view.subscription, view, awaiting.has(id));
}

/** POST /api/subscriptions/cancel-by-link: the signed link from a receipt, no sign-in needed. */
export async function cancelByLink(
  db: Db,
  secret: string,
  token: string,
  origin: string,
  now = new Date(),
): Promise<SubscriptionDto> {
  return cancel(db, (await subscriptionFromLink(db, secret, token, now)).subscription.id, origin, now);
}

/** What pausing and resuming need to build the links in their emails. */
export interface SubscriptionLinks {
  appSecret: string;
  origin: string;
}

/**
 * The number of the period whose charge comes next if nothing is paused: the one after the paid month,
 * or, when that month is over already (the renewal job has not run yet, or a pause is running), the
 * period running now, which the job charges when it runs (it skips months nobody was charged for, never
 * more), unless its charge is made or in flight already. A pause of N months skips exactly the N charges
 * from this one on.
 */
async function nextDuePeriod(tx: Db, row: SubscriptionRow, now: Date): Promise<number> {
  if (row.currentPeriodEnd > now) return row.periodNumber + 1;
  const running = periodNumberAt(row.billingAnchorAt, now, row.periodNumber + 1);
  const charge = await findCharge(tx, row.id, subscriptionPeriod(row.billingAnchorAt, running).start);
  return charge && charge.status !== 'failed' ? running + 1 : running;
}

function subscriptionFacts(
  row: SubscriptionRow,
  view: { creatorDisplayName: string; creatorUsername: string },
  links: SubscriptionLinks,
) {
  return {
    subscriptionId: row.id,
    creatorDisplayName: view.creatorDisplayName,
    creatorUsername: view.creatorUsername,
    amountCents: row.amountCents,
    currency: row.currency,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    origin: links.origin,
    manageUrl: cancelLinkUrl(links.origin, links.appSecret, row.id),
  };
}

async function creatorPauseFacts(tx: Db, row: SubscriptionRow, links: SubscriptionLinks) {
  const { creator } = await findRenewalParties(tx, row);
  return {
    creatorEmail: creator?.live ? creator.email : null,
    notifyNewSupport: creator?.notifyNewSupport ?? false,
    subscriptionId: row.id,
    supporterName: row.supporterName,
    isAnonymous: row.isAnonymous,
    amountCents: row.amountCents,
    currency: row.currency,
    origin: links.origin,
  };
}

/**
 * The creator's notice of a pause or resume, sent CREATOR_PAUSE_NOTICE_DELAY_MINUTES later. If the notice
 * of the opposite change is still waiting, this change undoes it: that notice is withdrawn and this one
 * is not queued, so the creator hears nothing of a pause undone within the delay. (Webhooks are facts:
 * one per change, bounded by SUBSCRIPTION_PAUSE_CHANGES.)
 */
async function queueCreatorPauseNotice(tx: Db, id: string, now: Date, emails: OutgoingEmail[]): Promise<void> {
  if ((await withdrawUnsentEmails(tx, CREATOR_PAUSE_NOTICE_KINDS, id, now)) > 0) return;
  const sendAt = new Date(now.getTime() + CREATOR_PAUSE_NOTICE_DELAY_MINUTES * 60 * 1000);
  for (const email of emails) await enqueueEmail(tx, { ...email, sendAt });
}

/**
 * Pauses a monthly support, in one transaction: no charge until it is resumed, by its supporter or,
 * for a pause of `months` months, by the renewal job at the period boundary that many months after
 * the paid month ends (so a pause of one month skips exactly one charge). The month already paid
 * still counts. Pausing a paused support changes the length. The one place a pause happens: events
 * about it (a `subscription.paused` webhook) belong in this transaction.
 */
export async function pauseSubscription(
  db: Db,
  id: string,
  months: PauseMonths | null,
  links: SubscriptionLinks,
  now: Date,
): Promise<SubscriptionDto> {
  return db.transaction(async (tx) => {
    const row = await lockSubscription(tx, id);
    if (!row) throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
    if (row.status === 'past_due') throw new AppError('conflict', SUBSCRIPTION_MESSAGES.pausePastDue);
    if (row.status === 'canceled' || row.status === 'lapsed' || row.cancelAtPeriodEnd)
      throw new AppError('conflict', SUBSCRIPTION_MESSAGES.pauseEnded);

    const pauseResumesAt =
      months === null ? null : addMonthsClamped(row.billingAnchorAt, (await nextDuePeriod(tx, row, now)) + months);
    const newlyPaused = row.status !== 'paused';
    const pausedAt = row.pausedAt ?? now;
    if (!newlyPaused && row.pauseResumesAt?.getTime() === pauseResumesAt?.getTime())
      return toSubscriptionDto(row, await viewOf(tx, id));
    // Counted only for a change made, in its transaction: a refused or idle one costs nothing.
    await takePauseChange(tx, id, now);
    const paused = await updateSubscription(tx, id, { status: 'paused', pausedAt, pauseResumesAt, updatedAt: now });

    const view = await viewOf(tx, id);
    if (paused.supporterEmail)
      await enqueueEmail(
        tx,
        await subscriptionPausedEmail(paused.supporterEmail, {
          ...subscriptionFacts(paused, view, links),
          pausedAt: now,
          resumesAt: pauseResumesAt,
        }),
      );
    if (newlyPaused) {
      await queueCreatorPauseNotice(
        tx,
        id,
        now,
        await creatorSubscriptionPausedEmails({
          ...(await creatorPauseFacts(tx, paused, links)),
          pausedAt,
          resumesAt: pauseResumesAt,
        }),
      );
      // Keyed by the pause's start: a later pause of the same support is a new event.
      await enqueueWebhookEvent(tx, {
        creatorId: paused.creatorId,
        type: 'subscription.paused',
        key: `${paused.id}:${pausedAt.toISOString()}`,
        createdAt: now,
        data: {
          subscription: webhookSubscription(paused),
          pausedAt: pausedAt.toISOString(),
          resumesAt: pauseResumesAt?.toISOString() ?? null,
        },
      });
    }
    return toSubscriptionDto(paused, view);
  });
}

/**
 * Resumes a paused monthly support, in one transaction. Within the paid month nothing changes but
 * the state: the next charge is at its end, as before. Later, the period running now is due and the
 * next renewal run charges it (then the period boundaries as usual), so a month the support runs in
 * is always paid and no period is ever charged twice; after the end of a fixed pause the job has not
 * processed yet, the period it was to charge stays due. Resuming a support that is not paused
 * changes nothing.
 */
export async function resumeSubscription(
  db: Db,
  id: string,
  links: SubscriptionLinks,
  now: Date,
): Promise<SubscriptionDto> {
  return db.transaction(async (tx) => {
    const row = await lockSubscription(tx, id);
    if (!row) throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
    if (row.status === 'canceled' || row.status === 'lapsed')
      throw new AppError('conflict', SUBSCRIPTION_MESSAGES.resumeEnded);
    if (row.status !== 'paused') return toSubscriptionDto(row, await viewOf(tx, id));
    await takePauseChange(tx, id, now);

    let period = {
      periodNumber: row.periodNumber,
      currentPeriodStart: row.currentPeriodStart,
      currentPeriodEnd: row.currentPeriodEnd,
    };
    if (row.pauseResumesAt && row.pauseResumesAt <= now) {
      // The pause is over but the job has not resumed it yet: the period it was to charge stays due.
      const due = periodNumberAt(row.billingAnchorAt, row.pauseResumesAt, row.periodNumber + 1);
      const { start, end } = subscriptionPeriod(row.billingAnchorAt, due - 1);
      period = { periodNumber: due - 1, currentPeriodStart: start, currentPeriodEnd: end };
    } else if (row.currentPeriodEnd <= now) {
      // The paid month ended while paused: the period running now is due (the next renewal run charges
      // it, within the hour), never free. Otherwise pausing just before each charge and resuming just
      // after it would keep a support running without ever paying.
      const running = periodNumberAt(row.billingAnchorAt, now, row.periodNumber + 1);
      const { start, end } = subscriptionPeriod(row.billingAnchorAt, running - 1);
      period = { periodNumber: running - 1, currentPeriodStart: start, currentPeriodEnd: end };
    }
    const resumed = await updateSubscription(tx, id, {
      status: 'active',
      pausedAt: null,
      pauseResumesAt: null,
      ...period,
      updatedAt: now,
    });

    const view = await viewOf(tx, id);
    // A period already due is charged today.
    const nextChargeAt = resumed.currentPeriodEnd > now ? resumed.currentPeriodEnd : now;
    // Keyed by the pause it ends, like subscription.paused by its start: the job resuming the same pause is the same event.
    await enqueueWebhookEvent(tx, {
      creatorId: resumed.creatorId,
      type: 'subscription.resumed',
      key: `${resumed.id}:${(row.pausedAt ?? now).toISOString()}`,
      createdAt: now,
      data: {
        subscription: webhookSubscription(resumed),
        resumedAt: now.toISOString(),
        nextChargeAt: nextChargeAt.toISOString(),
      },
    });
    if (resumed.supporterEmail)
      await enqueueEmail(
        tx,
        await subscriptionResumedEmail(resumed.supporterEmail, {
          ...subscriptionFacts(resumed, view, links),
          resumedAt: now,
          nextChargeAt,
        }),
      );
    await queueCreatorPauseNotice(
      tx,
      id,
      now,
      await creatorSubscriptionResumedEmails({
        ...(await creatorPauseFacts(tx, resumed, links)),
        resumedAt: now,
        nextChargeAt,
      }),
    );
    return toSubscriptionDto(resumed, view);
  });
}

async function viewOf(tx: Db, id: string) {
  const view = await findSubscriptionView(tx, id);
  if (!view) throw new Error(`subscription ${id} vanished`);
  return view;
}

async function ownedSubscriptionId(db: Db, user: SessionUser, id: string): Promise<string> {
  const view = await findSubscriptionView(db, id);
  if (!view || !isOwner(view.subscription, user)) throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
  return id;
}

/** POST /api/subscriptions/:id/pause: only its owner; anyone else gets 404. */
export async function pauseAsOwner(
  db: Db,
  user: SessionUser,
  id: string,
  months: PauseMonths | null,
  links: SubscriptionLinks,
  now = new Date(),
): Promise<SubscriptionDto> {
  return pauseSubscription(db, await ownedSubscriptionId(db, user, id), months, links, now);
}

/** POST /api/subscriptions/:id/resume: only its owner; anyone else gets 404. */
export async function resumeAsOwner(
  db: Db,
  user: SessionUser,
  id: string,
  links: SubscriptionLinks,
  now = new Date(),
): Promise<SubscriptionDto> {
  return resumeSubscription(db, await ownedSubscriptionId(db, user, id), links, now);
}

/** POST /api/subscriptions/pause-by-link: the signed link from a receipt, no sign-in needed. */
export async function pauseByLink(
  db: Db,
  token: string,
  months: PauseMonths | null,
  links: SubscriptionLinks,
  now = new Date(),
): Promise<SubscriptionDto> {
  const { id } = (await subscriptionFromLink(db, links.appSecret, token, now)).subscription;
  return pauseSubscription(db, id, months, links, now);
}

/** POST /api/subscriptions/resume-by-link. */
export async function resumeByLink(
  db: Db,
  token: string,
  links: SubscriptionLinks,
  now = new Date(),
): Promise<SubscriptionDto> {
  const { id } = (await subscriptionFromLink(db, links.appSecret, token, now)).subscription;
  return resumeSubscription(db, id, links, now);
}

/**
 * Pauses and resumes (and changes of a pause's length) per support and day, signed in or by a receipt's
 * link alike: each one emails the supporter and sends a webhook, so toggling must not flood the creator.
 * Only changes made count; the renewal job ending a fixed pause is not counted.
 */
export const SUBSCRIPTION_PAUSE_CHANGES = {
  name: 'subscription:pause',
  limit: 6,
  windowSeconds: 24 * 60 * 60,
} satisfies RateLimitRule;

async function takePauseChange(db: Db, subscriptionId: string, now: Date): Promise<void> {
  try {
    await consumeRateLimit(db, SUBSCRIPTION_PAUSE_CHANGES, subscriptionId, now);
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited')
      throw new AppError('rate_limited', SUBSCRIPTION_MESSAGES.pausesLimited, {}, error.retryAfterSeconds);
    throw error;
  }
}
