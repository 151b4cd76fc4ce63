import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { WEBHOOK_ENDPOINTS_QUERY_KEY } from '@beabro/shared/api/get-webhook-endpoints';
import {
  webhookEndpointWithSecretResponseSchema,
  type WebhookEndpointFormInput,
  type WebhookEndpointWithSecret,
} from '@beabro/shared/api-schemas/webhooks';

/** POST /api/creator/webhooks/endpoints: the answer holds the signing secret, shown this once. */
export async function createWebhookEndpoint(input: WebhookEndpointFormInput): Promise<WebhookEndpointWithSecret> {
  return webhookEndpointWithSecretResponseSchema.parse(
    await apiRequest<unknown>('/creator/webhooks/endpoints', { method: 'POST', body: JSON.stringify(input) }),
  );
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_ENDPOINTS_QUERY_KEY }),
  });
}
