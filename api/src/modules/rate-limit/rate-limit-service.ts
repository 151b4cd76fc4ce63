import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export interface RateLimitRule {
  /** e.g. "sign-in:ip" */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** An attempt counted by reserveRateLimit, to hand back with releaseRateLimit if it should not count after all. */
export interface RateLimitReservation {
  key: string;
  windowStart: Date;
}

const DAY_MS = 86_400_000;

function currentWindow(rule: RateLimitRule, key: string, now: Date) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { key: `${rule.name}:${key}`, windowStart, retryAfter };
}

/**
 * Counts one attempt for `key` in the current fixed window and refuses past the limit. The counter
 * lives in the database, so every API instance shares it; the upsert is atomic on PostgreSQL.
 */
export async function consumeRateLimit(db: Db, rule: RateLimitRule, key: string, now = new Date()): Promise<void> {
  await consumeRateLimits(db, [{ rule, key }], now);
}

/**
 * consumeRateLimit for several rules at once, in one statement (one round trip): every counter
 * counts the attempt, then the first rule past its limit refuses it. Keys must differ.
 */
export async function consumeRateLimits(
  db: Db,
  checks: ReadonlyArray<{ rule: RateLimitRule; key: string }>,
  now = new Date(),
): Promise<void> {
  const windows = checks.map(({ rule, key }) => rateLimitWindow(rule, key, now));
  const rows = await db
    .insert(rateLimits)
    .values(windows.map((w) => ({ key: w.key, windowStart: w.windowStart, count: 1 })))
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count });
  await trimOldWindows(db, now);
  refuseOverLimit(windows.map((w) => ({ window: w, count: rows.find((row) => row.key === w.key)?.count ?? 0 })));
}

/** A counted attempt's window: its counter's key ("rule:key"), when the window started and the seconds until it ends. */
export interface RateLimitWindow {
  rule: RateLimitRule;
  key: string;
  windowStart: Date;
  retryAfter: number;
}

/**
 * The window `key` counts in now under `rule`, for a caller that increments the counters within a
 * statement of its own (as consumeRateLimits does: insert ... on conflict (key, window_start) do
 * update set count = count + 1), then calls refuseOverLimit with the counts and trimOldWindows.
 */
export function rateLimitWindow(rule: RateLimitRule, key: string, now: Date): RateLimitWindow {
  return { rule, ...currentWindow(rule, key, now) };
}

/** Throws the 429 of the first window whose count (after counting this attempt) is past its rule's limit. */
export function refuseOverLimit(counted: ReadonlyArray<{ window: RateLimitWindow; count: number }>): void {
  for (const { window, count } of counted) {
    if (count > window.rule.limit) throw rateLimited(window.retryAfter);
  }
}

/**
 * Reserves one attempt for `key` in the current window, or refuses (without counting) when the window
 * is full. One statement that increments only below the limit: however many requests race, at most
 * `limit` get a reservation. For limits that should count only some outcomes (sign-in counts wrong
 * passwords), reserve before the work and releaseRateLimit when the outcome should not count.
 */
export async function reserveRateLimit(
  db: Db,
  rule: RateLimitRule,
  key: string,
  now = new Date(),
): Promise<RateLimitReservation> {
  const w = currentWindow(rule, key, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: w.key, windowStart: w.windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
      setWhere: sql`${rateLimits.count} < ${rule.limit}`,
    })
    .returning({ count: rateLimits.count });
  await trimOldWindows(db, now);
  if (!row) throw rateLimited(w.retryAfter);
  return { key: w.key, windowStart: w.windowStart };
}

/** Gives back one reserved attempt (it stops counting against its window). */
export async function releaseRateLimit(db: Db, reservation: RateLimitReservation): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.key, reservation.key),
        eq(rateLimits.windowStart, reservation.windowStart),
        gt(rateLimits.count, 0),
      ),
    );
}

/** Forgets every attempt counted for `key` (e.g. a client's typos once it has proved who it is). */
export async function clearRateLimit(db: Db, rule: RateLimitRule, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, `${rule.name}:${key}`));
}

/** Old windows are useless; trim them now and then (1 call in 100) instead of running a job for it. */
export async function trimOldWindows(db: Db, now: Date): Promise<void> {
  if (Math.random() < 0.01)
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - DAY_MS)));
}

export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(
    'rate_limited',
    `Too many attempts. Please try again in ${formatWait(retryAfterSeconds)}.`,
    {},
    retryAfterSeconds,
  );
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The key per-IP limits use: an IPv4 address as it is, an IPv6 address by its /64 network (one
 * subscriber usually gets a whole /64, so per-address limits would be trivial to step around).
 */
export function ipRateLimitKey(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mappedV4?.[1]) return mappedV4[1];
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
