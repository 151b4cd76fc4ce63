import { timingSafeEqual, createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createOperationsMetrics } from './operations-metrics';

/** How long readiness waits for the database before saying the instance is not ready. */
const READY_DB_TIMEOUT_MS = 2000;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * What an operator's tooling reads (docs/operations.md): every response's `X-Request-Id`; `GET /api/ready` (the
 * database answers: 200, else 503) beside the liveness `/api/health`; and, when METRICS_TOKEN is set,
 * `GET /metrics` in Prometheus' text format for a scraper that sends it as a bearer token. Registered on the root
 * instance (not as an encapsulated plugin) so its hooks see every request.
 */
export function registerOperations(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => void reply.header('X-Request-Id', request.id));

  app.get('/api/ready', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('the database did not answer in time')), READY_DB_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ready' as const };
    } catch (error) {
      request.log.error({ err: error }, 'readiness: the database does not answer');
      return reply.code(503).send({ status: 'unavailable' as const, reason: 'The database does not answer.' });
    } finally {
      clearTimeout(timer);
    }
  });

  const token = app.config.metricsToken;
  if (!token) return;
  const metrics = createOperationsMetrics(app.db);
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest({
      method: request.method,
      // The route's pattern (/api/creators/:username), never the URL: bounded labels, no ids or tokens.
      route: request.routeOptions.url ?? 'unmatched',
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
  app.get('/metrics', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!bearerMatches(request, token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return reply.code(401).send({ error: 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".' });
    }
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
