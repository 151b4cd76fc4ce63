import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CHANGE_CONFIRM_MESSAGES,
  CONFIRM_CHANGE_PAGE_PATH,
  SUBSCRIPTION_MESSAGES,
  type changeSubscriptionRequestSchema,
  type RaisePendingResponse,
  type SubscriptionDto,
} from '@beabro/shared/api-schemas/subscriptions';
import { dollarsToCents } from '@beabro/shared/money/dollars-to-cents';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import { creatorProfiles, subscriptionChangeConfirmations, supportTiers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { INVALID_INPUT_MESSAGE } from '../../lib/messages';
import { supportMinimumMessage } from '../../lib/messages';
import { enqueueEmail } from '../email/email-outbox';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { webhookSubscription } from '../webhooks/webhook-payloads';
import { cancelLinkUrl } from './subscription-link';
import { confirmChangeEmail, creatorSubscriptionChangedEmails, subscriptionChangedEmail } from './subscription-emails';
import {
  findRenewalParties,
  findSubscriptionView,
  lockSubscription,
  updateSubscription,
  type SubscriptionRow,
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
    .select({
      displayName: creatorProfiles.displayName,
      minimumAmountCents: creatorProfiles.minimumAmountCents,
      currency: creatorProfiles.currency,
    })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, creatorId));
  const fieldErrors: Record<string, string> = {};
  if (creator && amountCents < creator.minimumAmountCents)
    fieldErrors.amount = supportMinimumMessage(creator.displayName, creator.minimumAmountCents, creator.currency);
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
  return db.transaction((tx) => changeInTransaction(tx, id, change, links, now));
}

/** The support locked for a change: refused (409) when cancelled, ended or being retried. */
async function lockChangeable(tx: Db, id: string) {
  const row = await lockSubscription(tx, id);
  if (!row) throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
  if (row.status === 'past_due') throw new AppError('conflict', SUBSCRIPTION_MESSAGES.changePastDue);
  if (row.status === 'canceled' || row.status === 'lapsed' || row.cancelAtPeriodEnd)
    throw new AppError('conflict', SUBSCRIPTION_MESSAGES.changeEnded);
  return row;
}

async function changeInTransaction(
  tx: Db,
  id: string,
  change: SubscriptionChange,
  links: SubscriptionLinks,
  now: Date,
): Promise<SubscriptionDto> {
  const amountCents = dollarsToCents(change.amount);
  const row = await lockChangeable(tx, id);
  const tier = await checkChange(tx, row.creatorId, change, amountCents);
  const view = await findSubscriptionView(tx, id);
  if (!view) throw new Error(`subscription ${id} vanished`);
  if (row.amountCents === amountCents && row.tierPosition === change.tierPosition) return toSubscriptionDto(row, view);
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
        currency: changed.currency,
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
    currency: changed.currency,
    origin: links.origin,
    ...facts,
  }))
    await enqueueEmail(tx, email);
  return dto;
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

/** How long the link of a "confirm your new monthly amount" email works. */
export const RAISE_CONFIRMATION_HOURS = 24;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** `j***@example.com`: enough for the supporter to know which inbox, nothing for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export function confirmChangeLinkUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${CONFIRM_CHANGE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * A raise asked through the link: nothing changes; the change waits (replacing any earlier one) for the
 * supporter to confirm it from the email sent to the support's address. Counted like a change (ten a day),
 * so the link cannot flood the inbox.
 */
async function requestRaise(
  tx: Db,
  row: SubscriptionRow,
  change: SubscriptionChange,
  amountCents: number,
  links: SubscriptionLinks,
  now: Date,
): Promise<RaisePendingResponse> {
  if (!row.supporterEmail) throw new AppError('conflict', CHANGE_CONFIRM_MESSAGES.noEmail);
  const tier = await checkChange(tx, row.creatorId, change, amountCents);
  const view = await findSubscriptionView(tx, row.id);
  if (!view) throw new Error(`subscription ${row.id} vanished`);
  await takeChange(tx, row.id, now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RAISE_CONFIRMATION_HOURS * 3_600_000);
  const pending = {
    tokenHash: hashToken(token),
    amountCents,
    tierPosition: change.tierPosition,
    expiresAt,
    createdAt: now,
  };
  await tx
    .insert(subscriptionChangeConfirmations)
    .values({ subscriptionId: row.id, ...pending })
    .onConflictDoUpdate({ target: subscriptionChangeConfirmations.subscriptionId, set: pending });
  const previousTier = await findTier(tx, row.creatorId, row.tierPosition);
  await enqueueEmail(
    tx,
    await confirmChangeEmail(row.supporterEmail, {
      subscriptionId: row.id,
      creatorDisplayName: view.creatorDisplayName,
      currency: row.currency,
      previousAmountCents: row.amountCents,
      previousTierName: previousTier?.name ?? null,
      amountCents,
      tierName: tier?.name ?? null,
      requestedAt: now,
      confirmUrl: confirmChangeLinkUrl(links.origin, token),
    }),
  );
  const sentTo = maskEmail(row.supporterEmail);
  return {
    message: `We sent a confirmation link to ${sentTo}. The new amount starts once you confirm.`,
    pending: { amountCents, currency: row.currency, sentTo, expiresAt: expiresAt.toISOString() },
  };
}

/**
 * POST /api/subscriptions/change-by-link: the signed link from a receipt, no sign-in needed. A lower amount
 * (or another tier at the same amount) changes at once; a higher one only once confirmed from the email
 * sent to the support's address (the receipt link never expires while the support runs, so it alone must
 * not raise the charge).
 */
export async function changeByLink(
  db: Db,
  token: string,
  change: SubscriptionChange,
  links: SubscriptionLinks,
  now = new Date(),
): Promise<{ kind: 'changed'; subscription: SubscriptionDto } | { kind: 'pending'; answer: RaisePendingResponse }> {
  const { id } = (await subscriptionFromLink(db, links.appSecret, token, now)).subscription;
  const amountCents = dollarsToCents(change.amount);
  return db.transaction(async (tx) => {
    const row = await lockChangeable(tx, id);
    if (amountCents > row.amountCents)
      return { kind: 'pending', answer: await requestRaise(tx, row, change, amountCents, links, now) };
    return { kind: 'changed', subscription: await changeInTransaction(tx, id, change, links, now) };
  });
}

/**
 * POST /api/subscriptions/change-by-link/confirm: the emailed link confirms the raise it was sent for, as a
 * signed-in change would make it. Used once; an unknown, used or replaced token is 400, an expired one too.
 */
export async function confirmChangeByLink(
  db: Db,
  token: string,
  links: SubscriptionLinks,
  now = new Date(),
): Promise<SubscriptionDto> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(subscriptionChangeConfirmations)
      .where(eq(subscriptionChangeConfirmations.tokenHash, hashToken(token.trim())))
      .returning();
    if (!pending)
      throw new AppError('validation', CHANGE_CONFIRM_MESSAGES.linkInvalid, {
        token: CHANGE_CONFIRM_MESSAGES.linkInvalid,
      });
    if (pending.expiresAt <= now)
      throw new AppError('validation', CHANGE_CONFIRM_MESSAGES.linkExpired, {
        token: CHANGE_CONFIRM_MESSAGES.linkExpired,
      });
    const change = { amount: pending.amountCents / 100, tierPosition: pending.tierPosition };
    return changeInTransaction(tx, pending.subscriptionId, change, links, now);
  });
}
