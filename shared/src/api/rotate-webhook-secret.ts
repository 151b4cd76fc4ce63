import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { WEBHOOK_ENDPOINTS_QUERY_KEY } from '@beabro/shared/api/get-webhook-endpoints';
import {
  webhookEndpointWithSecretResponseSchema,
  type WebhookEndpointDto,
  type WebhookEndpointWithSecret,
} from '@beabro/shared/api-schemas/webhooks';

/** POST /api/creator/webhooks/endpoints/{id}/rotate-secret: the new secret, shown this once. */
export async function rotateWebhookSecret(id: string): Promise<WebhookEndpointWithSecret> {
  return webhookEndpointWithSecretResponseSchema.parse(
    await apiRequest<unknown>(`/creator/webhooks/endpoints/${encodeURIComponent(id)}/rotate-secret`, {
      method: 'POST',
    }),
  );
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: ({ endpoint }) =>
      queryClient.setQueryData<WebhookEndpointDto[]>(WEBHOOK_ENDPOINTS_QUERY_KEY, (list) =>
        list?.map((e) => (e.id === endpoint.id ? endpoint : e)),
      ),
  });
}
