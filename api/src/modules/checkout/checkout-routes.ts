import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  checkoutStartResponseSchema,
  paymentCompleteRequestSchema,
  paymentIntentParamsSchema,
  paymentPendingSchema,
} from '@beabro/shared/api-schemas/checkout';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { creatorUsernameParamsSchema } from '@beabro/shared/api-schemas/public-profile';
import type { FastifyReply } from 'fastify';
import type { MoneyRouteOptions } from '../payments/money-deps';
import { completeCheckoutIntent, createSupport, PaymentFailedError } from './checkout-service';
import { requestLinkOrigin } from '../../lib/link-origin';
import { fraudSettingsOf } from '../fraud/fraud-service';

/** 402 with the provider's reason, on the card field. */
function sendPaymentFailed(reply: FastifyReply, error: PaymentFailedError) {
  const body =
    Object.keys(error.fieldErrors).length > 0
      ? { message: error.message, fieldErrors: error.fieldErrors }
      : { message: error.message };
  return reply.code(402).send(body);
}

/** /api/creators/:username/supports: the support page's checkout starts a payment intent. */
export const checkoutRoutes: FastifyPluginAsyncZod<MoneyRouteOptions> = async (app, { provider, appSecret }) => {
  app.post(
    '/:username/supports',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Support a creator: record the attempt and start a payment intent to confirm in the card field',
        description:
          'No card data: the browser confirms the returned intent in the payment provider’s own card field, then calls ' +
          '`POST /api/payments/intents/{intentId}/complete`. Idempotent by `idempotencyKey`: a repeat returns the same ' +
          'intent, or the receipt once paid (`replayed: true`), or the same error; a repeat while the first is still ' +
          'starting waits, then answers 409.',
        params: creatorUsernameParamsSchema,
        body: checkoutRequestSchema,
        response: {
          200: checkoutStartResponseSchema,
          400: apiErrorSchema,
          402: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        return reply.send(
          await createSupport(
            {
              db: app.db,
              provider,
              appSecret,
              origin: requestLinkOrigin(app.config, request),
              fraud: { ...fraudSettingsOf(app.config), log: (message) => app.log.warn(message) },
            },
            request.params.username,
            request.body,
            request.user,
            request.ip,
          ),
        );
      } catch (error) {
        if (error instanceof PaymentFailedError) return sendPaymentFailed(reply, error);
        throw error;
      }
    },
  );
};

/** /api/payments/intents/:intentId/complete: the page reports its confirmation; the provider is asked. */
export const paymentCompletionRoutes: FastifyPluginAsyncZod<MoneyRouteOptions> = async (
  app,
  { provider, appSecret },
) => {
  app.post(
    '/intents/:intentId/complete',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Record a confirmed payment: the outcome is read from the provider, never taken from the browser',
        description:
          '200 with the receipt once the intent succeeded (written once, whoever reports it first: this call or the ' +
          'provider’s signed event); 202 while it awaits authentication or is processing; 402 with the provider’s ' +
          'reason when the card was refused; 404 when the intent or its client secret is unknown.',
        params: paymentIntentParamsSchema,
        body: paymentCompleteRequestSchema,
        response: {
          200: checkoutResponseSchema,
          202: paymentPendingSchema,
          400: apiErrorSchema,
          402: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        const outcome = await completeCheckoutIntent(
          {
            db: app.db,
            provider,
            appSecret,
            origin: requestLinkOrigin(app.config, request),
            fraud: { ...fraudSettingsOf(app.config), log: (message) => app.log.warn(message) },
          },
          request.params.intentId,
          request.body.clientSecret,
          request.ip,
        );
        if ('pending' in outcome) return reply.code(202).send({ status: outcome.pending });
        return reply.send(outcome);
      } catch (error) {
        if (error instanceof PaymentFailedError) return sendPaymentFailed(reply, error);
        throw error;
      }
    },
  );
};
