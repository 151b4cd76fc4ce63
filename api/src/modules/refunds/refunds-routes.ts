import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import {
  IDEMPOTENCY_KEY_HEADER,
  refundHeadersSchema,
  refundRequestSchema,
  refundResponseSchema,
  supportIdParamsSchema,
} from '@beabro/shared/api-schemas/refunds';
import { requireUser } from '../../plugins/session-auth';
import { refundSupport } from './refunds-service';
import type { MoneyRouteOptions } from '../payments/money-deps';

/** /api/creator/supports/:supportId/refunds: the signed-in creator refunds a support they received. */
export const refundRoutes: FastifyPluginAsyncZod<MoneyRouteOptions> = async (app, { provider, appSecret }) => {
  app.post(
    '/supports/:supportId/refunds',
    {
      schema: {
        tags: ['refunds'],
        summary:
          'Refund a support I received, in full or in part (the platform fee is returned pro rata, the processing fee is not)',
        description:
          'Only the creator who received the support (404 for anyone else). At most what is left of the support (400 with `fieldErrors.amountCents`). ' +
          'Idempotent by the `Idempotency-Key` header: a repeat returns the first answer (`replayed: true`, or the same error); a repeat while the first ' +
          'is still running waits, then answers 409; the same key with a different refund is 409. `cancelSubscription` also ends the monthly support ' +
          'the charge belongs to. The supporter is emailed a refund receipt.',
        params: supportIdParamsSchema,
        headers: refundHeadersSchema,
        body: refundRequestSchema,
        response: {
          201: refundResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'no-store');
      const answer = await refundSupport(
        { db: app.db, provider, appSecret },
        user.id,
        request.params.supportId,
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      return reply.code(201).send(answer);
    },
  );
};
