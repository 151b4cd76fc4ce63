import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import {
  operatorMessageResponseSchema,
  operatorSettingsSchema,
  peopleSearchResponseSchema,
  personDetailResponseSchema,
  reviewQueueResponseSchema,
  suspendRequestSchema,
  type ReviewQueueResponse,
} from '@beabro/shared/api-schemas/operator';
import { AppError } from '../../lib/app-error';
import { publicOrigin } from '../../lib/public-origin';
import { enqueueVerificationEmail } from '../email-verification/email-verification-service';
import { revokeAllSessions } from '../sessions/session-service';
import { recordAudit } from './audit-log';
import { requireOperator } from './operator-guard';
import { personDetail, personSummary, searchPeople } from './people-service';
import { getSettings, listReviewQueue, markReviewed, updateSettings } from './reviews-service';
import { liftSuspension, suspendAccount } from './suspension-service';

const tags = ['operator'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const userParams = z.object({ userId: z.uuid() });
export const ALREADY_VERIFIED_MESSAGE = 'This address is already verified.';

/** /api/operator: People (search, an account's detail, suspend and lift, sign-out, verification) and reviews. */
export const operatorPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireOperator(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.get(
    '/people',
    {
      schema: {
        tags,
        summary: 'Find accounts by email, username, display name or a support id (at most 50, newest first)',
        querystring: z.object({ q: z.string().max(200).default('') }),
        response: { 200: peopleSearchResponseSchema, ...errors },
      },
    },
    async (request) => ({ people: await searchPeople(app.db, request.query.q) }),
  );

  app.get(
    '/people/:userId',
    {
      schema: {
        tags,
        summary: 'An account: supports given and received, payouts, disputes, logins and what operators did',
        params: userParams,
        response: { 200: personDetailResponseSchema, ...errors },
      },
    },
    async (request) => personDetail(app.db, request.params.userId),
  );

  app.post(
    '/people/:userId/suspend',
    {
      schema: {
        tags,
        summary: 'Suspend an account with a reason shown to the person (page hidden, no supports, payouts held)',
        params: userParams,
        body: suspendRequestSchema,
        response: { 200: personDetailResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      await personSummary(app.db, request.params.userId);
      await suspendAccount(app.db, request.params.userId, request.body.reason, operator.email);
      return personDetail(app.db, request.params.userId);
    },
  );

  app.post(
    '/people/:userId/lift',
    {
      schema: {
        tags,
        summary: 'Lift a suspension: everything it stopped works again',
        params: userParams,
        body: suspendRequestSchema,
        response: { 200: personDetailResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      await personSummary(app.db, request.params.userId);
      await liftSuspension(app.db, request.params.userId, request.body.reason, operator.email);
      return personDetail(app.db, request.params.userId);
    },
  );

  app.post(
    '/people/:userId/sign-out',
    {
      schema: {
        tags,
        summary: 'Sign the account out everywhere',
        params: userParams,
        response: { 200: operatorMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const person = await personSummary(app.db, request.params.userId);
      await app.db.transaction(async (tx) => {
        await revokeAllSessions(tx, person.id);
        await recordAudit(tx, { actor: operator.email, action: 'account.sign-out', target: `user:${person.id}` });
      });
      return { message: `${person.email ?? person.displayName} was signed out everywhere.` };
    },
  );

  app.post(
    '/people/:userId/resend-verification',
    {
      schema: {
        tags,
        summary: 'Send the account a new email verification link',
        params: userParams,
        response: { 200: operatorMessageResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const person = await personSummary(app.db, request.params.userId);
      if (!person.email || person.deletedAt) throw new AppError('not_found', 'This account was deleted.');
      if (person.emailVerified) throw new AppError('conflict', ALREADY_VERIFIED_MESSAGE);
      const email = person.email;
      await app.db.transaction(async (tx) => {
        await enqueueVerificationEmail(
          tx,
          { userId: person.id, email, displayName: person.displayName },
          publicOrigin(request),
        );
        await recordAudit(tx, {
          actor: operator.email,
          action: 'account.resend-verification',
          target: `user:${person.id}`,
        });
      });
      return { message: `A new verification link was sent to ${email}.` };
    },
  );

  app.post(
    '/people/:userId/review',
    {
      schema: {
        tags,
        summary: 'Mark a new creator reviewed: payouts waiting for the review are paid at the next run',
        params: userParams,
        response: { 200: operatorMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      await markReviewed(app.db, request.params.userId, operator.email);
      return { message: 'Marked as reviewed.' };
    },
  );

  app.get(
    '/reviews',
    {
      schema: {
        tags,
        summary: 'New creators with supports or a payout who are not reviewed yet, oldest first',
        response: { 200: reviewQueueResponseSchema, ...errors },
      },
    },
    async (): Promise<ReviewQueueResponse> => ({
      creators: await listReviewQueue(app.db),
      settings: await getSettings(app.db),
    }),
  );

  app.get(
    '/settings',
    {
      schema: {
        tags,
        summary: 'The review threshold and hold days of new creators’ first payouts',
        response: { 200: operatorSettingsSchema, ...errors },
      },
    },
    async () => getSettings(app.db),
  );

  app.put(
    '/settings',
    {
      schema: {
        tags,
        summary: 'Change the review threshold and hold days',
        body: operatorSettingsSchema,
        response: { 200: operatorSettingsSchema, ...errors },
      },
    },
    async (request) => updateSettings(app.db, request.body, requireOperator(request).email),
  );
};
