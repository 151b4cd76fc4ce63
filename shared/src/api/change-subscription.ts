import { apiRequest } from '@beabro/shared/api/api-client';
import { subscriptionResponseSchema, type SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';

/** A new monthly amount in whole dollars and the creator's tier it is at (null: a custom amount). */
export interface SubscriptionChangeInput {
  amount: number | string;
  tierPosition: number | null;
}

/** Changes one of my monthly supports (signed in): charged from the next renewal. 400 carries field messages. */
export async function changeSubscription(id: string, change: SubscriptionChangeInput): Promise<SubscriptionDto> {
  const response = await apiRequest<unknown>(`/subscriptions/${encodeURIComponent(id)}/change`, {
    method: 'POST',
    body: JSON.stringify({ amount: change.amount, tierPosition: change.tierPosition }),
  });
  return subscriptionResponseSchema.parse(response).subscription;
}

/** The same with the signed token from a receipt email's link, no sign-in needed. */
export async function changeSubscriptionByLink(
  token: string,
  change: SubscriptionChangeInput,
): Promise<SubscriptionDto> {
  const response = await apiRequest<unknown>('/subscriptions/change-by-link', {
    method: 'POST',
    body: JSON.stringify({ token, amount: change.amount, tierPosition: change.tierPosition }),
  });
  return subscriptionResponseSchema.parse(response).subscription;
}
