import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupporterDashboard, supporterDashboardQueryKey } from '@beabro/shared/api/get-supporter-dashboard';

/**
 * GET /api/supporter/dashboard through the shared call, cached per user: a different account signed
 * in (another tab, an expired session) never sees the previous account's supports, even for a moment.
 * The shared key stays the prefix, so everything that invalidates the dashboard still reaches this.
 */
export function supporterDashboardQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...supporterDashboardQueryKey, userId] as const,
    queryFn: getSupporterDashboard,
    staleTime: 15_000,
  });
}

export function useSupporterDashboard(userId: string) {
  return useQuery(supporterDashboardQueryOptions(userId));
}
