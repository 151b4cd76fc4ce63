import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { discoverQuerySchema, discoverResponseSchema } from '@beabro/shared/api-schemas/discover';
import { discoverCreators } from './discover-service';

/** /api/discover: browse and search public creators. */
export const discoverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['discover'],
        summary: 'Search public creators by name, username or bio; filter by type; sort by supporters or newest',
        querystring: discoverQuerySchema,
        response: { 200: discoverResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => discoverCreators(app.db, request.query),
  );
};
