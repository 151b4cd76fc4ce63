import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { PAYMENT_EVENT_MESSAGES } from '../payment-events-routes';
import { paymentEventOf } from './stripe-events';
import type { StripePaymentProvider } from './stripe-provider';
import { fraudSettingsOf } from '../../fraud/fraud-service';
import { jobLinkOrigin } from '../../../lib/link-origin';
import type { MoneyRouteOptions } from '../money-deps';
import type { PaymentEventDispatcher } from '../payment-events';

/** Stripe's signature header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, one v1 per secret). */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** Largest event body accepted: Stripe's events are a few kilobytes (an account with its requirements the largest). */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * POST /api/webhooks/stripe (the platform's events: payments, refunds, disputes) and /api/webhooks/stripe-connect
 * (connected accounts' events: account.updated, payout.*), each checked with the SDK against its own signing secret
 * over the exact bytes received, then handled once per event id. Stripe cannot send our CSRF header: the signature
 * stands in for it (route config `providerSigned`). Unknown event types are acknowledged and ignored, and so is an
 * event older (by Stripe's `created`) than the one last applied to the same object (logged).
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<
  MoneyRouteOptions & { stripe: StripePaymentProvider; events: PaymentEventDispatcher }
> = async (app, { provider, appSecret, stripe, events }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_EVENT_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  for (const [path, endpoint, summary] of [
    [
      '/stripe',
      'platform',
      "Stripe's signed events for the platform (payment_intent.*, charge.refunded, charge.dispute.*, setup_intent.*)",
    ],
    [
      '/stripe-connect',
      'connect',
      "Stripe's signed events for creators' connected accounts (account.updated, payout.*)",
    ],
  ] as const) {
    app.post(
      path,
      {
        config: { providerSigned: true },
        schema: {
          tags: ['checkout'],
          summary,
          description: `Signed by Stripe in the \`${STRIPE_SIGNATURE_HEADER}\` header with this endpoint's signing secret; events older than five minutes are refused. Handled once per event id, in the order Stripe created them: an event older than the last one applied to the same account, payout or dispute is acknowledged and ignored, and so is a card setup's success older than the setup whose card the support keeps.`,
          body: z.string().max(MAX_EVENT_BYTES),
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            400: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const header = request.headers[STRIPE_SIGNATURE_HEADER];
        const event = stripe.constructEvent(request.body, typeof header === 'string' ? header : undefined, endpoint);
        if (!event) return reply.code(400).send({ message: PAYMENT_EVENT_MESSAGES.badSignature });
        const { duplicate, stale } = await events(
          {
            db: app.db,
            provider,
            appSecret,
            // Links in the emails an event sends (a card kept from setup_intent.succeeded).
            origin: jobLinkOrigin(app.config),
            fraud: { ...fraudSettingsOf(app.config), log: (message) => app.log.warn(message) },
            log: (message) => app.log.error(message),
          },
          paymentEventOf(event),
        );
        // A card setup's other events change nothing: the page showed the supporter its outcome on session.
        if (event.type.startsWith('setup_intent.'))
          request.log.info(
            { eventId: event.id, eventType: event.type, setupId: (event.data.object as { id: string }).id, duplicate },
            'Stripe card setup event acknowledged',
          );
        // Acknowledged all the same (200), so that Stripe stops resending it.
        if (stale)
          request.log.info(
            { eventId: event.id, eventType: event.type, created: event.created },
            'Stripe event older than the one last applied to its object: ignored',
          );
        return reply.send({ received: true, duplicate });
      },
    );
  }
};
