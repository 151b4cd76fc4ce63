import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { creatorPayoutsResponseSchema, type CreatorPayoutsResponse } from '@beabro/shared/api-schemas/payouts';

export const creatorPayoutsQueryKey = ['creator-payouts'] as const;

/** The creator's payouts (all of the last two years, the dashboard shows the latest) as a CSV download. */
export const CREATOR_PAYOUTS_CSV_URL = '/api/creator/payouts/export.csv';

/** The signed-in creator's balance, next payout (estimate and any hold reason) and payouts. */
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
