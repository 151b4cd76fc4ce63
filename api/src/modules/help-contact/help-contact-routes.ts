import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { contactRequestResponseSchema, contactRequestSchema } from '@beabro/shared/api-schemas/help-contact';
import { submitContactRequest } from './help-contact-service';

/** /api/help: the help centre's contact form. */
export const helpContactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['help'],
        summary: 'Send a message to support (visitors too; rate-limited per IP)',
        body: contactRequestSchema,
        response: { 201: contactRequestResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await submitContactRequest(
        app.db,
        request.body,
        request.user?.id ?? null,
        request.ip,
        app.config.supportEmail,
      );
      return reply.code(201).send(created);
    },
  );
};
