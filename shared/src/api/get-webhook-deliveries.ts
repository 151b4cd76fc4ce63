import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { webhookDeliveriesResponseSchema, type WebhookDeliveryDto } from '@beabro/shared/api-schemas/webhooks';

export const webhookDeliveriesQueryKey = (endpointId: string) =>
  ['creator', 'webhooks', 'deliveries', endpointId] as const;

/** GET /api/creator/webhooks/endpoints/{id}/deliveries: the latest 50, newest first. */
export async function getWebhookDeliveries(endpointId: string): Promise<WebhookDeliveryDto[]> {
  return webhookDeliveriesResponseSchema.parse(
    await apiRequest<unknown>(`/creator/webhooks/endpoints/${encodeURIComponent(endpointId)}/deliveries`),
  ).deliveries;
}

export const webhookDeliveriesQueryOptions = (endpointId: string) =>
  queryOptions({ queryKey: webhookDeliveriesQueryKey(endpointId), queryFn: () => getWebhookDeliveries(endpointId) });

/** A delivery due within this long keeps the log refreshing, so the outcome of a test event shows up by itself. */
const SOON_MS = 60_000;

export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    ...webhookDeliveriesQueryOptions(endpointId),
    refetchInterval: (query) =>
      query.state.data?.some(
        (d) =>
          d.status === 'pending' &&
          d.nextAttemptAt !== null &&
          new Date(d.nextAttemptAt).getTime() <= Date.now() + SOON_MS,
      )
        ? 3_000
        : false,
  });
}
