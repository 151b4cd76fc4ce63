import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import {
  resendVerificationEmailResponseSchema,
  verificationLinkQuerySchema,
  verificationLinkStatusSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@beabro/shared/api-schemas/email-verification';
import { requireUser } from '../../plugins/session-auth';
import { loadSessionUser } from '../users/user-repository';
import { publicOrigin } from '../../lib/public-origin';
import { describeVerificationLink, resendVerificationEmail, verifyEmail } from './email-verification-service';

/**
 * POST /api/account/email-verification (resend, signed in), GET /api/auth/verify-email (what a link would
 * do, for its page) and POST /api/auth/verify-email (the link, public).
 */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post(
    '/api/account/email-verification',
    {
      // Before body validation, so a visitor learns only that they must sign in.
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        tags: ['account'],
        summary: 'Send a new verification link to the account’s email (3 an hour)',
        response: {
          202: resendVerificationEmailResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.code(202).send(await resendVerificationEmail(app.db, user.id, publicOrigin(request)));
    },
  );

  app.get(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary:
          'What a verification link would do (ready, already verified, used, expired or outdated; 404 unknown), without spending it',
        querystring: verificationLinkQuerySchema,
        response: { 200: verificationLinkStatusSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => describeVerificationLink(app.db, request.query.token, request.user?.id ?? null),
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify an email address with the token from its link (signed in or not)',
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { userId, email } = await verifyEmail(app.db, request.body.token);
      const user = request.user?.id === userId ? await loadSessionUser(app.db, userId) : null;
      return { verified: true as const, email, user };
    },
  );
};
