import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { webhookEndpointsResponseSchema, type WebhookEndpointDto } from '@beabro/shared/api-schemas/webhooks';

export const WEBHOOK_ENDPOINTS_QUERY_KEY = ['creator', 'webhooks', 'endpoints'] as const;

/** GET /api/creator/webhooks/endpoints: the signed-in creator's endpoints (never their secrets). */
export async function getWebhookEndpoints(): Promise<WebhookEndpointDto[]> {
  return webhookEndpointsResponseSchema.parse(await apiRequest<unknown>('/creator/webhooks/endpoints')).endpoints;
}

export const webhookEndpointsQueryOptions = queryOptions({
  queryKey: WEBHOOK_ENDPOINTS_QUERY_KEY,
  queryFn: getWebhookEndpoints,
});

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQueryOptions);
}
