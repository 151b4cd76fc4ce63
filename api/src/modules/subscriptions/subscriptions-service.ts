import { SUBSCRIPTION_MESSAGES, type SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { enqueueEmail } from '../email/email-outbox';
import { verifyCancelToken } from './cancel-link';
import { subscriptionCanceledEmail } from './subscription-emails';
import { failPendingCharges, findSubscriptionView, lockSubscription, updateSubscription, type SubscriptionRow } from './subscriptions-repository';

export const CANCELED_WHILE_PAST_DUE = 'Cancelled by the supporter while the renewal was being retried';

export function toSubscriptionDto(row: SubscriptionRow, creator: { creatorUsername: string; creatorDisplayName: string }): SubscriptionDto {
  const renews = row.status === 'active' && !row.cancelAtPeriodEnd;
  const nextChargeAt = renews ? row.currentPeriodEnd : row.status === 'past_due' ? row.nextRetryAt : null;
  const endsAt = row.status === 'active' && row.cancelAtPeriodEnd ? row.currentPeriodEnd : row.status === 'canceled' || row.status === 'lapsed' ? row.endedAt : null;
  return {
    id: row.id,
    creatorUsername: creator.creatorUsername,
    creatorDisplayName: creator.creatorDisplayName,
    amountCents: row.amountCents,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    nextChargeAt: nextChargeAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
  };
}

/** A signed-in user owns a subscription made signed in, or as a guest with their verified email. */
export function isOwner(row: Pick<SubscriptionRow, 'supporterUserId' | 'supporterEmail'>, user: SessionUser): boolean {
  if (row.supporterUserId) return row.supporterUserId === user.id;
  return user.emailVerified && row.supporterEmail !== null && row.supporterEmail === user.email.toLowerCase();
}

/**
 * Stops future charges. An active subscription runs to the end of the month already paid; one whose
 * renewal is failing (past due) has no paid time left and ends at once. Canceling twice is harmless.
 */
async function cancel(db: Db, id: string, origin: string, now: Date): Promise<SubscriptionDto> {
  return db.transaction(async (tx) => {
    const locked = await lockSubscription(tx, id);
    if (!locked) throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
    let row = locked;
    if (row.status === 'active' && !row.cancelAtPeriodEnd) {
      row = await updateSubscription(tx, id, { cancelAtPeriodEnd: true, canceledAt: now, updatedAt: now });
    } else if (row.status === 'past_due') {
      row = await updateSubscription(tx, id, { status: 'canceled', cancelAtPeriodEnd: true, canceledAt: now, endedAt: now, nextRetryAt: null, updatedAt: now });
      await failPendingCharges(tx, id, CANCELED_WHILE_PAST_DUE, now);
    }
    const view = await findSubscriptionView(tx, id);
    if (!view) throw new Error(`subscription ${id} vanished`);
    if (row !== locked && row.supporterEmail) {
      await enqueueEmail(
        tx,
        subscriptionCanceledEmail(row.supporterEmail, {
          subscriptionId: row.id,
          creatorDisplayName: view.creatorDisplayName,
          creatorUsername: view.creatorUsername,
          amountCents: row.amountCents,
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
export async function cancelAsOwner(db: Db, user: SessionUser, id: string, origin: string, now = new Date()): Promise<SubscriptionDto> {
  const view = await findSubscriptionView(db, id);
  if (!view || !isOwner(view.subscription, user)) throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
  return cancel(db, id, origin, now);
}

function subscriptionIdFromToken(secret: string, token: string): string {
  const id = verifyCancelToken(secret, token);
  if (!id) throw new AppError('validation', SUBSCRIPTION_MESSAGES.linkInvalid, { token: SUBSCRIPTION_MESSAGES.linkInvalid });
  return id;
}

/** GET /api/subscriptions/cancel-by-link: what the link would cancel, for the confirmation page. */
export async function describeByLink(db: Db, secret: string, token: string): Promise<SubscriptionDto> {
  const id = subscriptionIdFromToken(secret, token);
  const view = await findSubscriptionView(db, id);
  if (!view) throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
  return toSubscriptionDto(view.subscription, view);
}

/** POST /api/subscriptions/cancel-by-link: the signed link from a receipt, no sign-in needed. */
export async function cancelByLink(db: Db, secret: string, token: string, origin: string, now = new Date()): Promise<SubscriptionDto> {
  return cancel(db, subscriptionIdFromToken(secret, token), origin, now);
}
