import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { currentUserResponseSchema, sessionResponseSchema } from '@beabro/shared/api-schemas/session';
import { twoFactorChallengeResponseSchema } from '@beabro/shared/api-schemas/two-factor';
import { signInSchema, signUpSchema } from '@beabro/shared/schemas/auth';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session-auth';
import { publicOrigin } from '../../lib/public-origin';
import { readDeviceCookie, setDeviceCookie } from '../rate-limit/device-cookie';
import { enqueueVerificationEmail } from '../email-verification/email-verification-service';
import { signIn, signUp } from './auth-service';
import { revokeSession, startSession } from '../sessions/session-service';
import { loadSessionUser } from '../users/user-repository';

/** /api/auth: sign up, sign in, sign out, and who am I. */
export const authRoutes: FastifyPluginAsyncZod<{ appSecret: string }> = async (app, { appSecret }) => {
  app.post(
    '/sign-up',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (supporter or creator), sign in, and email a link to verify the address',
        body: signUpSchema,
        response: { 201: sessionResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await signUp(app.db, request.body, request.ip, app.config.signUpLimitPerIp, publicOrigin(request));
      await enqueueVerificationEmail(
        app.db,
        { userId: user.id, email: user.email, displayName: user.displayName },
        publicOrigin(request),
      );
      const session = await startSession(app.db, user.id, { ip: request.ip });
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return reply.code(201).send({ user });
    },
  );

  app.post(
    '/sign-in',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with email and password; an account with two-factor sign-in answers 202 with a challenge for POST /api/auth/sign-in/two-factor',
        body: signInSchema,
        response: {
          200: sessionResponseSchema,
          202: twoFactorChallengeResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await signIn(app.db, request.body, request.ip, new Date(), {
        secret: appSecret,
        token: readDeviceCookie(request),
      });
      if (outcome.kind === 'two-factor') {
        reply.header('Cache-Control', 'no-store');
        return reply.code(202).send({ twoFactor: outcome.challenge });
      }
      const userId = outcome.userId;
      const session = await startSession(app.db, userId, { ip: request.ip });
      const user = await loadSessionUser(app.db, userId);
      if (!user) throw new Error('signed-in user vanished');
      setSessionCookie(request, reply, session.token, session.expiresAt);
      setDeviceCookie(request, reply, appSecret, request.body.email);
      return { user };
    },
  );

  app.post(
    '/sign-out',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the session is revoked on the server',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (request.sessionId) await revokeSession(app.db, request.sessionId);
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null for a visitor',
        response: { 200: currentUserResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { user: request.user };
    },
  );
};
