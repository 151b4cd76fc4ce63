import { apiRequest } from '@beabro/shared/api/api-client';
import {
  subscriptionResponseSchema,
  type PauseMonths,
  type SubscriptionDto,
} from '@beabro/shared/api-schemas/subscriptions';

/** Pauses one of my monthly supports (signed in) for 1, 2 or 3 months, or until I resume it (null). */
export async function pauseSubscription(id: string, months: PauseMonths | null): Promise<SubscriptionDto> {
  const response = await apiRequest<unknown>(`/subscriptions/${encodeURIComponent(id)}/pause`, {
    method: 'POST',
    body: JSON.stringify({ months }),
  });
  return subscriptionResponseSchema.parse(response).subscription;
}

/** Resumes one of my paused monthly supports: the next charge is at the next period boundary. */
export async function resumeSubscription(id: string): Promise<SubscriptionDto> {
  const response = await apiRequest<unknown>(`/subscriptions/${encodeURIComponent(id)}/resume`, { method: 'POST' });
  return subscriptionResponseSchema.parse(response).subscription;
}

/** Pauses with the signed token from a receipt email's link, no sign-in needed (400 for a bad link, 409 when it cannot be paused). */
export async function pauseSubscriptionByLink(token: string, months: PauseMonths | null): Promise<SubscriptionDto> {
  const response = await apiRequest<unknown>('/subscriptions/pause-by-link', {
    method: 'POST',
    body: JSON.stringify({ token, months }),
  });
  return subscriptionResponseSchema.parse(response).subscription;
}

/** Resumes with the signed token from a receipt email's link, no sign-in needed (409 once it has ended). */
export async function resumeSubscriptionByLink(token: string): Promise<SubscriptionDto> {
  const response = await apiRequest<unknown>('/subscriptions/resume-by-link', {
    method: 'POST',
    body: JSON.stringify({ token }),
  });
  return subscriptionResponseSchema.parse(response).subscription;
}
