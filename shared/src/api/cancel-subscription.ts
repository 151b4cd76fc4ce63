import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { supporterDashboardQueryKey } from '@beabro/shared/api/get-supporter-dashboard';
import { subscriptionResponseSchema, type SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';

/** Cancels one of my monthly supports (signed in): it stays active until the paid month ends. */
export async function cancelSubscription(id: string): Promise<SubscriptionDto> {
  const response = await apiRequest<unknown>(`/subscriptions/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
  return subscriptionResponseSchema.parse(response).subscription;
}

/** Cancels with the signed token from a receipt email's link, no sign-in needed (400 for a bad link). */
export async function cancelSubscriptionByLink(token: string): Promise<SubscriptionDto> {
  const response = await apiRequest<unknown>('/subscriptions/cancel-by-link', {
    method: 'POST',
    body: JSON.stringify({ token }),
  });
  return subscriptionResponseSchema.parse(response).subscription;
}

/** What a cancel link would cancel (creator, amount, status), for the confirmation page. */
export async function getCancelLinkSubscription(token: string): Promise<SubscriptionDto> {
  const response = await apiRequest<unknown>(`/subscriptions/cancel-by-link?token=${encodeURIComponent(token)}`);
  return subscriptionResponseSchema.parse(response).subscription;
}

export function cancelLinkQueryKey(token: string) {
  return ['cancel-link', token] as const;
}

export function cancelLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: cancelLinkQueryKey(token),
    queryFn: () => getCancelLinkSubscription(token),
    retry: false,
  });
}

export function useCancelLinkSubscription(token: string) {
  return useQuery(cancelLinkQueryOptions(token));
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supporterDashboardQueryKey }),
  });
}

export function useCancelSubscriptionByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscriptionByLink(token),
    onSuccess: (subscription) => {
      queryClient.setQueryData(cancelLinkQueryKey(token), subscription);
      return queryClient.invalidateQueries({ queryKey: supporterDashboardQueryKey });
    },
  });
}
