import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { creatorDashboardSchema, type CreatorDashboard } from '@beabro/shared/api-schemas/metrics';

export const creatorDashboardQueryKey = ['creator-dashboard'] as const;

/** The signed-in creator's dashboard figures; 401 when signed out, 404 without a creator profile. */
export async function getCreatorDashboard(): Promise<CreatorDashboard> {
  return creatorDashboardSchema.parse(await apiRequest<unknown>('/creator/dashboard'));
}

export const creatorDashboardQueryOptions = queryOptions({
  queryKey: creatorDashboardQueryKey,
  queryFn: getCreatorDashboard,
  staleTime: 15_000,
});

export function useCreatorDashboard() {
  return useQuery(creatorDashboardQueryOptions);
}
