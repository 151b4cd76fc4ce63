import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
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

/** Reset links being queued after their answer, per app (by its database): awaited when the app closes, and by tests. */
const deliveries = new WeakMap<object, Set<Promise<void>>>();

function track(app: FastifyInstance, delivery: Promise<void>, log: FastifyBaseLogger): void {
  const pending = deliveries.get(app.db) ?? new Set<Promise<void>>();
  deliveries.set(app.db, pending);
  const settled = delivery
    .catch((error: unknown) => log.error({ err: error }, 'password reset: the link could not be queued'))
    .finally(() => pending.delete(settled));
  pending.add(settled);
}

/** Waits until every reset link asked for so far is queued (or failed and logged). */
export async function settlePasswordResetDeliveries(app: FastifyInstance): Promise<void> {
  // A delivery starts on the tick after its answer: let any answered one start, then wait for all.
  await new Promise((resolve) => setImmediate(resolve));
  while ((deliveries.get(app.db)?.size ?? 0) > 0) await Promise.all(deliveries.get(app.db) ?? []);
}

/** POST /api/auth/password-reset (ask for a link) and POST /api/auth/password-reset/confirm (use it). */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onClose', async (instance) => settlePasswordResetDeliveries(instance));
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
    async (request, reply) => {
      const { message, deliver } = await requestPasswordReset(app.db, request.body, request.ip);
      const origin = publicOrigin(request);
      await reply.code(202).send({ message });
      // The account is looked up only once the answer is on its way (see requestPasswordReset).
      setImmediate(() => track(app, deliver(origin), request.log));
      return reply;
    },
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
