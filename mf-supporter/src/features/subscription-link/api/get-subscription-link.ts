import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@beabro/shared/api/api-client';
import { cancelSubscriptionByLink } from '@beabro/shared/api/cancel-subscription';
import { pauseSubscriptionByLink, resumeSubscriptionByLink } from '@beabro/shared/api/pause-subscription';
import {
  SUBSCRIPTION_MESSAGES,
  type PauseMonths,
  type SubscriptionDto,
  type SubscriptionResponse,
} from '@beabro/shared/api-schemas/subscriptions';

/** What the link in the address opens: its monthly support, or why it opens none (a message key). */
export type SubscriptionLink =
  | { kind: 'found'; subscription: SubscriptionDto }
  | { kind: 'refused'; reason: 'linkInvalid' | 'linkExpired' | 'notFound' };

export function subscriptionLinkPageQueryKey(token: string) {
  return ['subscription-link-page', token] as const;
}

/**
 * GET /api/subscriptions/cancel-by-link: the monthly support a receipt's link is for (reading changes
 * nothing). A refused link is an answer too, so the server renders its message.
 */
export async function getSubscriptionLink(token: string): Promise<SubscriptionLink> {
  if (!token.trim()) return { kind: 'refused', reason: 'linkInvalid' };
  try {
    // Typed, not parsed: the API checks its answer against the schema (keeps zod out of the page's download).
    const { subscription } = await apiRequest<SubscriptionResponse>(
      `/subscriptions/cancel-by-link?token=${encodeURIComponent(token)}`,
    );
    return { kind: 'found', subscription };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404))
      return {
        kind: 'refused',
        reason:
          error.status === 404
            ? 'notFound'
            : error.message === SUBSCRIPTION_MESSAGES.linkExpired
              ? 'linkExpired'
              : 'linkInvalid',
      };
    throw error;
  }
}

function subscriptionLinkPageQueryOptions(token: string) {
  return queryOptions({
    queryKey: subscriptionLinkPageQueryKey(token),
    queryFn: () => getSubscriptionLink(token),
    retry: false,
    staleTime: Infinity,
  });
}

/** Null while the page does not know its token yet (a server render): it stays loading, asking nothing. */
export function useSubscriptionLink(token: string | null) {
  return useQuery({ ...subscriptionLinkPageQueryOptions(token ?? ''), enabled: token !== null });
}

/** What a button of the page asks for. */
export type SubscriptionLinkRequest =
  { action: 'cancel' } | { action: 'resume' } | { action: 'pause'; months: PauseMonths | null };

/** POST /api/subscriptions/{cancel,pause,resume}-by-link; the answer is the support as it now is, shown at once. */
export function useSubscriptionLinkAction(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SubscriptionLinkRequest) => {
      if (request.action === 'cancel') return cancelSubscriptionByLink(token);
      if (request.action === 'pause') return pauseSubscriptionByLink(token, request.months);
      return resumeSubscriptionByLink(token);
    },
    onSuccess: (subscription) => {
      const shown: SubscriptionLink = { kind: 'found', subscription };
      queryClient.setQueryData(subscriptionLinkPageQueryKey(token), shown);
    },
  });
}
