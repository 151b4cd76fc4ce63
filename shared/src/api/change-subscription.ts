import { apiRequest } from '@beabro/shared/api/api-client';
import {
  raisePendingResponseSchema,
  subscriptionResponseSchema,
  type SubscriptionDto,
} from '@beabro/shared/api-schemas/subscriptions';

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

/** What a change answers: made at once, or (a raise through a receipt's link) waiting for the emailed confirmation. */
export type SubscriptionChangeOutcome =
  { kind: 'changed'; subscription: SubscriptionDto } | { kind: 'emailed'; message: string };

/**
 * The same with the signed token from a receipt email's link, no sign-in needed: a lower amount is changed at
 * once; a higher one waits for the supporter to confirm it from an email.
 */
export async function changeSubscriptionByLink(
  token: string,
  change: SubscriptionChangeInput,
): Promise<SubscriptionChangeOutcome> {
  const response = await apiRequest<unknown>('/subscriptions/change-by-link', {
    method: 'POST',
    body: JSON.stringify({ token, amount: change.amount, tierPosition: change.tierPosition }),
  });
  const pending = raisePendingResponseSchema.safeParse(response);
  if (pending.success) return { kind: 'emailed', message: pending.data.message };
  return { kind: 'changed', subscription: subscriptionResponseSchema.parse(response).subscription };
}

/** POST /api/subscriptions/change-by-link/confirm: the link of the "confirm your new monthly amount" email. */
export async function confirmSubscriptionChange(token: string): Promise<SubscriptionDto> {
  const response = await apiRequest<unknown>('/subscriptions/change-by-link/confirm', {
    method: 'POST',
    body: JSON.stringify({ token }),
  });
  return subscriptionResponseSchema.parse(response).subscription;
}
