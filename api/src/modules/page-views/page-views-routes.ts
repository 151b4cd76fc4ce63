import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { creatorUsernameParamsSchema } from '@beabro/shared/api-schemas/public-profile';
import { recordPageView } from './page-views-service';

export const pageViewBodySchema = z.object({ page: z.enum(['profile', 'support']) });

/** /api/creators/:username/views: the public pages report a visit; analytics read the daily counters. */
export const pageViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:username/views',
    {
      schema: {
        tags: ['creators'],
        summary:
          'Count one view of a creator’s profile or support page (bots, prefetches, the owner and repeat visits are not counted)',
        params: creatorUsernameParamsSchema,
        body: pageViewBodySchema,
        response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The answer is the same whether or not the view counted: nothing here tells a client how to game it.
      await recordPageView(app.db, {
        username: request.params.username,
        page: request.body.page,
        viewerId: request.user?.id ?? null,
        ip: request.ip,
        headers: request.headers,
      });
      return reply.code(204).send(null);
    },
  );
};
