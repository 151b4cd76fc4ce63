import type { WebhookEventData } from '@beabro/shared/api-schemas/webhooks';
import type { payouts, subscriptions, supports } from '../../db/schema';

type SupportFacts = Pick<
  typeof supports.$inferSelect,
  | 'id'
  | 'amountCents'
  | 'currency'
  | 'platformFeeCents'
  | 'processingFeeCents'
  | 'creatorNetCents'
  | 'isRecurring'
  | 'isRenewal'
  | 'subscriptionId'
  | 'supporterName'
  | 'isAnonymous'
  | 'message'
  | 'createdAt'
>;
type SubscriptionFacts = Pick<
  typeof subscriptions.$inferSelect,
  'id' | 'amountCents' | 'currency' | 'status' | 'supporterName' | 'isAnonymous' | 'currentPeriodEnd' | 'createdAt'
>;
type PayoutFacts = Pick<typeof payouts.$inferSelect, 'id' | 'amountCents' | 'currency' | 'weekStart' | 'weekEnd'>;

/** A support as webhooks describe it: amounts in cents, the name only when the supporter gave it publicly. */
export function webhookSupport(support: SupportFacts): WebhookEventData['support.created']['support'] {
  return {
    id: support.id,
    amountCents: support.amountCents,
    currency: support.currency,
    platformFeeCents: support.platformFeeCents,
    processingFeeCents: support.processingFeeCents,
    creatorNetCents: support.creatorNetCents,
    isRecurring: support.isRecurring,
    isRenewal: support.isRenewal,
    subscriptionId: support.subscriptionId,
    supporterName: support.isAnonymous ? null : support.supporterName,
    message: support.message,
    createdAt: support.createdAt.toISOString(),
  };
}

export function webhookSubscription(
  subscription: SubscriptionFacts,
): WebhookEventData['subscription.created']['subscription'] {
  return {
    id: subscription.id,
    amountCents: subscription.amountCents,
    currency: subscription.currency,
    status: subscription.status,
    supporterName: subscription.isAnonymous ? null : subscription.supporterName,
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    createdAt: subscription.createdAt.toISOString(),
  };
}

export function webhookPayout(payout: PayoutFacts, paidAt: Date): WebhookEventData['payout.paid']['payout'] {
  return {
    id: payout.id,
    amountCents: payout.amountCents,
    currency: payout.currency,
    weekStart: payout.weekStart,
    weekEnd: payout.weekEnd,
    paidAt: paidAt.toISOString(),
  };
}
