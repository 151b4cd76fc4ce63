import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/database';
import { jobRuns } from '../../db/schema';
import { jobLinkOrigin } from '../../lib/link-origin';
import type { PaymentProvider } from '../payments/payment-provider';
import { lastTuesday } from '../payouts/payout-weeks';
import { postEmailsPending } from '../posts/post-emails';
import { inReportWindow } from '../reports/monthly-report-service';
import { jobDefinitions } from './job-definitions';
import { runJob, type JobName } from './run-job';
import type { MoneyDeps } from '../payments/money-deps';

const MINUTE = 60_000;

export interface JobSchedule {
  name: JobName;
  everyMs: number;
  /** Whether the tick at `now` should run it (all jobs are idempotent; this only saves work). */
  shouldRun?: (db: Db, now: Date, deps: MoneyDeps) => Promise<boolean>;
}

/**
 * Payouts: every hour on Tuesdays (UTC), and on other days only to catch up when no run
 * succeeded since the latest Tuesday (the server was down that day). With a provider that pays creators out itself
 * (Stripe), every hour: the run holds or releases each account's payouts at the provider, so a hold that starts
 * (a suspension, a review) stops Stripe's payouts within the hour.
 */
export async function payoutsDue(
  db: Db,
  now: Date,
  deps?: { provider: Pick<PaymentProvider, 'capabilities'> },
): Promise<boolean> {
  if (now.getUTCDay() === 2 || deps?.provider.capabilities.connectedAccounts) return true;
  const [last] = await db
    .select({ asOf: jobRuns.asOf })
    .from(jobRuns)
    .where(and(eq(jobRuns.name, 'payouts'), eq(jobRuns.status, 'succeeded')))
    .orderBy(desc(jobRuns.asOf))
    .limit(1);
  return !last || last.asOf < lastTuesday(now);
}

/**
 * Monthly reports: hourly in the first days of a month (UTC) until one run succeeded this month with no report it
 * could not queue; each run only queues the reports still missing, so the hourly retries after a failure cost little.
 */
export async function monthlyReportsDue(db: Db, now: Date): Promise<boolean> {
  if (!inReportWindow(now)) return false;
  const [last] = await db
    .select({ asOf: jobRuns.asOf })
    .from(jobRuns)
    .where(
      and(
        eq(jobRuns.name, 'monthly-reports'),
        eq(jobRuns.status, 'succeeded'),
        sql`coalesce((${jobRuns.summary} ->> 'errors')::integer, 0) = 0`,
      ),
    )
    .orderBy(desc(jobRuns.asOf))
    .limit(1);
  return !last || last.asOf < new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Reconciliation: hourly until one run succeeded since today's 00:00 UTC (it compares the day before). */
export async function reconciliationDue(db: Db, now: Date): Promise<boolean> {
  const [last] = await db
    .select({ asOf: jobRuns.asOf })
    .from(jobRuns)
    .where(and(eq(jobRuns.name, 'reconciliation'), eq(jobRuns.status, 'succeeded')))
    .orderBy(desc(jobRuns.asOf))
    .limit(1);
  return !last || last.asOf < new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export const JOB_SCHEDULE: readonly JobSchedule[] = [
  { name: 'renewals', everyMs: 60 * MINUTE },
  { name: 'payouts', everyMs: 60 * MINUTE, shouldRun: payoutsDue },
  { name: 'recover-payments', everyMs: 10 * MINUTE },
  { name: 'monthly-reports', everyMs: 60 * MINUTE, shouldRun: monthlyReportsDue },
  // Posts' publish emails left unqueued (the server stopped mid-way, or it does not kick them itself).
  { name: 'post-emails', everyMs: MINUTE, shouldRun: (db) => postEmailsPending(db) },
  { name: 'reconciliation', everyMs: 60 * MINUTE, shouldRun: reconciliationDue },
];

export interface RunningScheduler {
  stop: () => Promise<void>;
}

/** Runs each job on its interval (first tick shortly after start), never two runs of one job at once. */
export function startJobScheduler(
  db: Db,
  deps: MoneyDeps,
  log: { info: (m: string) => void; error: (m: string) => void },
  firstDelayMs = MINUTE,
): RunningScheduler {
  const definitions = jobDefinitions(deps);
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;

  const tick = (schedule: JobSchedule) => {
    if (stopped) return;
    const run = (async () => {
      const now = new Date();
      if (schedule.shouldRun && !(await schedule.shouldRun(db, now, deps))) return;
      const outcome = await runJob(db, schedule.name, now, () => definitions[schedule.name](now), log.error);
      if (outcome.status === 'succeeded') log.info(`job ${schedule.name}: ${JSON.stringify(outcome.result)}`);
    })().catch((error: unknown) => log.error(`job ${schedule.name} could not start: ${(error as Error).message}`));
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };

  for (const schedule of JOB_SCHEDULE) {
    const first = setTimeout(() => {
      tick(schedule);
      const every = setInterval(() => tick(schedule), schedule.everyMs);
      every.unref();
      timers.push(every);
    }, firstDelayMs);
    first.unref();
    timers.push(first);
  }

  return {
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * Starts the scheduler once the server listens (never in tests, which only inject), unless
 * JOBS_ENABLED=false; stops it, letting a running job finish, when the server closes.
 */
export function registerJobScheduler(
  app: FastifyInstance,
  config: AppConfig,
  db: Db,
  money: { provider: PaymentProvider; appSecret: string },
) {
  if (!config.jobsEnabled) return;
  let scheduler: RunningScheduler | null = null;
  app.addHook('onListen', async () => {
    scheduler = startJobScheduler(
      db,
      { db, ...money, origin: jobLinkOrigin(config), log: (m) => app.log.error(m) },
      { info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
    );
    app.log.info(
      'scheduled jobs started (renewals hourly, payouts hourly on Tuesdays (with Stripe, its holds hourly every day), payment recovery every 10 minutes, monthly reports on the 1st, post emails every minute when a post waits)',
    );
  });
  app.addHook('onClose', async () => {
    await scheduler?.stop();
  });
}
