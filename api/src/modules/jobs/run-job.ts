import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/database';
import { jobRuns } from '../../db/schema';

export const JOB_NAMES = [
  'renewals',
  'payouts',
  'recover-payments',
  'monthly-reports',
  'post-emails',
  'reconciliation',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** One advisory lock id per job (a fixed range, away from the migration lock). */
const LOCK_IDS: Record<JobName, number> = {
  renewals: 7_240_501,
  payouts: 7_240_502,
  'recover-payments': 7_240_503,
  'monthly-reports': 7_240_504,
  'post-emails': 7_240_505,
  reconciliation: 7_240_506,
};

/**
 * A run that got through its loop: `itemErrors` counts the rows it could not process (each logged with its id by the
 * job, and left for a later run), so a job that goes on with failing items is still seen.
 */
export type JobRunResult<T> =
  | { status: 'succeeded'; result: T; itemErrors: number }
  | { status: 'failed'; error: Error }
  | { status: 'skipped'; reason: string };

/** The rows a run could not process: the sum of its summary's numbers under `errors` or a key ending in `Errors`. */
export function itemErrorCount(summary: Record<string, unknown>): number {
  let count = 0;
  for (const [key, value] of Object.entries(summary))
    if ((key === 'errors' || key.endsWith('Errors')) && typeof value === 'number') count += value;
  return count;
}

/** Jobs running in this process: PGlite has no other process, so this is its whole lock. */
const runningHere = new Set<JobName>();

interface HeldLock {
  release: () => Promise<void>;
}

/**
 * On PostgreSQL, a session advisory lock on a connection of its own, held for the whole run:
 * another instance's pg_try_advisory_lock fails while it is held, and it goes away by itself if
 * this process dies. Null when someone else holds it.
 */
async function tryAdvisoryLock(db: Db, name: JobName): Promise<HeldLock | null> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return { release: async () => {} };
  const connection = await client.connect();
  try {
    const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      LOCK_IDS[name],
    ]);
    if (!rows[0]?.locked) {
      connection.release();
      return null;
    }
  } catch (error) {
    connection.release(error as Error);
    throw error;
  }
  return {
    release: async () => {
      try {
        await connection.query('select pg_advisory_unlock($1)', [LOCK_IDS[name]]);
        connection.release();
      } catch (error) {
        // Dropping the connection releases the lock too.
        connection.release(error as Error);
      }
    },
  };
}

/**
 * Every scheduled job runs through here: at most one run of a job at a time across every API
 * instance (PostgreSQL advisory lock; in-process on PGlite), each run recorded in job_runs, and a
 * failure logged and returned instead of thrown (the scheduler keeps going). A run whose summary counts failed items
 * (itemErrorCount) succeeds, but is logged through `log` with the count, which it returns as `itemErrors`.
 */
export async function runJob<T extends Record<string, unknown>>(
  db: Db,
  name: JobName,
  asOf: Date,
  job: () => Promise<T>,
  log: (message: string) => void = console.error,
): Promise<JobRunResult<T>> {
  if (runningHere.has(name)) return { status: 'skipped', reason: `${name} is already running in this process` };
  runningHere.add(name);
  try {
    const lock = await tryAdvisoryLock(db, name);
    if (!lock) return { status: 'skipped', reason: `${name} is already running on another instance` };
    try {
      const [run] = await db.insert(jobRuns).values({ name, asOf }).returning({ id: jobRuns.id });
      try {
        const result = await job();
        const itemErrors = itemErrorCount(result);
        if (itemErrors > 0)
          log(`job ${name} went on past ${itemErrors} failed item(s), each logged above: ${JSON.stringify(result)}`);
        if (run)
          await db
            .update(jobRuns)
            .set({ status: 'succeeded', finishedAt: new Date(), summary: result })
            .where(eq(jobRuns.id, run.id));
        return { status: 'succeeded', result, itemErrors };
      } catch (error) {
        const err = error instanceof Error ? error : new Error(String(error));
        log(`job ${name} failed: ${err.stack ?? err.message}`);
        if (run)
          await db
            .update(jobRuns)
            .set({ status: 'failed', finishedAt: new Date(), error: err.message })
            .where(eq(jobRuns.id, run.id));
        return { status: 'failed', error: err };
      }
    } finally {
      await lock.release();
    }
  } finally {
    runningHere.delete(name);
  }
}
