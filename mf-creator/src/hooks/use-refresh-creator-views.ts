import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { creatorAnalyticsQueryKey } from '@beabro/shared/api/get-creator-analytics';
import { creatorDashboardQueryKey } from '@beabro/shared/api/get-creator-dashboard';
import { MY_CREATOR_PROFILE_QUERY_KEY } from '@beabro/shared/api/get-my-creator-profile';
import { creatorPayoutsQueryKey } from '@beabro/shared/api/get-payouts';

/**
 * After a settings save, the other views built from the profile (dashboard goal, payout holds, the public
 * page in this tab's cache, analytics' goal events) are marked stale so they show the change when opened.
 */
export function useRefreshCreatorViews(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: creatorDashboardQueryKey }),
      queryClient.invalidateQueries({ queryKey: creatorPayoutsQueryKey }),
      // Every period's analytics (the key's first part).
      queryClient.invalidateQueries({ queryKey: creatorAnalyticsQueryKey('30d').slice(0, 1) }),
      queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'creator-profile' && query.queryKey[1] !== MY_CREATOR_PROFILE_QUERY_KEY[1],
      }),
    ]);
  }, [queryClient]);
}
