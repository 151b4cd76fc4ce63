import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { creatorPayoutsResponseSchema } from '@beabro/shared/api-schemas/payouts';
import { requireUser } from '../../plugins/session-auth';
import type { PaymentProvider } from '../payments/payment-provider';
import { getCreatorPayouts, payoutPayerOf } from './payouts-service';

/** /api/creator/payouts: the signed-in creator's balance, next payout and payout history. */
export const payoutRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (app, { provider }) => {
  app.get(
    '/payouts',
    {
      schema: {
        tags: ['payouts'],
        summary: 'My payouts: balance, the next payout (estimate, and why it would be held) and the payouts made',
        response: { 200: creatorPayoutsResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'private, no-store');
      return getCreatorPayouts(app.db, user.id, payoutPayerOf(provider));
    },
  );
};
