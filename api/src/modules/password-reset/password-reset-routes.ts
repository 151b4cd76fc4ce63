import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import {
  requestPasswordResetResponseSchema,
  requestPasswordResetSchema,
  resetPasswordResponseSchema,
  resetPasswordSchema,
} from '@beabro/shared/api-schemas/password-reset';
import { publicOrigin } from '../../lib/public-origin';
import { requestPasswordReset, resetPassword } from './password-reset-service';

/** POST /api/auth/password-reset (ask for a link) and POST /api/auth/password-reset/confirm (use it). */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post(
    '/api/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Email a single-use link to choose a new password (30 minutes); the same answer whether or not the address has an account',
        body: requestPasswordResetSchema,
        response: { 202: requestPasswordResetResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await requestPasswordReset(app.db, request.body, request.ip, publicOrigin(request))),
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Set a new password with the token of a reset link; every session of the account is signed out and two-factor sign-in stays on',
        body: resetPasswordSchema,
        response: { 200: resetPasswordResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      await resetPassword(app.db, request.body, publicOrigin(request));
      return { reset: true as const };
    },
  );
};
