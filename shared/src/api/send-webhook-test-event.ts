import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { webhookDeliveriesQueryKey } from '@beabro/shared/api/get-webhook-deliveries';
import { webhookDeliveryResponseSchema, type WebhookDeliveryDto } from '@beabro/shared/api-schemas/webhooks';

/** POST /api/creator/webhooks/endpoints/{id}/test: queues a signed `webhook.test` event for this endpoint. */
export async function sendWebhookTestEvent(endpointId: string): Promise<WebhookDeliveryDto> {
  return webhookDeliveryResponseSchema.parse(
    await apiRequest<unknown>(`/creator/webhooks/endpoints/${encodeURIComponent(endpointId)}/test`, { method: 'POST' }),
  ).delivery;
}

export function useSendWebhookTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTestEvent,
    onSuccess: (delivery, endpointId) =>
      queryClient.setQueryData<WebhookDeliveryDto[]>(webhookDeliveriesQueryKey(endpointId), (list) => [
        delivery,
        ...(list ?? []).filter((d) => d.id !== delivery.id),
      ]),
  });
}
