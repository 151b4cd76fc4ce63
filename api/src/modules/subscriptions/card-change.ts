import { randomUUID } from 'node:crypto';
import {
  CARD_CHANGE_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  type CardChangeResponse,
  type CardRetry,
  type CardSetupStart,
} from '@beabro/shared/api-schemas/subscriptions';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { AppError } from '../../lib/app-error';
import { enqueueEmail } from '../email/email-outbox';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { webhookSubscription } from '../webhooks/webhook-payloads';
import { cancelLinkUrl } from './subscription-link';
import { detachQueuedCard, queueCardDetachment } from './card-detachments';
import { CONFIRM_LINK_DAYS, signConfirmToken } from './confirm-link';
import { paymentActionOf } from './renewal-confirmation';
import { retryRenewalNow } from './renewal-confirmation';
import { cardChangedEmail } from './subscription-emails';
import {
  findSubscription,
  findSubscriptionView,
  nextCardSetupNumber,
  listSubscriptionsAwaitingConfirmation,
  lockSubscription,
  updateSubscription,
  type SubscriptionRow,
} from './subscriptions-repository';
import { isOwner, subscriptionFromLink, toSubscriptionDto } from './subscriptions-service';
import type { MoneyDeps } from '../payments/money-deps';
import type { OrderedEventOutcome } from '../payments/payment-events';
import type { CardSetup } from '../payments/payment-provider';

/*
 * Replacing the card of a monthly support. The supporter types the new card in the provider's own card field in setup
 * mode (the sandbox's frame, Stripe's Payment Element with a SetupIntent): no card data reaches our API. Once the
 * provider says the card is saved, the subscription keeps its token (with brand and last four), so the next renewal
 * charges it; a support whose renewal is being retried is charged at once with it. The card it replaced is then
 * detached from the supporter at the provider (card-detachments.ts). The page reports the saved setup; should it never
 * call back, the provider's event that the setup succeeded does the same (recordCardSetupEvent), once between them.
 */

/** Each card setup started counts (it creates an object at the provider), per support and day, signed in or by link. */
export const SUBSCRIPTION_CARD_CHANGES = {
  name: 'subscription:card',
  limit: 10,
  windowSeconds: 24 * 60 * 60,
} satisfies RateLimitRule;

/** The metadata key of a setup's number (see `subscriptions.cardSetupsStarted`). */
const SETUP_NUMBER_METADATA = 'setupNumber';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A setup started before setups were numbered counts as 0: older than any numbered one. */
function setupNumberOf(setup: CardSetup): number {
  const value = setup.metadata[SETUP_NUMBER_METADATA] ?? '';
  return /^\d{1,9}$/.test(value) ? Number(value) : 0;
}

/** A support that will not be charged again has no card to change. */
function ended(row: Pick<SubscriptionRow, 'status' | 'cancelAtPeriodEnd'>): boolean {
  return row.status === 'canceled' || row.status === 'lapsed' || (row.status === 'active' && row.cancelAtPeriodEnd);
}

async function takeCardChange(deps: MoneyDeps, subscriptionId: string, now: Date): Promise<void> {
  try {
    await consumeRateLimit(deps.db, SUBSCRIPTION_CARD_CHANGES, subscriptionId, now);
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited')
      throw new AppError('rate_limited', CARD_CHANGE_MESSAGES.changesLimited, {}, error.retryAfterSeconds);
    throw error;
  }
}

/** Starts a card setup at the provider for the support: what the browser's card field needs. */
async function startCardSetup(deps: MoneyDeps, row: SubscriptionRow, now: Date): Promise<CardSetupStart> {
  if (ended(row)) throw new AppError('conflict', CARD_CHANGE_MESSAGES.cardEnded);
  // A support kept by another provider than the one running now cannot get a card from this one.
  if (row.paymentProvider !== deps.provider.name) throw new AppError('conflict', CARD_CHANGE_MESSAGES.otherProvider);
  await takeCardChange(deps, row.id, now);
  const setup = await deps.provider.createCardSetup({
    replacesPaymentMethodId: row.paymentMethodToken,
    customer: row.supporterEmail ?? '',
    metadata: {
      purpose: 'card_change',
      subscriptionId: row.id,
      [SETUP_NUMBER_METADATA]: String(await nextCardSetupNumber(deps.db, row.id)),
    },
    idempotencyKey: `card-setup:${row.id}:${randomUUID()}`,
  });
  const { publishableKey } = deps.provider.cardField;
  return {
    capabilities: deps.provider.capabilities,
    testMode: deps.provider.testMode,
    setupId: setup.id,
    clientSecret: setup.clientSecret,
    cardFrameUrl: deps.provider.cardField.frameUrl,
    ...(publishableKey ? { publishableKey } : {}),
  };
}

type SavedCard = NonNullable<CardSetup['paymentMethod']>;
type ReplacedCard = { provider: string; token: string };

/**
 * What keeping a setup's card did: `changed` (the support keeps it now), `same` (it kept it already: the page's call
 * and the event both arrive), `stale` (a setup started after it saved its card already: the support keeps the newer
 * card), `ended` or `gone`. `detach` is the card to detach at the provider, queued in the same transaction: the one
 * replaced, or a stale setup's card, which nothing charges.
 */
type KeepOutcome =
  | { outcome: 'changed'; row: SubscriptionRow; detach: ReplacedCard }
  | { outcome: 'same'; row: SubscriptionRow; detach: null }
  | { outcome: 'stale'; row: SubscriptionRow; detach: ReplacedCard }
  | { outcome: 'ended'; row: null; detach: null }
  | { outcome: 'gone'; row: null; detach: null };

/**
 * Keeps the card a finished setup saved, in one transaction with the `subscription.updated` webhook and the
 * supporter's email. Setups are applied in the order they were started, whatever the order they finish in.
 */
async function keepSetupCard(
  deps: MoneyDeps,
  id: string,
  setup: CardSetup,
  card: SavedCard,
  now: Date,
): Promise<KeepOutcome> {
  return deps.db.transaction(async (tx): Promise<KeepOutcome> => {
    const row = await lockSubscription(tx, id);
    if (!row) return { outcome: 'gone', row: null, detach: null };
    if (ended(row)) return { outcome: 'ended', row: null, detach: null };
    if (row.paymentMethodToken === card.id) return { outcome: 'same', row, detach: null };
    const number = setupNumberOf(setup);
    if (number < row.cardSetupNumber) {
      const stale = { provider: row.paymentProvider, token: card.id };
      await queueCardDetachment(tx, stale, id, now);
      return { outcome: 'stale', row, detach: stale };
    }
    const updated = await updateSubscription(tx, id, {
      paymentMethodToken: card.id,
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardSetupNumber: number,
      updatedAt: now,
    });
    const view = await findSubscriptionView(tx, id);
    if (!view) throw new Error(`subscription ${id} vanished`);
    const dto = toSubscriptionDto(updated, view);
    await enqueueWebhookEvent(tx, {
      creatorId: updated.creatorId,
      type: 'subscription.updated',
      key: `${id}:card:${setup.id}`,
      createdAt: now,
      data: {
        subscription: webhookSubscription(updated),
        changed: ['card'],
        previousAmountCents: updated.amountCents,
        tierPosition: updated.tierPosition,
        previousTierPosition: updated.tierPosition,
        card: { brand: card.brand, last4: card.last4 },
        effectiveAt: dto.nextChargeAt,
        updatedAt: now.toISOString(),
      },
    });
    if (updated.supporterEmail)
      await enqueueEmail(
        tx,
        await cardChangedEmail(updated.supporterEmail, {
          subscriptionId: id,
          creatorDisplayName: view.creatorDisplayName,
          creatorUsername: view.creatorUsername,
          amountCents: updated.amountCents,
          currency: updated.currency,
          cardBrand: card.brand,
          cardLast4: card.last4,
          previousCardBrand: row.cardBrand,
          previousCardLast4: row.cardLast4,
          changedAt: now,
          origin: deps.origin,
          manageUrl: cancelLinkUrl(deps.origin, deps.appSecret, id),
        }),
      );
    // The replaced card is detached once the retry is done (card-detachments.ts).
    const replaced = { provider: row.paymentProvider, token: row.paymentMethodToken };
    await queueCardDetachment(tx, replaced, id, now);
    return { outcome: 'changed', row: updated, detach: replaced };
  });
}

/** One try at detaching what keepSetupCard queued (the job retries a failure). */
async function detachNow(deps: MoneyDeps, card: ReplacedCard | null, now: Date): Promise<void> {
  if (!card) return;
  await detachQueuedCard(deps, card, now).catch((error: unknown) =>
    (deps.log ?? console.error)(`the replaced card ${card.token} waits for the job: ${(error as Error).message}`),
  );
}

/**
 * The page's call once the card field saved the card: keeps it (keepSetupCard), then charges a past-due support at
 * once, and detaches the replaced card. The setup is read from the provider (never taken from the browser) and must
 * be this support's. The same setup again (or after the provider's setup_intent.succeeded recorded it) changes
 * nothing and sends nothing; a setup older than the one whose card the support keeps is refused (409).
 */
async function completeCardChange(
  deps: MoneyDeps,
  id: string,
  setupId: string,
  now: Date,
): Promise<CardChangeResponse> {
  const setup = await deps.provider.retrieveCardSetup(setupId);
  if (!setup || setup.metadata.subscriptionId !== id)
    throw new AppError('validation', CARD_CHANGE_MESSAGES.setupInvalid, { setupId: CARD_CHANGE_MESSAGES.setupInvalid });
  const card = setup.status === 'succeeded' ? setup.paymentMethod : null;
  if (!card) {
    const message = setup.lastError?.message || CARD_CHANGE_MESSAGES.notSaved;
    throw new AppError('validation', message, { setupId: message });
  }
  const kept = await keepSetupCard(deps, id, setup, card, now);
  if (kept.outcome === 'gone') throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
  if (kept.outcome === 'ended') throw new AppError('conflict', CARD_CHANGE_MESSAGES.cardEnded);
  if (kept.outcome === 'stale') {
    await detachNow(deps, kept.detach, now);
    throw new AppError('conflict', CARD_CHANGE_MESSAGES.newerCard);
  }

  let retry: CardRetry | null = null;
  try {
    // The retry first: it cancels an intent of the old card still awaiting the bank's confirmation.
    if (kept.row.status === 'past_due') {
      const outcome = await retryRenewalNow(deps, id, now);
      if (outcome?.status === 'requires_action') {
        const expiresAt = new Date(now.getTime() + CONFIRM_LINK_DAYS * 86_400_000);
        retry = {
          status: 'requires_action',
          confirmToken: signConfirmToken(deps.appSecret, outcome.chargeId, expiresAt),
          payment: paymentActionOf(deps.provider, outcome.intent),
        };
      } else if (outcome) retry = outcome;
    }
  } finally {
    await detachNow(deps, kept.detach, now);
  }
  const view = await findSubscriptionView(deps.db, id);
  if (!view) throw new Error(`subscription ${id} vanished`);
  const awaiting = await listSubscriptionsAwaitingConfirmation(deps.db, [id]);
  return {
    subscription: toSubscriptionDto(view.subscription, view, awaiting.has(id)),
    card: { brand: view.subscription.cardBrand, last4: view.subscription.cardLast4 },
    retry,
  };
}

/**
 * The provider's event that a card setup succeeded (Stripe's setup_intent.succeeded), for when the page never called
 * back (closed, offline): the setup is read back from the provider and, when it is a card change of ours, its card
 * kept as the page's call would (keepSetupCard); a past-due support is then charged at once, by whichever of the two
 * recorded the change. A setup that is not ours (no card-change metadata, unknown support, another provider's support)
 * or of a support that ended is ignored (`not_ours`); one older than the card kept is `stale`, its card detached.
 */
export async function recordCardSetupEvent(deps: MoneyDeps, setupId: string, at: Date): Promise<OrderedEventOutcome> {
  const setup = await deps.provider.retrieveCardSetup(setupId);
  const id = setup?.metadata.subscriptionId ?? '';
  if (!setup || setup.metadata.purpose !== 'card_change' || !UUID.test(id)) return 'not_ours';
  const card = setup.status === 'succeeded' ? setup.paymentMethod : null;
  const row = card ? await findSubscription(deps.db, id) : undefined;
  if (!card || !row || row.paymentProvider !== deps.provider.name) return 'not_ours';
  const kept = await keepSetupCard(deps, id, setup, card, at);
  if (kept.outcome === 'gone' || kept.outcome === 'ended') return 'not_ours';
  if (kept.outcome === 'same') return 'applied';
  try {
    // Only the one that recorded the change retries, so the supporter is charged once.
    if (kept.outcome === 'changed' && kept.row.status === 'past_due') await retryRenewalNow(deps, id, at);
  } catch (error) {
    // The card stands; the retries already scheduled charge it.
    (deps.log ?? console.error)(
      `monthly support ${id}: the retry with the card of setup ${setup.id} failed, the renewal job retries: ${(error as Error).message}`,
    );
  } finally {
    await detachNow(deps, kept.detach, at);
  }
  return kept.outcome === 'stale' ? 'stale' : 'applied';
}

async function ownedRow(deps: MoneyDeps, user: SessionUser, id: string): Promise<SubscriptionRow> {
  const view = await findSubscriptionView(deps.db, id);
  if (!view || !isOwner(view.subscription, user)) throw new AppError('not_found', SUBSCRIPTION_MESSAGES.notFound);
  return view.subscription;
}

/** POST /api/subscriptions/:id/card: only its owner; anyone else gets 404. */
export async function startCardChangeAsOwner(
  deps: MoneyDeps,
  user: SessionUser,
  id: string,
  now = new Date(),
): Promise<CardSetupStart> {
  return startCardSetup(deps, await ownedRow(deps, user, id), now);
}

/** POST /api/subscriptions/:id/card/complete. */
export async function completeCardChangeAsOwner(
  deps: MoneyDeps,
  user: SessionUser,
  id: string,
  setupId: string,
  now = new Date(),
): Promise<CardChangeResponse> {
  await ownedRow(deps, user, id);
  return completeCardChange(deps, id, setupId, now);
}

/** POST /api/subscriptions/card-by-link: the signed link from a receipt (or a failed renewal's email), no sign-in. */
export async function startCardChangeByLink(deps: MoneyDeps, token: string, now = new Date()): Promise<CardSetupStart> {
  return startCardSetup(deps, (await subscriptionFromLink(deps.db, deps.appSecret, token, now)).subscription, now);
}

/** POST /api/subscriptions/card-by-link/complete. */
export async function completeCardChangeByLink(
  deps: MoneyDeps,
  token: string,
  setupId: string,
  now = new Date(),
): Promise<CardChangeResponse> {
  const { id } = (await subscriptionFromLink(deps.db, deps.appSecret, token, now)).subscription;
  return completeCardChange(deps, id, setupId, now);
}
