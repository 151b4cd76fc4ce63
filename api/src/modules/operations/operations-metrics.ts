import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../../db/database';
import { readPlatformGauges } from './platform-gauges';

/** Seconds: from a fast API read to a slow page render or payment call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface OperationsMetrics {
  registry: Registry;
  /** Counts one answered request: its route's pattern (never the raw URL, so ids and tokens stay out), status class. */
  observeRequest(input: { method: string; route: string; statusCode: number; seconds: number }): void;
}

/**
 * The metrics of one API process (docs/operations.md): its own HTTP traffic and Node's process figures, and at each
 * scrape what the database holds (queues, pending payments and refunds, jobs). One registry per app, so tests that
 * build several apps do not share counters.
 */
export function createOperationsMetrics(db: Db, now: () => Date = () => new Date()): OperationsMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'beabro_' });
  const requests = new Counter({
    name: 'beabro_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'beabro_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  // Read from the database once per scrape: every gauge below is set by the first one's collect.
  let lastRead: Promise<Awaited<ReturnType<typeof readPlatformGauges>>> | null = null;
  const gauge = (
    name: string,
    help: string,
    labelNames: readonly string[],
    set: (g: Gauge, values: Awaited<ReturnType<typeof readPlatformGauges>>) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        lastRead ??= readPlatformGauges(db, now()).finally(() => queueMicrotask(() => (lastRead = null)));
        const values = await lastRead;
        this.reset();
        set(this, values);
      },
    });
  gauge('beabro_email_outbox_pending', 'Emails waiting to be sent', [], (g, v) => g.set(v.emailOutboxPending));
  gauge('beabro_email_outbox_failed', 'Emails given up after their retries', [], (g, v) => g.set(v.emailOutboxFailed));
  gauge('beabro_webhook_deliveries_pending', 'Webhook deliveries waiting for a first try or a retry', [], (g, v) =>
    g.set(v.webhookDeliveriesPending),
  );
  gauge(
    'beabro_webhook_delivery_lag_seconds',
    'Age of the oldest webhook delivery still waiting (0: none waiting)',
    [],
    (g, v) => g.set(v.webhookOldestPendingSeconds),
  );
  gauge(
    'beabro_payment_attempts_pending',
    'Payments (checkout, renewal) asked of the provider with no answer recorded yet',
    ['purpose'],
    (g, v) => {
      for (const purpose of ['checkout', 'renewal']) g.set({ purpose }, 0);
      for (const a of v.paymentAttemptsPending) g.set({ purpose: a.purpose }, a.count);
    },
  );
  gauge(
    'beabro_payment_attempt_oldest_pending_seconds',
    'Age of the oldest payment attempt with no answer recorded (0: none)',
    ['purpose'],
    (g, v) => {
      for (const purpose of ['checkout', 'renewal']) g.set({ purpose }, 0);
      for (const a of v.paymentAttemptsPending) g.set({ purpose: a.purpose }, a.oldestSeconds);
    },
  );
  gauge('beabro_refunds_pending', 'Refunds asked of the provider with no answer recorded yet', [], (g, v) =>
    g.set(v.refundsPending),
  );
  gauge(
    'beabro_job_last_success_timestamp_seconds',
    'When each scheduled job last finished a successful run (Unix time; 0: none in 30 days)',
    ['job'],
    (g, v) => v.jobs.forEach((j) => g.set({ job: j.name }, j.lastSuccessSeconds)),
  );
  gauge(
    'beabro_job_last_run_failed',
    'Whether the last finished run of each job failed (1) or not (0)',
    ['job'],
    (g, v) => v.jobs.forEach((j) => g.set({ job: j.name }, j.lastRunFailed ? 1 : 0)),
  );
  gauge(
    'beabro_job_last_run_item_errors',
    'Items the last finished run of each job went on past (each logged with its id, retried later)',
    ['job'],
    (g, v) => v.jobs.forEach((j) => g.set({ job: j.name }, j.lastRunItemErrors)),
  );
  gauge('beabro_job_running', 'Whether a run of each job is going on (1) or not (0)', ['job'], (g, v) =>
    v.jobs.forEach((j) => g.set({ job: j.name }, j.running ? 1 : 0)),
  );

  return {
    registry,
    observeRequest({ method, route, statusCode, seconds }) {
      requests.inc({ method, route, status: `${Math.floor(statusCode / 100)}xx` });
      duration.observe({ method, route }, seconds);
    },
  };
}
