import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import {
  accountSuspensionResponseSchema,
  operatorMessageResponseSchema,
  reportRequestSchema,
} from '@beabro/shared/api-schemas/operator';
import { requireUser } from '../../plugins/session-auth';
import { findSuspension } from '../users/account-suspension-repository';
import { submitReport } from './reports-service';

/** POST /api/reports: anyone (no account) reports a creator page or a post; rate-limited per IP. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Report a creator page or a post to the operators (no account needed; rate-limited per IP)',
        body: reportRequestSchema,
        response: { 202: operatorMessageResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await submitReport(app.db, request.body, request.ip)),
  );
};

/** GET /api/account/suspension: the signed-in person's own suspension and its reason. */
export const accountSuspensionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/suspension',
    {
      schema: {
        tags: ['account'],
        summary: 'Whether the account is suspended, and why (suspended people can sign in to read it)',
        response: { 200: accountSuspensionResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'private, no-store');
      const row = await findSuspension(app.db, user.id);
      return { suspension: row ? { reason: row.reason, suspendedAt: row.suspendedAt.toISOString() } : null };
    },
  );
};
