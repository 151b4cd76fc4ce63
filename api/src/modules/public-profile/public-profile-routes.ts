import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import {
  creatorUsernameParamsSchema,
  followStateSchema,
  publicCreatorProfileSchema,
} from '@beabro/shared/api-schemas/public-profile';
import { requireUser } from '../../plugins/session-auth';
import { configuredCapabilities } from '../payments/configured-provider';
import { followCreator, unfollowCreator } from './follow-service';
import { PublicProfileReader } from './public-profile-cache';

/** /api/creators: the public profile page's data, and following a creator. */
export const publicProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = new PublicProfileReader(app.db, undefined, configuredCapabilities(app.config.payments));
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
      const answer = await profiles.read(request.params.username, request.user);
      // An anonymous visitor's answer is cached already serialised (by the same schema).
      if (answer.kind === 'json')
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(answer.body);
      return answer.body;
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
