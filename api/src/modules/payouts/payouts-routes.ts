import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { creatorPayoutsResponseSchema } from '@beabro/shared/api-schemas/payouts';
import { requireUser } from '../../plugins/session-auth';
import type { PaymentProvider } from '../payments/payment-provider';
import { UTF8_BOM } from '../../lib/csv';
import { exportCreatorPayoutsCsv, getCreatorPayouts, payoutPayerOf } from './payouts-service';

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

  app.get(
    '/payouts/export.csv',
    {
      schema: {
        tags: ['payouts'],
        summary:
          'My payouts as a CSV download (RFC 4180; cells a spreadsheet would run as formulas start with an apostrophe)',
        produces: ['text/csv'],
        response: {
          200: z.string().describe('CSV, UTF-8 with a byte order mark'),
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { filename, csv } = await exportCreatorPayoutsCsv(app.db, user.id, payoutPayerOf(provider));
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Type', 'text/csv; charset=utf-8; header=present')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(UTF8_BOM + csv);
    },
  );
};
