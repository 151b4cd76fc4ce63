import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export interface RateLimitRule {
  /** e.g. "sign-in:ip" */
  name: string;
  limit: number;
  windowSeconds: number;
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
export async function consumeRateLimits(db: Db, checks: ReadonlyArray<{ rule: RateLimitRule; key: string }>, now = new Date()): Promise<void> {
  const windows = checks.map(({ rule, key }) => {
    const windowMs = rule.windowSeconds * 1000;
    return { rule, key: `${rule.name}:${key}`, windowMs, windowStart: new Date(Math.floor(now.getTime() / windowMs) * windowMs) };
  });
  const rows = await db
    .insert(rateLimits)
    .values(windows.map((w) => ({ key: w.key, windowStart: w.windowStart, count: 1 })))
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ key: rateLimits.key, count: rateLimits.count });
  // Old windows are useless; trim them now and then instead of running a job for it.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)));
  for (const w of windows) {
    const count = rows.find((row) => row.key === w.key)?.count ?? 0;
    if (count > w.rule.limit) {
      const retryAfter = Math.max(1, Math.ceil((w.windowStart.getTime() + w.windowMs - now.getTime()) / 1000));
      throw new AppError('rate_limited', `Too many attempts. Please try again in ${formatWait(retryAfter)}.`, {}, retryAfter);
    }
  }
}

/**
 * Refuses when `key` has already used up the current window, without counting this request: for
 * limits that count only failures (sign-in counts wrong passwords, not successful sign-ins).
 */
export async function assertUnderRateLimit(db: Db, rule: RateLimitRule, key: string, now = new Date()): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, `${rule.name}:${key}`), eq(rateLimits.windowStart, windowStart)));
  if ((row?.count ?? 0) >= rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
    throw new AppError('rate_limited', `Too many attempts. Please try again in ${formatWait(retryAfter)}.`, {}, retryAfter);
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
