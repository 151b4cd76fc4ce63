import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { creatorUsernameParamsSchema, followStateSchema, publicCreatorProfileSchema } from '@beabro/shared/api-schemas/public-profile';
import { requireUser } from '../../plugins/session-auth';
import { followCreator, unfollowCreator } from './follow-service';
import { getPublicProfile } from './public-profile-service';

/** /api/creators: the public profile page's data, and following a creator. */
export const publicProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:username',
    {
      schema: {
        tags: ['creators'],
        summary: 'A creator’s public profile, with privacy applied (hidden figures are null)',
        params: creatorUsernameParamsSchema,
        response: { 200: publicCreatorProfileSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The answer depends on who asks (viewer, isFollowing), so no shared cache may keep it.
      reply.header('Cache-Control', 'private, no-cache');
      return getPublicProfile(app.db, request.params.username, request.user);
    },
  );

  app.post(
    '/:username/follow',
    {
      schema: {
        tags: ['creators'],
        summary: 'Follow a creator (idempotent)',
        params: creatorUsernameParamsSchema,
        response: { 200: followStateSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => followCreator(app.db, requireUser(request), request.params.username),
  );

  app.delete(
    '/:username/follow',
    {
      schema: {
        tags: ['creators'],
        summary: 'Stop following a creator (idempotent)',
        params: creatorUsernameParamsSchema,
        response: { 200: followStateSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => unfollowCreator(app.db, requireUser(request), request.params.username),
  );
};
