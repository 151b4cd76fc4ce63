import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { usernameAvailabilityParamsSchema, usernameAvailabilitySchema } from '@beabro/shared/api-schemas/usernames';
import { checkUsernameAvailability } from './usernames-service';

/** /api/usernames: the availability check of the onboarding wizard and the settings form. */
export const usernameRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:username/availability',
    {
      schema: {
        tags: ['usernames'],
        summary: 'Whether a username can be claimed (normalised first: lowercase, a-z 0-9 _ only)',
        params: usernameAvailabilityParamsSchema,
        response: { 200: usernameAvailabilitySchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The answer changes as soon as somebody claims the name.
      reply.header('Cache-Control', 'no-store');
      return checkUsernameAvailability(app.db, request.params.username, request.user?.id ?? null, request.ip);
    },
  );
};
