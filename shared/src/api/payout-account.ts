import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import {
  payoutAccountResponseSchema,
  payoutOnboardingLinkSchema,
  type PayoutAccountResponse,
} from '@beabro/shared/api-schemas/payout-account';

export const payoutAccountQueryKey = ['creator-payout-account'] as const;

/** GET /api/creator/payout-account: whether payouts are enabled and what the provider still asks for. */
export async function getPayoutAccount(): Promise<PayoutAccountResponse> {
  return payoutAccountResponseSchema.parse(await apiRequest<unknown>('/creator/payout-account'));
}

export const payoutAccountQueryOptions = queryOptions({ queryKey: payoutAccountQueryKey, queryFn: getPayoutAccount });

export function usePayoutAccount() {
  return useQuery(payoutAccountQueryOptions);
}

/** POST /api/creator/payout-account/onboarding-link: the provider's onboarding page to send the creator to. */
export async function startPayoutOnboarding(): Promise<string> {
  const { url } = payoutOnboardingLinkSchema.parse(
    await apiRequest<unknown>('/creator/payout-account/onboarding-link', { method: 'POST' }),
  );
  return url;
}

export function useStartPayoutOnboarding() {
  return useMutation({ mutationFn: startPayoutOnboarding });
}
