import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { WEBHOOK_ENDPOINTS_QUERY_KEY } from '@beabro/shared/api/get-webhook-endpoints';
import {
  webhookEndpointResponseSchema,
  type WebhookEndpointDto,
  type WebhookEndpointPatch,
} from '@beabro/shared/api-schemas/webhooks';

/** PATCH /api/creator/webhooks/endpoints/{id}: edit it, or turn it off (`enabled: false`) or back on. */
export async function updateWebhookEndpoint({
  id,
  patch,
}: {
  id: string;
  patch: WebhookEndpointPatch;
}): Promise<WebhookEndpointDto> {
  const body = await apiRequest<unknown>(`/creator/webhooks/endpoints/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: JSON.stringify(patch),
  });
  return webhookEndpointResponseSchema.parse(body).endpoint;
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEndpoint,
    onSuccess: (endpoint) =>
      queryClient.setQueryData<WebhookEndpointDto[]>(WEBHOOK_ENDPOINTS_QUERY_KEY, (list) =>
        list?.map((e) => (e.id === endpoint.id ? endpoint : e)),
      ),
  });
}
