import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { WEBHOOK_ENDPOINTS_QUERY_KEY } from '@beabro/shared/api/get-webhook-endpoints';
import type { WebhookEndpointDto } from '@beabro/shared/api-schemas/webhooks';

/** DELETE /api/creator/webhooks/endpoints/{id}: the endpoint and its delivery log. */
export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await apiRequest<unknown>(`/creator/webhooks/endpoints/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: (_nothing, id) =>
      queryClient.setQueryData<WebhookEndpointDto[]>(WEBHOOK_ENDPOINTS_QUERY_KEY, (list) =>
        list?.filter((e) => e.id !== id),
      ),
  });
}
