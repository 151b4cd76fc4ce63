import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VERIFY_EMAIL_PAGE_PATH, VERIFY_EMAIL_RESULTS } from '@beabro/shared/api-schemas/email-verification';
import { AppError } from '../../lib/app-error';
import { acceptPageForms, redirectToPage, refuseForeignForm } from '../../lib/page-form';
import { verifyEmail } from './email-verification-service';

const formSchema = z.object({ token: z.string().max(1000).default('') });

/**
 * POST /verify-email: the verification page's form when the browser runs no JavaScript (with JavaScript the
 * page calls POST /api/auth/verify-email). Back to the page, which then reads what the link did.
 */
export const verifyEmailFormRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptPageForms(app);
  app.post(
    VERIFY_EMAIL_PAGE_PATH,
    { schema: { hide: true, body: formSchema }, preHandler: refuseForeignForm },
    async (request, reply) => {
      const token = request.body.token.trim();
      let result: (typeof VERIFY_EMAIL_RESULTS)[number] = VERIFY_EMAIL_RESULTS[0];
      try {
        await verifyEmail(app.db, token);
      } catch (error) {
        // A refused link: the page says why (used, expired, ...) from the link itself.
        result = error instanceof AppError ? 'refused' : 'failed';
        if (!(error instanceof AppError))
          request.log.error({ err: error }, 'verifying an email from the page form failed');
      }
      return redirectToPage(reply, VERIFY_EMAIL_PAGE_PATH, { token, result });
    },
  );
};
