import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import {
  auditLogResponseSchema,
  blockDomainRequestSchema,
  operatorEmailResponseSchema,
  operatorLimitsResponseSchema,
  operatorMessageResponseSchema,
  operatorMoneyResponseSchema,
  reportSchema,
  reportsResponseSchema,
  resolveReportRequestSchema,
  unblockLimitRequestSchema,
} from '@beabro/shared/api-schemas/operator';
import { auditCsv, listAudit } from './audit-log';
import { blockDomain, emailOverview, liftSuppression, unblockDomain } from './email-admin-service';
import { fraudSettingsOf } from '../fraud/fraud-service';
import { limitsOverview, unblockLimit } from './limits-service';
import { moneyOverview, retryStuckItem, STUCK_KINDS, STUCK_RETRY_MESSAGE } from './money-service';
import { requireOperator } from './operator-guard';
import { listReports, resolveReport, unhideReport } from './reports-service';

const tags = ['operator'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const withNotFound = { ...errors, 404: apiErrorSchema };
/** A resolved report, with a sentence saying what was done. */
const resolvedReportSchema = reportSchema.extend({ message: z.string() });
const RESOLVED_MESSAGES = {
  hide: 'Hidden. The reporter and the creator were emailed.',
  dismiss: 'Dismissed. The reporter was emailed.',
  suspend: 'The creator is suspended. The reporter and the creator were emailed.',
} as const;

/** /api/operator: Reports, Money, Email, Limits and the audit log. */
export const operatorConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireOperator(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  app.get(
    '/reports',
    {
      schema: {
        tags,
        summary: 'Reports: open ones oldest first, or closed ones newest first (at most 100)',
        querystring: z.object({ status: z.enum(['open', 'closed']).default('open') }),
        response: { 200: reportsResponseSchema, ...errors },
      },
    },
    async (request) => ({ reports: await listReports(app.db, request.query.status) }),
  );

  app.post(
    '/reports/:reportId/resolve',
    {
      schema: {
        tags,
        summary: 'Hide the page or post, dismiss, or suspend the creator; the reporter and creator are emailed',
        params: z.object({ reportId: z.uuid() }),
        body: resolveReportRequestSchema,
        response: { 200: resolvedReportSchema, ...withNotFound, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { action, reason } = request.body;
      const report = await resolveReport(app.db, request.params.reportId, action, reason, operator.email);
      return { ...report, message: RESOLVED_MESSAGES[action] };
    },
  );

  app.post(
    '/reports/:reportId/unhide',
    {
      schema: {
        tags,
        summary: 'Show a hidden page or post again',
        params: z.object({ reportId: z.uuid() }),
        response: { 200: resolvedReportSchema, ...withNotFound, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const report = await unhideReport(app.db, request.params.reportId, requireOperator(request).email);
      return { ...report, message: 'Shown again.' };
    },
  );

  app.get(
    '/money',
    {
      schema: {
        tags,
        summary: 'Open disputes, failed and held payouts, pending refunds, stuck items and revenue by week',
        response: { 200: operatorMoneyResponseSchema, ...errors },
      },
    },
    async () => moneyOverview(app.db),
  );

  app.post(
    '/money/stuck/:kind/:id/retry',
    {
      schema: {
        tags,
        summary: 'Try a stuck checkout, renewal or refund again at the next run of the recovery job',
        params: z.object({ kind: z.enum(STUCK_KINDS), id: z.uuid() }),
        response: { 200: operatorMessageResponseSchema, ...withNotFound },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      await retryStuckItem(app.db, kind, id, requireOperator(request).email);
      return { message: STUCK_RETRY_MESSAGE };
    },
  );

  app.get(
    '/email',
    {
      schema: {
        tags,
        summary: 'Bounced emails, suppressed addresses and blocked sign-up domains',
        response: { 200: operatorEmailResponseSchema, ...errors },
      },
    },
    async () => emailOverview(app.db),
  );

  app.post(
    '/email/blocked-domains',
    {
      schema: {
        tags,
        summary: 'Refuse sign-ups from an email domain (and its subdomains)',
        body: blockDomainRequestSchema,
        response: { 200: operatorMessageResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => ({
      message: await blockDomain(app.db, request.body.domain, requireOperator(request).email),
    }),
  );

  app.delete(
    '/email/blocked-domains/:domain',
    {
      schema: {
        tags,
        summary: 'Accept sign-ups from a blocked domain again',
        params: z.object({ domain: z.string().min(1).max(253) }),
        response: { 200: operatorMessageResponseSchema, ...withNotFound },
      },
    },
    async (request) => ({
      message: await unblockDomain(app.db, request.params.domain, requireOperator(request).email),
    }),
  );

  app.delete(
    '/email/suppressed/:email',
    {
      schema: {
        tags,
        summary: 'Send emails to a suppressed address again',
        params: z.object({ email: z.string().min(1).max(254) }),
        response: { 200: operatorMessageResponseSchema, ...withNotFound },
      },
    },
    async (request) => ({
      message: await liftSuppression(app.db, request.params.email, requireOperator(request).email),
    }),
  );

  app.get(
    '/limits',
    {
      schema: {
        tags,
        summary: 'Rate-limit counters of the current windows and backoffs, busiest first',
        response: { 200: operatorLimitsResponseSchema, ...errors },
      },
    },
    async () => limitsOverview(app.db, fraudSettingsOf(app.config)),
  );

  app.post(
    '/limits/unblock',
    {
      schema: {
        tags,
        summary: "Clear the counters and backoff of a key, or a card-testing key's declined payments",
        body: unblockLimitRequestSchema,
        response: { 200: operatorMessageResponseSchema, ...withNotFound },
      },
    },
    async (request) => ({ message: await unblockLimit(app.db, request.body.key, requireOperator(request).email) }),
  );

  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, 50 entries a page, newest first',
        querystring: z.object({ before: z.coerce.number().int().positive().optional() }),
        response: { 200: auditLogResponseSchema, ...errors },
      },
    },
    async (request) => listAudit(app.db, request.query.before),
  );

  app.get(
    '/audit.csv',
    {
      schema: {
        tags,
        summary:
          'The whole audit log as CSV (RFC 4180; cells a spreadsheet would run as formulas start with an apostrophe)',
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV, UTF-8'), ...errors },
      },
    },
    async (_request, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8; header=present')
        .header('Content-Disposition', 'attachment; filename="operator-audit-log.csv"')
        .send(await auditCsv(app.db)),
  );
};
