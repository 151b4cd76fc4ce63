import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@beabro/shared/api/api-client';
import {
  RENEWAL_CONFIRM_MESSAGES,
  type RenewalConfirmation,
  type RenewalConfirmResult,
  type RenewalConfirmRetryResult,
} from '@beabro/shared/api-schemas/subscriptions';

/** What the link in the address opens: the renewal to confirm, or why it opens none (the API's message). */
export type ConfirmLink = { kind: 'found'; confirmation: RenewalConfirmation } | { kind: 'refused'; message: string };

/** GET /api/subscriptions/confirm: reading changes nothing; a forged, expired or used link is an answer too. */
export async function getConfirmLink(token: string): Promise<ConfirmLink> {
  if (!token.trim()) return { kind: 'refused', message: RENEWAL_CONFIRM_MESSAGES.linkInvalid };
  try {
    const { confirmation } = await apiRequest<{ confirmation: RenewalConfirmation }>(
      `/subscriptions/confirm?token=${encodeURIComponent(token)}`,
    );
    return { kind: 'found', confirmation };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 409))
      return { kind: 'refused', message: error.message };
    throw error;
  }
}

/** Null while the page does not know its token yet (a server render): it stays loading, asking nothing. */
export function useConfirmLink(token: string | null) {
  return useQuery({
    queryKey: ['confirm-renewal-page', token],
    queryFn: () => getConfirmLink(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /api/subscriptions/confirm/retry after a failed challenge: the bank asks again (a new challenge) on the same card. */
export function useRetryConfirmation(token: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<RenewalConfirmRetryResult>('/subscriptions/confirm/retry', {
        method: 'POST',
        body: JSON.stringify({ token }),
      }),
  });
}

/** POST /api/subscriptions/confirm once the card field answered: the API reads the outcome from the provider. */
export function useCompleteConfirmation(token: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<RenewalConfirmResult>('/subscriptions/confirm', { method: 'POST', body: JSON.stringify({ token }) }),
  });
}
