import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { creatorDashboardSchema, supporterDashboardSchema } from '@beabro/shared/api-schemas/dashboards';
import { requireUser } from '../../plugins/session-auth';
import type { PaymentProvider } from '../payments/payment-provider';
import { payoutPayerOf } from '../payouts/payouts-service';
import { getCreatorDashboard } from './creator-dashboard-service';
import { getSupporterDashboard } from './supporter-dashboard-service';

/** /api/creator/dashboard and /api/supporter/dashboard: the signed-in user's figures. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (app, { provider }) => {
  app.get(
    '/creator/dashboard',
    {
      schema: {
        tags: ['dashboards'],
        summary:
          'My creator dashboard: earnings (gross and net), supporters, views, conversion, goal, recent supports, next payout',
        response: { 200: creatorDashboardSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'private, no-store');
      return getCreatorDashboard(app.db, user.id, new Date(), payoutPayerOf(provider));
    },
  );

  app.get(
    '/supporter/dashboard',
    {
      schema: {
        tags: ['dashboards'],
        summary: 'My supporter dashboard: totals, creators supported, monthly supports and history',
        response: { 200: supporterDashboardSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'private, no-store');
      return getSupporterDashboard(app.db, user);
    },
  );
};
