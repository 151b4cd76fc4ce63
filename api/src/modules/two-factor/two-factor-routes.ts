import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { sessionResponseSchema } from '@beabro/shared/api-schemas/session';
import {
  confirmTwoFactorRequestSchema,
  enableTwoFactorRequestSchema,
  recoveryCodesResponseSchema,
  twoFactorSetupSchema,
  twoFactorSignInRequestSchema,
  twoFactorStatusSchema,
} from '@beabro/shared/api-schemas/two-factor';
import { AppError } from '../../lib/app-error';
import { requireUser, setSessionCookie } from '../../plugins/session-auth';
import { SIGN_IN_REQUIRED } from '../../lib/messages';
import { startSession } from '../sessions/session-service';
import { loadSessionUser } from '../users/user-repository';
import { publicOrigin } from '../../lib/public-origin';
import { readDeviceCookie, setDeviceCookie } from '../rate-limit/device-cookie';
import {
  completeTwoFactorSignIn,
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from './two-factor-service';

interface TwoFactorRouteOptions {
  /** Derives the key that encrypts TOTP secrets at rest. */
  appSecret: string;
}

const tags = ['account'];

function requireSession(request: FastifyRequest): { userId: string; sessionId: string } {
  const user = requireUser(request);
  if (!request.sessionId) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  return { userId: user.id, sessionId: request.sessionId };
}

/** /api/account/two-factor: turn two-factor sign-in (TOTP) on and off, renew the recovery codes. */
export const twoFactorAccountRoutes: FastifyPluginAsyncZod<TwoFactorRouteOptions> = async (app, { appSecret }) => {
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  // Secrets and recovery codes: never cached anywhere.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
        response: { 200: twoFactorStatusSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getTwoFactorStatus(app.db, requireSession(request).userId),
  );

  app.post(
    '/setup',
    {
      schema: {
        tags,
        summary:
          'Start the set-up: a new secret, its otpauth:// URI and a QR code for an authenticator app (not on until confirmed with /enable)',
        response: { 200: twoFactorSetupSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => startTwoFactorSetup(app.db, appSecret, requireSession(request).userId),
  );

  app.post(
    '/enable',
    {
      schema: {
        tags,
        summary:
          'Confirm the set-up with the password and a first code: on, ten recovery codes (shown once), every other session signed out, an email sent',
        body: enableTwoFactorRequestSchema,
        response: {
          200: recoveryCodesResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { userId, sessionId } = requireSession(request);
      return {
        recoveryCodes: await enableTwoFactor(app.db, appSecret, userId, sessionId, request.body, publicOrigin(request)),
      };
    },
  );

  app.post(
    '/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off with the password and a code (or a recovery code); an email is sent',
        body: confirmTwoFactorRequestSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await disableTwoFactor(app.db, appSecret, requireSession(request).userId, request.body, publicOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/recovery-codes',
    {
      schema: {
        tags,
        summary: 'Ten new recovery codes (shown once) with the password and a code; the old ones stop working',
        body: confirmTwoFactorRequestSchema,
        response: {
          200: recoveryCodesResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      recoveryCodes: await regenerateRecoveryCodes(app.db, appSecret, requireSession(request).userId, request.body),
    }),
  );
};

/** /api/auth/sign-in/two-factor: the second step of sign-in for an account with two-factor sign-in. */
export const twoFactorSignInRoutes: FastifyPluginAsyncZod<TwoFactorRouteOptions> = async (app, { appSecret }) => {
  app.post(
    '/sign-in/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Finish signing in with the challenge from POST /api/auth/sign-in and a 6-digit code or a recovery code',
        body: twoFactorSignInRequestSchema,
        response: { 200: sessionResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { userId, email } = await completeTwoFactorSignIn(
        app.db,
        appSecret,
        request.body,
        request.ip,
        new Date(),
        readDeviceCookie(request),
      );
      const session = await startSession(app.db, userId, { twoFactor: true, ip: request.ip });
      const user = await loadSessionUser(app.db, userId);
      if (!user) throw new Error('signed-in user vanished');
      setSessionCookie(request, reply, session.token, session.expiresAt);
      setDeviceCookie(request, reply, appSecret, email);
      return { user };
    },
  );
};
