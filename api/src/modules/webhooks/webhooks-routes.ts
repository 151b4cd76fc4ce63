import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import {
  WEBHOOK_EVENT_TYPES,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointFormSchema,
  webhookEndpointParamsSchema,
  webhookEndpointPatchSchema,
  webhookEndpointResponseSchema,
  webhookEndpointsResponseSchema,
  webhookEndpointWithSecretResponseSchema,
  webhookEventDataSchemas,
  webhookEventEnvelopeSchema,
} from '@beabro/shared/api-schemas/webhooks';
import { requireUser } from '../../plugins/session-auth';
import { DELIVERY_ID_HEADER, EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER } from './webhook-signature';
import {
  changeEndpoint,
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  rotateSecret,
  sendTestEvent,
  type WebhookDeps,
} from './webhooks-service';

export const WEBHOOKS_DOC = [
  `Each event is POSTed as JSON to the endpoint with the headers \`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex>\`, \`${EVENT_ID_HEADER}\`, \`${EVENT_TYPE_HEADER}\` and \`${DELIVERY_ID_HEADER}\`.`,
  "`v1` is the HMAC-SHA256, keyed with the endpoint's signing secret, of `${t}.${raw body}`: recompute it over the raw body, compare in constant time, and refuse a `t` more than 5 minutes away.",
  'A 2xx answer within 10 s counts as delivered; anything else is retried with exponential backoff for 3 days (the same event id every time), redirects are not followed. An endpoint failing for 3 days is turned off and its creator emailed.',
  'The payloads are documented in the schemas WebhookEvent* below.',
].join('\n\n');

/** The payload of every event type, as OpenAPI component schemas (`WebhookEventSupportCreated`, ...). */
export function webhookPayloadSchemas(): Record<string, Record<string, unknown>> {
  const schemas: Record<string, Record<string, unknown>> = {};
  for (const type of WEBHOOK_EVENT_TYPES) {
    const name = `WebhookEvent${type
      .split(/[._]/)
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('')}`;
    const schema = webhookEventEnvelopeSchema.extend({ type: z.literal(type), data: webhookEventDataSchemas[type] });
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'any',
      target: 'openapi-3.0',
    }) as Record<string, unknown>;
    schemas[name] = {
      ...json,
      description: `The body POSTed to an endpoint subscribed to ${type}, signed as the webhooks tag describes.`,
    };
  }
  return schemas;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** /api/creator/webhooks: the signed-in creator's webhook endpoints, their secrets and delivery logs. */
export const webhookRoutes: FastifyPluginAsyncZod<{ deps: Omit<WebhookDeps, 'db'> }> = async (app, { deps }) => {
  const webhookDeps = (): WebhookDeps => ({ db: app.db, ...deps });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.get(
    '/endpoints',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'My webhook endpoints (without their secrets)',
        description: WEBHOOKS_DOC,
        response: { 200: webhookEndpointsResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({ endpoints: await listEndpoints(app.db, requireUser(request).id) }),
  );

  app.post(
    '/endpoints',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Add a webhook endpoint; the answer holds its signing secret, shown this once',
        description: `The URL must be https:// and resolve only to public addresses (checked again before every delivery). ${WEBHOOKS_DOC}`,
        body: webhookEndpointFormSchema,
        response: { 201: webhookEndpointWithSecretResponseSchema, ...errors, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await createEndpoint(webhookDeps(), requireUser(request).id, request.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/endpoints/:endpointId',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Change an endpoint (URL, description, events), or turn it off or back on (`enabled`)',
        params: webhookEndpointParamsSchema,
        body: webhookEndpointPatchSchema,
        response: { 200: webhookEndpointResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => ({
      endpoint: await changeEndpoint(webhookDeps(), requireUser(request).id, request.params.endpointId, request.body),
    }),
  );

  app.delete(
    '/endpoints/:endpointId',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Delete an endpoint and its delivery log',
        params: webhookEndpointParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteEndpoint(app.db, requireUser(request).id, request.params.endpointId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/endpoints/:endpointId/rotate-secret',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Replace the signing secret (in force at once, retries included); the new one is shown this once',
        params: webhookEndpointParamsSchema,
        response: { 200: webhookEndpointWithSecretResponseSchema, ...errors },
      },
    },
    async (request) => rotateSecret(webhookDeps(), requireUser(request).id, request.params.endpointId),
  );

  app.post(
    '/endpoints/:endpointId/test',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Send a signed `webhook.test` event to this endpoint (delivered within seconds, shown in its log)',
        params: webhookEndpointParamsSchema,
        response: { 202: webhookDeliveryResponseSchema, ...errors, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send({ delivery: await sendTestEvent(webhookDeps(), requireUser(request).id, request.params.endpointId) }),
  );

  app.get(
    '/endpoints/:endpointId/deliveries',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          "The endpoint's latest 50 deliveries, newest first: status, attempts, response code and a short excerpt",
        params: webhookEndpointParamsSchema,
        response: { 200: webhookDeliveriesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      deliveries: await listDeliveries(app.db, requireUser(request).id, request.params.endpointId),
    }),
  );
};
