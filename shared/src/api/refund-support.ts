import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { creatorDashboardQueryKey } from '@beabro/shared/api/get-creator-dashboard';
import { creatorPayoutsQueryKey } from '@beabro/shared/api/get-payouts';
import { refundResponseSchema, type RefundRequest, type RefundResponse } from '@beabro/shared/api-schemas/refunds';

export interface RefundSupportInput {
  supportId: string;
  body: RefundRequest;
  /** One key per refund attempt: send the same key again after a network failure and it refunds once. */
  idempotencyKey: string;
}

/**
 * A creator refunds (part of) a support they received. Throws `ApiError`: 400 with field messages
 * (`amountCents`, `reason`, `note`, `cancelSubscription`), 404 for a support that is not theirs, 409 when
 * the key was used for another refund or the provider refused.
 */
export async function refundSupport({ supportId, body, idempotencyKey }: RefundSupportInput): Promise<RefundResponse> {
  const response = await apiRequest<unknown>(`/creator/supports/${encodeURIComponent(supportId)}/refunds`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(body),
  });
  return refundResponseSchema.parse(response);
}

/** Mutation for the refund dialog; the dashboard (support list, earnings, balance) and payouts are refetched after it. */
export function useRefundSupport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundSupport,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: creatorDashboardQueryKey }),
        queryClient.invalidateQueries({ queryKey: creatorPayoutsQueryKey }),
      ]);
    },
  });
}
