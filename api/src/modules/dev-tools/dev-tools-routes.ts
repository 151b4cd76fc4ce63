import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { resolveAppSecret } from '../../config/env';
import { jobLinkOrigin } from '../../lib/link-origin';
import { jobDefinitions } from '../jobs/job-definitions';
import { JOB_NAMES, runJob } from '../jobs/run-job';
import { createJobPaymentProvider } from '../payments/configured-provider';
import { describeOperatorChange, setOperator } from '../operator/operator-accounts';

export const DEV_JOB_MESSAGES = {
  unknownJob: `Choose one of: ${JOB_NAMES.join(', ')}.`,
  badClock: 'Enter an ISO date-time with a time zone, e.g. 2026-11-24T10:00:00Z.',
} as const;

const paramsSchema = z.object({ name: z.enum(JOB_NAMES, { error: DEV_JOB_MESSAGES.unknownJob }) });
const bodySchema = z.object(
  { now: z.iso.datetime({ offset: true, error: DEV_JOB_MESSAGES.badClock }) },
  { error: 'Send a JSON body like {"now": "2026-11-24T10:00:00Z"}.' },
);
const responseSchema = z.object({
  name: z.enum(JOB_NAMES),
  now: z.string(),
  result: z.record(z.string(), z.unknown()),
});

/**
 * Development tools, registered only when DEV_TOOLS=true (never with NODE_ENV=production):
 * POST /api/dev/jobs/:name runs one job now in this server with the clock `now`, as
 * `pnpm --filter api jobs <name> --now <ISO>` does in a separate process. It is what the end-to-end
 * journeys use, since a second process cannot open the embedded database the server holds.
 * POST /api/dev/operators makes an account an operator, as `pnpm --filter api operator:add EMAIL` does (audited
 * with the actor "development tools"), for the same reason.
 */
export const devToolsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.log.warn(
    'Development tools are on (DEV_TOOLS=true): anyone who can reach this server can run renewals and payouts at any clock. Never on a public server.',
  );

  app.post(
    '/api/dev/jobs/:name',
    {
      schema: {
        tags: ['development'],
        summary:
          'Development tools: run a job (renewals, payouts, recover-payments, monthly-reports, post-emails, reconciliation) now with the given clock',
        params: paramsSchema,
        body: bodySchema,
        response: { 200: responseSchema, 400: apiErrorSchema, 409: apiErrorSchema, 500: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const now = new Date(request.body.now);
      const config = app.config;
      // The sandbox provider runs at the job's clock, as the command-line tool does (Stripe keeps its own).
      const deps = {
        db: app.db,
        provider: createJobPaymentProvider(config, app.db, resolveAppSecret(config), now),
        appSecret: resolveAppSecret(config),
        origin: jobLinkOrigin(config),
        now: () => now,
        log: (message: string) => app.log.error(message),
      };
      const outcome = await runJob(
        app.db,
        name,
        now,
        () => jobDefinitions(deps)[name](now),
        (message) => app.log.error(message),
      );
      if (outcome.status === 'skipped')
        return reply.code(409).send({ message: `The ${name} job did not run: ${outcome.reason}.` });
      if (outcome.status === 'failed')
        return reply.code(500).send({ message: `The ${name} job failed: ${outcome.error.message}` });
      return { name, now: now.toISOString(), result: outcome.result };
    },
  );

  app.post(
    '/api/dev/operators',
    {
      schema: {
        tags: ['development'],
        summary: 'Development tools: make an account an operator (as the operator:add command does)',
        body: z.object({ email: z.email('Enter the email of an account.') }),
        response: { 200: z.object({ message: z.string() }), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const change = await setOperator(app.db, request.body.email, false, new Date(), 'development tools');
      const message = describeOperatorChange(change);
      return change.kind === 'no-account' ? reply.code(404).send({ message }) : { message };
    },
  );
};
