import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { creatorPayoutsResponseSchema, type CreatorPayoutsResponse } from '@beabro/shared/api-schemas/payouts';

export const creatorPayoutsQueryKey = ['creator-payouts'] as const;

/** The signed-in creator's balance, next weekly payout (estimate and any hold reason) and history. */
export async function getCreatorPayouts(): Promise<CreatorPayoutsResponse> {
  return creatorPayoutsResponseSchema.parse(await apiRequest<unknown>('/creator/payouts'));
}

export const creatorPayoutsQueryOptions = queryOptions({
  queryKey: creatorPayoutsQueryKey,
  queryFn: getCreatorPayouts,
  staleTime: 60_000,
});

export function useCreatorPayouts() {
  return useQuery(creatorPayoutsQueryOptions);
}
