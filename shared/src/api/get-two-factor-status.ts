import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { twoFactorStatusSchema, type TwoFactorStatus } from '@beabro/shared/api-schemas/two-factor';

export const TWO_FACTOR_STATUS_QUERY_KEY = ['account', 'two-factor'] as const;

/** GET /api/account/two-factor: on or off, and how many recovery codes are left. */
export async function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return twoFactorStatusSchema.parse(await apiRequest<unknown>('/account/two-factor'));
}

export const twoFactorStatusQueryOptions = queryOptions({
  queryKey: TWO_FACTOR_STATUS_QUERY_KEY,
  queryFn: getTwoFactorStatus,
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions);
}
