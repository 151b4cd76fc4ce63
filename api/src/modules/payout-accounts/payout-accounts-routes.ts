import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { payoutAccountResponseSchema, payoutOnboardingLinkSchema } from '@beabro/shared/api-schemas/payout-account';
import { requestLinkOrigin } from '../../lib/link-origin';
import { requireUser } from '../../plugins/session-auth';
import type { PaymentProvider } from '../payments/payment-provider';
import { getPayoutAccount, startOnboarding } from './payout-accounts-service';

/**
 * /api/creator/payout-account: the signed-in creator's payout account at the provider (Stripe Connect), what Stripe
 * still asks for and Stripe's payouts to their bank; and the onboarding link that connects it.
 */
export const payoutAccountRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (app, { provider }) => {
  app.get(
    '/payout-account',
    {
      schema: {
        tags: ['payouts'],
        summary: 'My payout account at the payment provider: payouts enabled, what it still asks for, its payouts',
        response: { 200: payoutAccountResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'private, no-store');
      return getPayoutAccount({ db: app.db, provider }, user.id);
    },
  );

  app.post(
    '/payout-account/onboarding-link',
    {
      schema: {
        tags: ['payouts'],
        summary: "Connect my payout account: a single-use link to the provider's onboarding (Stripe Connect)",
        response: {
          200: payoutOnboardingLinkSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'private, no-store');
      return startOnboarding({ db: app.db, provider }, user.id, requestLinkOrigin(app.config, request));
    },
  );
};
