import { useQueryClient } from '@tanstack/react-query';
import { changeSubscription, type SubscriptionChangeInput } from '@beabro/shared/api/change-subscription';
import { supporterDashboardQueryKey } from '@beabro/shared/api/get-supporter-dashboard';
import type { SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import type { SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';

/*
 * POST /api/subscriptions/:id/change through the shared call. The answer goes on screen at once (the new
 * amount), then the dashboard is refetched for the server's figures.
 */
export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return async (id: string, change: SubscriptionChangeInput): Promise<SubscriptionDto> => {
    const subscription = await changeSubscription(id, change);
    queryClient.setQueriesData<SupporterDashboard>({ queryKey: supporterDashboardQueryKey }, (current) =>
      current
        ? {
            ...current,
            subscriptions: current.subscriptions.map((s) => (s.id === subscription.id ? subscription : s)),
          }
        : current,
    );
    void queryClient.invalidateQueries({ queryKey: supporterDashboardQueryKey });
    return subscription;
  };
}
