import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { itemErrorCount } from '../jobs/run-job';
import { emailOutbox, jobRuns, paymentAttempts, refunds, webhookDeliveries } from '../../db/schema';

const num = (fragment: ReturnType<typeof sql>) => sql<number>`${fragment}`.mapWith(Number);
const epochSeconds = (column: ReturnType<typeof sql>) => num(sql`coalesce(extract(epoch from ${column}), 0)`);

/** What the platform's queues and jobs hold now, read from the database (the same on every instance). */
export interface PlatformGauges {
  /** Emails waiting to be sent (not sent, not given up). */
  emailOutboxPending: number;
  /** Emails given up after their retries. */
  emailOutboxFailed: number;
  /** Webhook deliveries waiting (first try or retry), and how long the oldest has waited, in seconds. */
  webhookDeliveriesPending: number;
  webhookOldestPendingSeconds: number;
  /** Payments asked of the provider with no answer recorded yet, by purpose, and the oldest's age in seconds. */
  paymentAttemptsPending: { purpose: string; count: number; oldestSeconds: number }[];
  /** Refunds asked of the provider with no answer recorded yet. */
  refundsPending: number;
  /** Per job run in the last 30 days: when its last run succeeded (0: none), whether its last finished run failed, whether a run is going on. */
  jobs: {
    name: string;
    lastSuccessSeconds: number;
    lastRunFailed: boolean;
    /** Items the last finished run went on past (logged each with its id; retried by the next runs). */
    lastRunItemErrors: number;
    running: boolean;
  }[];
}

export async function readPlatformGauges(db: Db, now: Date): Promise<PlatformGauges> {
  const nowSeconds = now.getTime() / 1000;
  const [outbox] = await db
    .select({
      pending: num(sql`count(*) filter (where ${emailOutbox.failedAt} is null)`),
      failed: num(sql`count(*) filter (where ${emailOutbox.failedAt} is not null)`),
    })
    .from(emailOutbox)
    .where(isNull(emailOutbox.sentAt));
  const [webhooks] = await db
    .select({ pending: num(sql`count(*)`), oldest: epochSeconds(sql`min(${webhookDeliveries.createdAt})`) })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'pending'));
  const attempts = await db
    .select({
      purpose: paymentAttempts.purpose,
      count: num(sql`count(*)`),
      oldest: epochSeconds(sql`min(${paymentAttempts.createdAt})`),
    })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.status, 'pending'))
    .groupBy(paymentAttempts.purpose);
  const [refundRow] = await db
    .select({ pending: num(sql`count(*)`) })
    .from(refunds)
    .where(eq(refunds.status, 'pending'));
  const recent = gt(jobRuns.startedAt, new Date(now.getTime() - 30 * 24 * 3600_000));
  // The newest run of each job, and its newest successful one (job_runs is indexed by name and start).
  const lastRuns = await db
    .selectDistinctOn([jobRuns.name], { name: jobRuns.name, status: jobRuns.status })
    .from(jobRuns)
    .where(recent)
    .orderBy(jobRuns.name, sql`${jobRuns.startedAt} desc`);
  const lastFinished = await db
    .selectDistinctOn([jobRuns.name], { name: jobRuns.name, status: jobRuns.status, summary: jobRuns.summary })
    .from(jobRuns)
    .where(and(sql`${jobRuns.status} <> 'running'`, recent))
    .orderBy(jobRuns.name, sql`${jobRuns.startedAt} desc`);
  const lastSuccess = await db
    .select({ name: jobRuns.name, at: epochSeconds(sql`max(${jobRuns.finishedAt})`) })
    .from(jobRuns)
    .where(and(eq(jobRuns.status, 'succeeded'), recent))
    .groupBy(jobRuns.name);
  const names = new Set([...lastRuns, ...lastFinished, ...lastSuccess].map((r) => r.name));
  const age = (epoch: number) => (epoch > 0 ? Math.max(0, nowSeconds - epoch) : 0);
  return {
    emailOutboxPending: outbox?.pending ?? 0,
    emailOutboxFailed: outbox?.failed ?? 0,
    webhookDeliveriesPending: webhooks?.pending ?? 0,
    webhookOldestPendingSeconds: age(webhooks?.oldest ?? 0),
    paymentAttemptsPending: attempts.map((a) => ({
      purpose: a.purpose,
      count: a.count,
      oldestSeconds: age(a.oldest),
    })),
    refundsPending: refundRow?.pending ?? 0,
    jobs: [...names].sort().map((name) => ({
      name,
      lastSuccessSeconds: lastSuccess.find((r) => r.name === name)?.at ?? 0,
      lastRunFailed: lastFinished.find((r) => r.name === name)?.status === 'failed',
      lastRunItemErrors: itemErrorCount(lastFinished.find((r) => r.name === name)?.summary ?? {}),
      running: lastRuns.find((r) => r.name === name)?.status === 'running',
    })),
  };
}
