import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import {
  cardByLinkCompleteRequestSchema,
  cardByLinkRequestSchema,
  cardChangeCompleteRequestSchema,
  cardChangeResponseSchema,
  cardSetupStartResponseSchema,
  cancelByLinkRequestSchema,
  changeByLinkRequestSchema,
  changeSubscriptionRequestSchema,
  cancelLinkQuerySchema,
  confirmRenewalQuerySchema,
  confirmRenewalRequestSchema,
  confirmChangeRequestSchema,
  raisePendingResponseSchema,
  renewalConfirmationResponseSchema,
  renewalConfirmResultSchema,
  renewalConfirmRetryResultSchema,
  pauseByLinkRequestSchema,
  pauseSubscriptionRequestSchema,
  resumeByLinkRequestSchema,
  subscriptionIdParamsSchema,
  subscriptionResponseSchema,
} from '@beabro/shared/api-schemas/subscriptions';
import { requireUser } from '../../plugins/session-auth';
import { requestLinkOrigin } from '../../lib/link-origin';
import { changeAsOwner, changeByLink, confirmChangeByLink } from './subscription-change';
import {
  completeCardChangeAsOwner,
  completeCardChangeByLink,
  startCardChangeAsOwner,
  startCardChangeByLink,
} from './card-change';
import {
  completeRenewalConfirmation,
  describeRenewalConfirmation,
  retryRenewalConfirmation,
} from './renewal-confirmation';
import {
  cancelAsOwner,
  cancelByLink,
  describeByLink,
  pauseAsOwner,
  pauseByLink,
  resumeAsOwner,
  resumeByLink,
} from './subscriptions-service';
import type { MoneyRouteOptions } from '../payments/money-deps';

/** /api/subscriptions: monthly supports, paused, resumed or canceled by their owner or through the signed link in each receipt. */
export const subscriptionRoutes: FastifyPluginAsyncZod<MoneyRouteOptions> = async (app, { appSecret, provider }) => {
  /** What completing a card change needs: links from the request's origin, a failed detach in the request's log. */
  const cardChangeDeps = (request: FastifyRequest) => ({
    db: app.db,
    provider,
    appSecret,
    origin: requestLinkOrigin(app.config, request),
    log: (message: string) => request.log.error(message),
  });
  app.get(
    '/confirm',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'The renewal a confirmation link from an email is for, and what the provider’s card field needs',
        description:
          '400 for a forged or malformed link; 409 when the link expired (retried, lapsed or canceled since) or the ' +
          'payment is already confirmed.',
        querystring: confirmRenewalQuerySchema,
        response: { 200: renewalConfirmationResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const deps = { db: app.db, provider, appSecret, origin: requestLinkOrigin(app.config, request) };
      return { confirmation: await describeRenewalConfirmation(deps, request.query.token) };
    },
  );

  app.post(
    '/confirm',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Record a renewal confirmed in the provider’s card field: the outcome is read from the provider, written once',
        body: confirmRenewalRequestSchema,
        response: { 200: renewalConfirmResultSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const deps = { db: app.db, provider, appSecret, origin: requestLinkOrigin(app.config, request) };
      return completeRenewalConfirmation(deps, request.body.token);
    },
  );

  app.post(
    '/confirm/retry',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'After a failed bank challenge, charge the month again on the same card so the bank asks again (no sign-in)',
        description:
          '400 for a forged or malformed link; 409 when the link expired, the card was declined this time (its ' +
          'message), or the renewal is being retried by the job meanwhile.',
        body: confirmRenewalRequestSchema,
        response: { 200: renewalConfirmRetryResultSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const deps = { db: app.db, provider, appSecret, origin: requestLinkOrigin(app.config, request) };
      return retryRenewalConfirmation(deps, request.body.token);
    },
  );

  app.post(
    '/:id/cancel',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Cancel my monthly support: no further charge; it stays active until the paid month ends',
        params: subscriptionIdParamsSchema,
        response: { 200: subscriptionResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        subscription: await cancelAsOwner(app.db, user, request.params.id, requestLinkOrigin(app.config, request)),
      };
    },
  );

  app.post(
    '/:id/pause',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Pause my monthly support for 1, 2 or 3 months (months) or until I resume it (months: null): nothing is charged meanwhile',
        description:
          '429 after six pauses and resumes a day, signed in and by link together; a refused or idle one is not counted.',
        params: subscriptionIdParamsSchema,
        body: pauseSubscriptionRequestSchema,
        response: {
          200: subscriptionResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const links = { appSecret, origin: requestLinkOrigin(app.config, request) };
      return { subscription: await pauseAsOwner(app.db, user, request.params.id, request.body.months, links) };
    },
  );

  app.post(
    '/:id/resume',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Resume my paused monthly support: the next charge is at the next period boundary (never twice in one period)',
        description:
          '429 after six pauses and resumes a day, signed in and by link together; a refused or idle one is not counted.',
        params: subscriptionIdParamsSchema,
        response: {
          200: subscriptionResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        subscription: await resumeAsOwner(app.db, user, request.params.id, {
          appSecret,
          origin: requestLinkOrigin(app.config, request),
        }),
      };
    },
  );

  app.post(
    '/:id/change',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Change the amount (at least the creator’s minimum) or tier of my monthly support: the month paid does not change; the next renewal charges the new amount',
        description: '409 when it is cancelled, ended or its renewal is being retried; 429 after ten changes a day.',
        params: subscriptionIdParamsSchema,
        body: changeSubscriptionRequestSchema,
        response: {
          200: subscriptionResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const links = { appSecret, origin: requestLinkOrigin(app.config, request) };
      return { subscription: await changeAsOwner(app.db, user, request.params.id, request.body, links) };
    },
  );

  app.post(
    '/change-by-link',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Change the amount or tier of a monthly support with the signed link from a receipt email, without signing in',
        description:
          'A lower amount (or the same) changes at once (200). A higher one changes nothing yet (202): a link to ' +
          'confirm it is emailed to the support’s address, valid 24 hours (POST /change-by-link/confirm). ' +
          '409 when it is cancelled, ended or being retried; 429 after ten changes and requests a day.',
        body: changeByLinkRequestSchema,
        response: {
          200: subscriptionResponseSchema,
          202: raisePendingResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { token, ...change } = request.body;
      const links = { appSecret, origin: requestLinkOrigin(app.config, request) };
      const outcome = await changeByLink(app.db, token, change, links);
      if (outcome.kind === 'pending') return reply.code(202).send(outcome.answer);
      return { subscription: outcome.subscription };
    },
  );

  app.post(
    '/change-by-link/confirm',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Confirm a higher monthly amount with the link of the email it sent, without signing in',
        description:
          '400 for an unknown, used, replaced or expired link (24 hours); 409 when the support was cancelled or ' +
          'ended since, or its renewal is being retried; the amount must still meet the creator’s minimum.',
        body: confirmChangeRequestSchema,
        response: {
          200: subscriptionResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const links = { appSecret, origin: requestLinkOrigin(app.config, request) };
      return { subscription: await confirmChangeByLink(app.db, request.body.token, links) };
    },
  );

  const cardLimits = 'a card change started counts, ten a day per monthly support (signed in and by link together)';

  app.post(
    '/:id/card',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Start replacing the card of my monthly support: what the provider’s card field needs to save a new card (no card data passes through this API)',
        description: `409 when it is cancelled or ended; 429: ${cardLimits}.`,
        params: subscriptionIdParamsSchema,
        response: {
          200: cardSetupStartResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const user = requireUser(request);
      const deps = { db: app.db, provider, appSecret, origin: requestLinkOrigin(app.config, request) };
      return { setup: await startCardChangeAsOwner(deps, user, request.params.id) };
    },
  );

  app.post(
    '/:id/card/complete',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Keep the card the provider’s field saved for my monthly support (read from the provider); a renewal being retried is charged with it at once',
        description:
          '400 with a field message when the card was not saved (the provider’s reason) or the setup is not this support’s; 409 when it ended.',
        params: subscriptionIdParamsSchema,
        body: cardChangeCompleteRequestSchema,
        response: {
          200: cardChangeResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const user = requireUser(request);
      return completeCardChangeAsOwner(cardChangeDeps(request), user, request.params.id, request.body.setupId);
    },
  );

  app.post(
    '/card-by-link',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Start replacing the card of a monthly support with the signed link from a receipt or a failed renewal’s email, without signing in',
        description: `409 when it is cancelled or ended; 429: ${cardLimits}.`,
        body: cardByLinkRequestSchema,
        response: {
          200: cardSetupStartResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const deps = { db: app.db, provider, appSecret, origin: requestLinkOrigin(app.config, request) };
      return { setup: await startCardChangeByLink(deps, request.body.token) };
    },
  );

  app.post(
    '/card-by-link/complete',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Keep the card the provider’s field saved, with the signed link, without signing in; a renewal being retried is charged with it at once',
        body: cardByLinkCompleteRequestSchema,
        response: { 200: cardChangeResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return completeCardChangeByLink(cardChangeDeps(request), request.body.token, request.body.setupId);
    },
  );

  app.post(
    '/pause-by-link',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Pause a monthly support with the signed link from a receipt email, without signing in',
        description:
          '429 after six pauses and resumes a day, signed in and by link together; a refused or idle one is not counted.',
        body: pauseByLinkRequestSchema,
        response: {
          200: subscriptionResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      subscription: await pauseByLink(app.db, request.body.token, request.body.months, {
        appSecret,
        origin: requestLinkOrigin(app.config, request),
      }),
    }),
  );

  app.post(
    '/resume-by-link',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Resume a paused monthly support with the signed link from a receipt email, without signing in',
        description:
          '429 after six pauses and resumes a day, signed in and by link together; a refused or idle one is not counted.',
        body: resumeByLinkRequestSchema,
        response: {
          200: subscriptionResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      subscription: await resumeByLink(app.db, request.body.token, {
        appSecret,
        origin: requestLinkOrigin(app.config, request),
      }),
    }),
  );

  app.get(
    '/cancel-by-link',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'What a cancel link from a receipt email would cancel (for its confirmation page)',
        querystring: cancelLinkQuerySchema,
        response: { 200: subscriptionResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { subscription: await describeByLink(app.db, appSecret, request.query.token) };
    },
  );

  app.post(
    '/cancel-by-link',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Cancel a monthly support with the signed link from a receipt email, without signing in',
        body: cancelByLinkRequestSchema,
        response: { 200: subscriptionResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({
      subscription: await cancelByLink(app.db, appSecret, request.body.token, requestLinkOrigin(app.config, request)),
    }),
  );
};
