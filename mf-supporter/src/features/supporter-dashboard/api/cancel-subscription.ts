import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { cancelSubscription } from '@beabro/shared/api/cancel-subscription';
import { supporterDashboardQueryKey } from '@beabro/shared/api/get-supporter-dashboard';
import type { SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import type { SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';

/*
 * POST /api/subscriptions/:id/cancel through the shared call. The API stops further charges; the
 * support stays active until the paid month ends. Unlike the shared hook, this one has a mutation key,
 * so the page can show the end date of what it canceled, and it puts the answer on screen at once.
 */

const CANCEL_SUBSCRIPTION_KEY = ['supporter-dashboard', 'cancel-subscription'] as const;

function withSubscription(dashboard: SupporterDashboard, subscription: SubscriptionDto): SupporterDashboard {
  const others = dashboard.subscriptions.filter((s) => s.id !== subscription.id);
  return { ...dashboard, subscriptions: [...others, subscription] };
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CANCEL_SUBSCRIPTION_KEY,
    mutationFn: cancelSubscription,
    onSuccess: async (subscription) => {
      // Show the end date at once, then take the server's figures (recurring count, badges).
      queryClient.setQueriesData<SupporterDashboard>(
        { queryKey: supporterDashboardQueryKey },
        (current) => current && withSubscription(current, subscription),
      );
      await queryClient.invalidateQueries({ queryKey: supporterDashboardQueryKey });
    },
  });
}

/** Subscriptions canceled from this page, by id, so their "Ends on" date stays on screen whatever the list says. */
export function useCanceledSubscriptions(): Map<string, SubscriptionDto> {
  const results = useMutationState({
    filters: { mutationKey: CANCEL_SUBSCRIPTION_KEY, status: 'success' },
    select: (mutation) => mutation.state.data as SubscriptionDto | undefined,
  });
  return new Map(results.filter((s): s is SubscriptionDto => s !== undefined).map((s) => [s.id, s]));
}
