import type { Currency } from '@beabro/shared/money/currencies';
import type { SupportedCreatorDto } from '@beabro/shared/api-schemas/dashboards';
import type { SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';

/**
 * The monthly support behind a creator card: the renewing one the card names, else the one to that
 * creator that still runs (renewing first, then one canceled but not yet ended), else one canceled
 * from this page.
 */
export function subscriptionForCreator(
  creator: Pick<SupportedCreatorDto, 'username' | 'subscriptionId'>,
  subscriptions: readonly SubscriptionDto[],
  canceledHere: ReadonlyMap<string, SubscriptionDto>,
): SubscriptionDto | null {
  if (creator.subscriptionId) {
    const named =
      subscriptions.find((s) => s.id === creator.subscriptionId) ?? canceledHere.get(creator.subscriptionId);
    if (named) return named;
  }
  const toCreator = subscriptions.filter(
    (s) =>
      s.creatorUsername === creator.username &&
      (s.status === 'active' || s.status === 'past_due' || s.status === 'paused'),
  );
  const running = toCreator.find(isRenewing) ?? toCreator.find(isCancellable) ?? toCreator[0];
  if (running) return running;
  return [...canceledHere.values()].find((s) => s.creatorUsername === creator.username) ?? null;
}

/** Whether it renews: it will charge again (a paused one does not until it is resumed). */
export function isRenewing(subscription: SubscriptionDto | null): subscription is SubscriptionDto {
  return (
    subscription !== null &&
    !subscription.cancelAtPeriodEnd &&
    (subscription.status === 'active' || subscription.status === 'past_due')
  );
}

/** Whether the supporter can still stop it: it renews, or it is paused. */
export function isCancellable(subscription: SubscriptionDto | null): subscription is SubscriptionDto {
  return subscription !== null && (subscription.status === 'paused' || isRenewing(subscription));
}

/** Whether it can be paused: it renews and its last renewal went through. */
export function isPausable(subscription: SubscriptionDto | null): subscription is SubscriptionDto {
  return subscription !== null && subscription.status === 'active' && !subscription.cancelAtPeriodEnd;
}

/** Sum of the monthly supports that will charge again (paused ones not). */
export function monthlyCommitmentCents(
  subscriptions: readonly SubscriptionDto[],
): Array<{ currency: Currency; cents: number }> {
  const byCurrency = new Map<Currency, number>();
  for (const s of subscriptions.filter(isRenewing))
    byCurrency.set(s.currency, (byCurrency.get(s.currency) ?? 0) + s.amountCents);
  return [...byCurrency].map(([currency, cents]) => ({ currency, cents }));
}

/** Whether its amount or tier can be changed: it runs or is paused, and its last renewal went through. */
export function isChangeable(subscription: SubscriptionDto | null): subscription is SubscriptionDto {
  return (
    subscription !== null &&
    !subscription.cancelAtPeriodEnd &&
    (subscription.status === 'active' || subscription.status === 'paused')
  );
}

/** Whether its card can be replaced: it will be charged again (it runs, is paused, or its renewal is being retried). */
export function isCardReplaceable(subscription: SubscriptionDto | null): subscription is SubscriptionDto {
  return (
    subscription !== null &&
    !subscription.cancelAtPeriodEnd &&
    (subscription.status === 'active' || subscription.status === 'paused' || subscription.status === 'past_due')
  );
}
