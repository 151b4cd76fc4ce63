import { apiRequest } from '@beabro/shared/api/api-client';
import { subscriptionResponseSchema, type PauseMonths, type SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';

/** Pauses one of my monthly supports (signed in) for 1, 2 or 3 months, or until I resume it (null). */
export async function pauseSubscription(id: string, months: PauseMonths | null): Promise<SubscriptionDto> {
  const response = await apiRequest<unknown>(`/subscriptions/${encodeURIComponent(id)}/pause`, { method: 'POST', body: JSON.stringify({ months }) });
  return subscriptionResponseSchema.parse(response).subscription;
}

/** Resumes one of my paused monthly supports: the next charge is at the next period boundary. */
export async function resumeSubscription(id: string): Promise<SubscriptionDto> {
  const response = await apiRequest<unknown>(`/subscriptions/${encodeURIComponent(id)}/resume`, { method: 'POST' });
  return subscriptionResponseSchema.parse(response).subscription;
}
