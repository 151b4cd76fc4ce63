import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SUBSCRIPTION_MESSAGES,
  type changeSubscriptionRequestSchema,
  type SubscriptionDto,
} from '@beabro/shared/api-schemas/subscriptions';
import { dollarsToCents } from '@beabro/shared/money/dollars-to-cents';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import { creatorProfiles, supportTiers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { INVALID_INPUT_MESSAGE } from '../../lib/messages';
import { supportMinimumMessage } from '../../lib/messages';
import { enqueueEmail } from '../email/email-outbox';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { webhookSubscription } from '../webhooks/webhook-payloads';
import { cancelLinkUrl } from './subscription-link';
import { creatorSubscriptionChangedEmails, subscriptionChangedEmail } from './subscription-emails';
import {
  findRenewalParties,
  findSubscriptionView,
  lockSubscription,
  updateSubscription,
} from './subscriptions-repository';
import { isOwner, subscriptionFromLink, toSubscriptionDto, type SubscriptionLinks } from './subscriptions-service';

/*
 * Changing a monthly support: a new amount (at least the creator's minimum) or another of the creator's
 * tiers. The month already paid does not change; the renewal job charges the subscription's amount, so
 * the next renewal (or the charge when a pause ends) is the first at the new amount.
 */

export type SubscriptionChange = z.output<typeof changeSubscriptionRequestSchema>;

/** Each change emails the supporter and the creator and sends a webhook: per support and day, like the link's pauses. */
export const SUBSCRIPTION_CHANGES = {
  name: 'subscription:change',
  limit: 10,
  windowSeconds: 24 * 60 * 60,
} satisfies RateLimitRule;

async function takeChange(db: Db, subscriptionId: string, now: Date): Promise<void> {
  try {
    await consumeRateLimit(db, SUBSCRIPTION_CHANGES, subscriptionId, now);
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited')
      throw new AppError('rate_limited', SUBSCRIPTION_MESSAGES.changesLimited, {}, error.retryAfterSeconds);
    throw error;
  }
}

async function findTier(tx: Db, creatorId: string, position: number | null) {
  if (position === null) return undefined;
  const [tier] = await tx
    .select({ name: supportTiers.name, amountCents: supportTiers.amountCents })
    .from(supportTiers)
    .where(and(eq(supportTiers.creatorId, creatorId), eq(supportTiers.position, position)));
  return tier;
}

/** The amount's and tier's field messages against the creator's rules now (their minimum, their tiers). */
async function checkChange(tx: Db, creatorId: string, change: SubscriptionChange, amountCents: number) {
  const [creator] = await tx
    .select({ displayName: creatorProfiles.displayName, minimumAmountCents: creatorProfiles.minimumAmountCents })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, creatorId));
  const fieldErrors: Record<string, string> = {};
  if (creator && amountCents < creator.minimumAmountCents)
    fieldErrors.amount = supportMinimumMessage(creator.displayName, creator.minimumAmountCents);
  const tier = await findTier(tx, creatorId, change.tierPosition);
  // The page sends the tier it showed; if the creator changed its amount since, the choice is stale.
  if (change.tierPosition !== null && tier?.amountCents !== amountCents)
    fieldErrors.tierPosition = SUBSCRIPTION_MESSAGES.tierChanged;
  const messages = Object.values(fieldErrors);
  if (messages.length > 0)
    throw new AppError(
      'validation',
      messages.length === 1 ? (messages[0] as string) : INVALID_INPUT_MESSAGE,
      fieldErrors,
    );
  return tier;
}

/**
 * Changes the amount or tier of a monthly support, in one transaction with its emails and its
 * `subscription.updated` webhook. Active or paused supports only: a cancelled or ended one answers 409,
 * and so does one whose renewal is being retried (that charge keeps the amount it was due at). The
 * same amount and tier again changes nothing and sends nothing.
 */
export async function changeSubscription(
  db: Db,
  id: string,
  change: SubscriptionChange,
  links: SubscriptionLinks,
  now: Date,
): Promise<SubscriptionDto> {
  const amountCents = dollarsToCents(change.amount);
  return db.transaction(async (tx) => {
    const row = await lockSubscription(tx, id);
    if (!row) throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
    if (row.status === 'past_due') throw new AppError('conflict', SUBSCRIPTION_MESSAGES.changePastDue);
    if (row.status === 'canceled' || row.status === 'lapsed' || row.cancelAtPeriodEnd)
      throw new AppError('conflict', SUBSCRIPTION_MESSAGES.changeEnded);
    const tier = await checkChange(tx, row.creatorId, change, amountCents);
    const view = await findSubscriptionView(tx, id);
    if (!view) throw new Error(`subscription ${id} vanished`);
    if (row.amountCents === amountCents && row.tierPosition === change.tierPosition)
      return toSubscriptionDto(row, view);
    // Counted only for a change made, in its transaction: a refused one costs nothing.
    await takeChange(tx, id, now);

    const changed = await updateSubscription(tx, id, {
      amountCents,
      tierPosition: change.tierPosition,
      updatedAt: now,
    });
    const dto = toSubscriptionDto(changed, view);
    const effectiveAt = dto.nextChargeAt ? new Date(dto.nextChargeAt) : null;
    const previousTier = await findTier(tx, row.creatorId, row.tierPosition);
    const facts = {
      previousAmountCents: row.amountCents,
      tierName: tier?.name ?? null,
      previousTierName: previousTier?.name ?? null,
      changedAt: now,
      effectiveAt,
    };
    await enqueueWebhookEvent(tx, {
      creatorId: changed.creatorId,
      type: 'subscription.updated',
      key: `${id}:${now.toISOString()}`,
      createdAt: now,
      data: {
        subscription: webhookSubscription(changed),
        changed: [
          ...(row.amountCents !== amountCents ? (['amount'] as const) : []),
          ...(row.tierPosition !== change.tierPosition ? (['tier'] as const) : []),
        ],
        previousAmountCents: row.amountCents,
        tierPosition: changed.tierPosition,
        previousTierPosition: row.tierPosition,
        card: null,
        effectiveAt: effectiveAt?.toISOString() ?? null,
        updatedAt: now.toISOString(),
      },
    });
    if (changed.supporterEmail)
      await enqueueEmail(
        tx,
        await subscriptionChangedEmail(changed.supporterEmail, {
          subscriptionId: id,
          creatorDisplayName: view.creatorDisplayName,
          creatorUsername: view.creatorUsername,
          amountCents,
          cardBrand: changed.cardBrand,
          cardLast4: changed.cardLast4,
          origin: links.origin,
          manageUrl: cancelLinkUrl(links.origin, links.appSecret, id),
          ...facts,
        }),
      );
    const { creator } = await findRenewalParties(tx, changed);
    for (const email of await creatorSubscriptionChangedEmails({
      creatorEmail: creator?.live ? creator.email : null,
      notifyNewSupport: creator?.notifyNewSupport ?? false,
      subscriptionId: id,
      supporterName: changed.supporterName,
      isAnonymous: changed.isAnonymous,
      amountCents,
      origin: links.origin,
      ...facts,
    }))
      await enqueueEmail(tx, email);
    return dto;
  });
}

/** POST /api/subscriptions/:id/change: only its owner; anyone else gets 404 (nothing to learn). */
export async function changeAsOwner(
  db: Db,
  user: SessionUser,
  id: string,
  change: SubscriptionChange,
  links: SubscriptionLinks,
  now = new Date(),
): Promise<SubscriptionDto> {
  const view = await findSubscriptionView(db, id);
  if (!view || !isOwner(view.subscription, user)) throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
  return changeSubscription(db, id, change, links, now);
}

/** POST /api/subscriptions/change-by-link: the signed link from a receipt, no sign-in needed. */
export async function changeByLink(
  db: Db,
  token: string,
  change: SubscriptionChange,
  links: SubscriptionLinks,
  now = new Date(),
): Promise<SubscriptionDto> {
  const { id } = (await subscriptionFromLink(db, links.appSecret, token, now)).subscription;
  return changeSubscription(db, id, change, links, now);
}
