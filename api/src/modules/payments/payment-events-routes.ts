import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { fraudSettingsOf } from '../fraud/fraud-service';
import type { MoneyRouteOptions } from './money-deps';
import { intentEvent, type PaymentEventDispatcher } from './payment-events';

export const PAYMENT_EVENT_MESSAGES = {
  badSignature: 'The event signature does not match.',
} as const;

/** Largest event body accepted: an intent and its envelope are a few kilobytes. */
const MAX_EVENT_BYTES = 64 * 1024;

/**
 * POST /api/payments/events: the payment provider's signed events. The signature is checked over the
 * exact bytes received (so this scope parses JSON as raw text), then the event is handled once by its id.
 * The provider cannot send our CSRF header: the signature stands in for it (route config `providerSigned`).
 */
/**
 * One signed provider event, as POST /api/payments/events takes it: the signature checked over the exact bytes, then
 * the event handled once by its id. Null when the signature does not match. The in-process sandbox delivers its
 * events through this too, so they pass the same check without a second trip through the HTTP stack.
 */
export async function receiveSignedEvent(
  app: FastifyInstance,
  { provider, appSecret, events }: MoneyRouteOptions & { events: PaymentEventDispatcher },
  rawBody: string,
  signatureHeader: string | undefined,
): Promise<{ duplicate: boolean } | null> {
  const event = provider.verifySignedEvent(rawBody, signatureHeader);
  if (!event) return null;
  const { duplicate } = await events(
    {
      db: app.db,
      provider,
      appSecret,
      origin: '',
      fraud: { ...fraudSettingsOf(app.config), log: (message) => app.log.warn(message) },
    },
    intentEvent(event),
  );
  return { duplicate };
}

export const paymentEventRoutes: FastifyPluginAsyncZod<
  MoneyRouteOptions & { signatureHeader: string; events: PaymentEventDispatcher }
> = async (app, { provider, appSecret, signatureHeader, events }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_EVENT_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/events',
    {
      config: { providerSigned: true },
      schema: {
        tags: ['checkout'],
        summary: 'Signed events from the payment provider (payment_intent.succeeded, .payment_failed, ...)',
        description: `Signed in the \`${signatureHeader}\` header (\`t=<unix seconds>,v1=<HMAC-SHA256 hex of "t.body">\`). Handled once per event id; the intent is read back from the provider.`,
        body: z.string().max(MAX_EVENT_BYTES),
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
          400: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const header = request.headers[signatureHeader];
      const received = await receiveSignedEvent(
        app,
        { provider, appSecret, events },
        request.body,
        typeof header === 'string' ? header : undefined,
      );
      if (!received) return reply.code(400).send({ message: PAYMENT_EVENT_MESSAGES.badSignature });
      const { duplicate } = received;
      return reply.send({ received: true, duplicate });
    },
  );
};
