import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountProfileRequestSchema,
  changeEmailRequestSchema,
  deleteAccountRequestSchema,
  notificationSettingsPatchSchema,
  notificationSettingsResponseSchema,
} from '@beabro/shared/api-schemas/account';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { sessionResponseSchema } from '@beabro/shared/api-schemas/session';
import { changePasswordSchema } from '@beabro/shared/schemas/settings';
import { AppError } from '../../lib/app-error';
import { clearSessionCookie, requireUser } from '../../plugins/session-auth';
import { SIGN_IN_REQUIRED } from '../../lib/messages';
import { publicOrigin } from '../../lib/public-origin';
import {
  changeEmail,
  changePassword,
  deleteAccount,
  getNotificationSettings,
  updateAccountProfile,
  updateNotificationSettings,
} from './account-service';

const tags = ['account'];

function requireSession(request: FastifyRequest): { userId: string; sessionId: string } {
  const user = requireUser(request);
  if (!request.sessionId) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  return { userId: user.id, sessionId: request.sessionId };
}

/** /api/account: the signed-in user's own account (Settings, Account and Notifications tabs). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before body validation, so a visitor learns only that they must sign in.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  // Nothing here may be cached by a browser or proxy: it is one person's private data.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.patch(
    '/email',
    {
      schema: {
        tags,
        summary: 'Change the email address (needs the current password); a new address is unverified',
        body: changeEmailRequestSchema,
        response: { 200: sessionResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      return { user: await changeEmail(app.db, userId, request.body, publicOrigin(request)) };
    },
  );

  app.patch(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Change the account’s name (what checkout fills in, and creators see of a supporter)',
        body: accountProfileRequestSchema,
        response: { 200: sessionResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      return { user: await updateAccountProfile(app.db, userId, request.body) };
    },
  );

  app.patch(
    '/password',
    {
      schema: {
        tags,
        summary: 'Change the password; every other session is signed out',
        body: changePasswordSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = requireSession(request);
      await changePassword(app.db, userId, sessionId, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/',
    {
      schema: {
        tags,
        summary: 'Delete the account (needs the password); supports made stay in the ledger without personal data',
        body: deleteAccountRequestSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      await deleteAccount(app.db, userId, request.body.password);
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'The email notification toggles',
        response: { 200: notificationSettingsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getNotificationSettings(app.db, requireSession(request).userId),
  );

  app.patch(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Switch any of the email notification toggles; answers with all of them',
        body: notificationSettingsPatchSchema,
        response: { 200: notificationSettingsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => updateNotificationSettings(app.db, requireSession(request).userId, request.body),
  );
};
