import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, creatorAnalyticsSchema } from '@beabro/shared/api-schemas/analytics';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { UTF8_BOM } from '../../lib/csv';
import { requireUser } from '../../plugins/session-auth';
import { exportCreatorAnalyticsCsv, getCreatorAnalytics } from './analytics-service';

/** Excel opens a UTF-8 file without this mark as a legacy code page (names and messages would be garbled). */

/** /api/creator/analytics: the signed-in creator's analytics for a period, and its supports as CSV. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'My analytics for 7d, 30d (default), 90d or 1y: summary against the previous period, earnings over time, support distribution, top supporters, recent activity, traffic',
        querystring: analyticsQuerySchema,
        response: { 200: creatorAnalyticsSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'private, no-store');
      return getCreatorAnalytics(app.db, user.id, request.query.period);
    },
  );

  app.get(
    '/export.csv',
    {
      schema: {
        tags: ['analytics'],
        summary:
          'The period’s supports as a CSV download (RFC 4180; cells a spreadsheet would run as formulas start with an apostrophe)',
        querystring: analyticsQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('CSV, UTF-8 with a byte order mark'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { filename, csv } = await exportCreatorAnalyticsCsv(app.db, user.id, request.query.period);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Type', 'text/csv; charset=utf-8; header=present')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(UTF8_BOM + csv);
    },
  );
};
