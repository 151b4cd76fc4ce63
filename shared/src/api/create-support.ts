import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { creatorProfileQueryKey } from '@beabro/shared/api/get-creator-profile';
import { supporterDashboardQueryKey } from '@beabro/shared/api/get-supporter-dashboard';
import {
  checkoutResponseSchema,
  type CheckoutReceipt,
  type CheckoutRequest,
} from '@beabro/shared/api-schemas/checkout';

/**
 * The support page's checkout. Keep one `idempotencyKey` per attempt and send the same body again
 * after a network failure: the server charges once and answers with the first receipt (`replayed`).
 * Throws `ApiError`: 400 with field messages (e.g. `card.number`), 402 when the card is refused,
 * 404 for an unknown creator, 409 while the same attempt is still being processed, 429 when rate limited.
 */
export async function createSupport(username: string, body: CheckoutRequest): Promise<CheckoutReceipt> {
  const response = await apiRequest<unknown>(`/creators/${encodeURIComponent(username)}/supports`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return checkoutResponseSchema.parse(response).receipt;
}

/** Mutation for the support page; the creator's public figures and the supporter's dashboard are refetched after it. */
export function useCreateSupport(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckoutRequest) => createSupport(username, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: creatorProfileQueryKey(username) }),
        queryClient.invalidateQueries({ queryKey: supporterDashboardQueryKey }),
      ]);
    },
  });
}
