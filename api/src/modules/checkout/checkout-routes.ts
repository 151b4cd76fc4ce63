import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutRequestSchema, checkoutResponseSchema } from '@beabro/shared/api-schemas/checkout';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { creatorUsernameParamsSchema } from '@beabro/shared/api-schemas/public-profile';
import type { PaymentProvider } from '../payments/payment-provider';
import { createSupport, PaymentFailedError } from './checkout-service';
import { requestLinkOrigin } from './link-origin';

export interface MoneyRouteOptions {
  provider: PaymentProvider;
  appSecret: string;
}

/** /api/creators/:username/supports: the support page's checkout. */
export const checkoutRoutes: FastifyPluginAsyncZod<MoneyRouteOptions> = async (app, { provider, appSecret }) => {
  app.post(
    '/:username/supports',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Support a creator: charge the card (sandbox in test mode) and record the support',
        description:
          'Idempotent by `idempotencyKey`: a repeat returns the first answer (`replayed: true`, or the same error); ' +
          'a repeat while the first is still running waits, then answers 409. 402 when the card is refused.',
        params: creatorUsernameParamsSchema,
        body: checkoutRequestSchema,
        response: {
          201: checkoutResponseSchema,
          400: apiErrorSchema,
          402: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        const receipt = await createSupport(
          { db: app.db, provider, appSecret, origin: requestLinkOrigin(app.config, request) },
          request.params.username,
          request.body,
          request.user,
          request.ip,
        );
        return reply.code(201).send({ receipt });
      } catch (error) {
        if (error instanceof PaymentFailedError) {
          const body =
            Object.keys(error.fieldErrors).length > 0
              ? { message: error.message, fieldErrors: error.fieldErrors }
              : { message: error.message };
          return reply.code(402).send(body);
        }
        throw error;
      }
    },
  );
};
