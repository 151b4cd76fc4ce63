import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { creatorDashboardSchema, type CreatorDashboard } from '@beabro/shared/api-schemas/dashboards';

export const creatorDashboardQueryKey = ['creator-dashboard'] as const;

/** The signed-in creator's dashboard figures; 401 when signed out, 404 without a creator profile. */
export async function getCreatorDashboard(): Promise<CreatorDashboard> {
  return creatorDashboardSchema.parse(await apiRequest<unknown>('/creator/dashboard'));
}

export const creatorDashboardQueryOptions = queryOptions({
  queryKey: creatorDashboardQueryKey,
  queryFn: getCreatorDashboard,
  // Money that others move (a support, a pause, a refund): opening the dashboard again or coming back
  // to its tab shows the cached figures at once and fetches the current ones.
  staleTime: 0,
  refetchOnWindowFocus: true,
});

export function useCreatorDashboard() {
  return useQuery(creatorDashboardQueryOptions);
}
