import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { creatorUsernameParamsSchema } from '@beabro/shared/api-schemas/public-profile';
import {
  leaveWallResponseSchema,
  supporterWallPageSchema,
  supporterWallQuerySchema,
  wallVisibilityParamsSchema,
  wallVisibilityRequestSchema,
  wallVisibilityResponseSchema,
} from '@beabro/shared/api-schemas/supporter-wall';
import { requireUser } from '../../plugins/session-auth';
import { getWallPageOf, leaveSupporterWall, setSupporterHidden } from './supporter-wall-service';

/** The supporter wall: read by anyone, hidden entries by the creator, left by the supporter. */
export const supporterWallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/creators/:username/wall',
    {
      schema: {
        tags: ['supporter wall'],
        summary: 'One page of a creator’s supporter wall (supporters who chose to appear, newest first)',
        params: creatorUsernameParamsSchema,
        querystring: supporterWallQuerySchema,
        response: { 200: supporterWallPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getWallPageOf(app.db, request.params.username, request.query.page),
  );

  app.put(
    '/api/creator/supports/:supportId/wall',
    {
      schema: {
        tags: ['supporter wall'],
        summary: 'Hide the supporter behind one of my supports from my wall, or show them again',
        description:
          'Only the creator who received the support (404 for anyone else); 409 when that supporter is not on the wall.',
        params: wallVisibilityParamsSchema,
        body: wallVisibilityRequestSchema,
        response: {
          200: wallVisibilityResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return setSupporterHidden(app.db, requireUser(request), request.params.supportId, request.body.hidden);
    },
  );

  app.delete(
    '/api/supporter/wall/:username',
    {
      schema: {
        tags: ['supporter wall'],
        summary: 'Leave a creator’s supporter wall (a later support can put me back on it)',
        params: creatorUsernameParamsSchema,
        response: {
          200: leaveWallResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return leaveSupporterWall(app.db, requireUser(request), request.params.username);
    },
  );
};
