import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pauseSubscription, resumeSubscription } from '@beabro/shared/api/pause-subscription';
import { supporterDashboardQueryKey } from '@beabro/shared/api/get-supporter-dashboard';
import type { SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import type { PauseMonths, SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';

/*
 * POST /api/subscriptions/:id/pause and /resume through the shared calls. The answer goes on screen at
 * once ("Paused until ..."), then the dashboard is refetched for the server's figures (recurring count).
 */

function withSubscription(dashboard: SupporterDashboard, subscription: SubscriptionDto): SupporterDashboard {
  return {
    ...dashboard,
    subscriptions: dashboard.subscriptions.map((s) => (s.id === subscription.id ? subscription : s)),
  };
}

function useShowAndRefetch() {
  const queryClient = useQueryClient();
  return async (subscription: SubscriptionDto) => {
    queryClient.setQueriesData<SupporterDashboard>(
      { queryKey: supporterDashboardQueryKey },
      (current) => current && withSubscription(current, subscription),
    );
    await queryClient.invalidateQueries({ queryKey: supporterDashboardQueryKey });
  };
}

export function usePauseSubscription() {
  const showAndRefetch = useShowAndRefetch();
  return useMutation({
    mutationFn: ({ id, months }: { id: string; months: PauseMonths | null }) => pauseSubscription(id, months),
    onSuccess: showAndRefetch,
  });
}

export function useResumeSubscription() {
  const showAndRefetch = useShowAndRefetch();
  return useMutation({ mutationFn: resumeSubscription, onSuccess: showAndRefetch });
}
