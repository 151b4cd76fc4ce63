import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rateLimitBackoffs } from '../../db/schema';
import { rateLimited } from './rate-limit-service';

/**
 * A limit that slows down instead of locking out: `freeAttempts` go through at once, then each
 * further attempt must wait `baseDelaySeconds`, doubling every attempt up to `maxDelaySeconds`.
 * The count is forgotten after `forgetAfterSeconds` without an attempt.
 */
export interface BackoffRule {
  /** e.g. "sign-in:account" */
  name: string;
  freeAttempts: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
}

/** An attempt counted by reserveBackoffAttempt, to hand back with releaseBackoffAttempt. */
export interface BackoffReservation {
  key: string;
}

/** Past this, 2^n times the base delay is beyond any sensible maximum anyway (and keeps the SQL in range). */
const MAX_DOUBLINGS = 20;

/** How long the attempt after `attempts` counted ones must wait after the last of them. */
export function backoffDelaySeconds(rule: BackoffRule, attempts: number): number {
  if (attempts < rule.freeAttempts) return 0;
  return Math.min(
    rule.maxDelaySeconds,
    rule.baseDelaySeconds * 2 ** Math.min(attempts - rule.freeAttempts, MAX_DOUBLINGS),
  );
}

/**
 * Reserves one attempt for `key`, or refuses (without counting, so refused attempts never extend the
 * wait) while the backoff lasts. One upsert that increments only when the attempt is allowed: the row
 * lock serialises racing requests, so at most `freeAttempts` of a burst get through.
 */
export async function reserveBackoffAttempt(
  db: Db,
  rule: BackoffRule,
  key: string,
  now = new Date(),
): Promise<BackoffReservation> {
  const fullKey = `${rule.name}:${key}`;
  const b = rateLimitBackoffs;
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const stale = sql`${b.lastAttemptAt} <= ${nowParam} - make_interval(secs => ${rule.forgetAfterSeconds})`;
  const delaySeconds = sql`least(${rule.maxDelaySeconds}::float8, ${rule.baseDelaySeconds}::float8 * power(2::float8, least(${b.attempts} - ${rule.freeAttempts}, ${MAX_DOUBLINGS})))`;
  const [row] = await db
    .insert(b)
    .values({ key: fullKey, attempts: 1, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: b.key,
      set: { attempts: sql`case when ${stale} then 1 else ${b.attempts} + 1 end`, lastAttemptAt: now },
      setWhere: sql`${stale} or ${b.attempts} < ${rule.freeAttempts} or ${b.lastAttemptAt} + make_interval(secs => ${delaySeconds}) <= ${nowParam}`,
    })
    .returning({ attempts: b.attempts });
  if (Math.random() < 0.01)
    await db.delete(b).where(lt(b.lastAttemptAt, new Date(now.getTime() - rule.forgetAfterSeconds * 1000)));
  if (row) return { key: fullKey };

  const [current] = await db
    .select({ attempts: b.attempts, lastAttemptAt: b.lastAttemptAt })
    .from(b)
    .where(eq(b.key, fullKey));
  const openAt = current
    ? current.lastAttemptAt.getTime() + backoffDelaySeconds(rule, current.attempts) * 1000
    : now.getTime();
  throw rateLimited(Math.max(1, Math.ceil((openAt - now.getTime()) / 1000)));
}

/** Gives back one reserved attempt (e.g. the password was right): it no longer counts toward the backoff. */
export async function releaseBackoffAttempt(db: Db, reservation: BackoffReservation): Promise<void> {
  const b = rateLimitBackoffs;
  await db
    .update(b)
    .set({ attempts: sql`greatest(${b.attempts} - 1, 0)` })
    .where(eq(b.key, reservation.key));
}
