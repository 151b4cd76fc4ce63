import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { supporterDashboardSchema, type SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';

export const supporterDashboardQueryKey = ['supporter-dashboard'] as const;

/** The signed-in user's supporter figures, creators, monthly supports and history; 401 when signed out. */
export async function getSupporterDashboard(): Promise<SupporterDashboard> {
  return supporterDashboardSchema.parse(await apiRequest<unknown>('/supporter/dashboard'));
}

export const supporterDashboardQueryOptions = queryOptions({
  queryKey: supporterDashboardQueryKey,
  queryFn: getSupporterDashboard,
  // Money that others move (a support, a pause, a refund): opening the dashboard again or coming back
  // to its tab shows the cached figures at once and fetches the current ones.
  staleTime: 0,
  refetchOnWindowFocus: true,
});

export function useSupporterDashboard() {
  return useQuery(supporterDashboardQueryOptions);
}
