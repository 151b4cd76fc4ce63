import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createTestDatabase } from '../../testing/test-database';
import {
  clearRateLimit,
  consumeRateLimit,
  ipRateLimitKey,
  releaseRateLimit,
  reserveRateLimit,
  type RateLimitRule,
} from './rate-limit-service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const db = () => database.db;
let ruleCounter = 0;
const rule = (limit: number, windowSeconds = 15 * 60): RateLimitRule => ({
  name: `test-${++ruleCounter}`,
  limit,
  windowSeconds,
});

/** Runs every call at once and sorts the outcomes. */
async function race(n: number, call: () => Promise<unknown>) {
  const results = await Promise.allSettled(Array.from({ length: n }, call));
  const refused = results.filter(
    (r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.code === 'rate_limited',
  ).length;
  const passed = results.filter((r) => r.status === 'fulfilled').length;
  return { passed, refused, other: n - passed - refused };
}

async function storedCount(r: RateLimitRule, key: string) {
  const rows = await db()
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, `${r.name}:${key}`));
  return rows.reduce((sum, row) => sum + row.count, 0);
}

describe('reserveRateLimit', () => {
  it('lets exactly `limit` of 60 parallel attempts through, and refused attempts are not counted', async () => {
    const r = rule(8);
    expect(await race(60, () => reserveRateLimit(db(), r, 'k'))).toEqual({ passed: 8, refused: 52, other: 0 });
    expect(await storedCount(r, 'k')).toBe(8);
  });

  it('refuses with a Retry-After until the end of the window, then starts again', async () => {
    const r = rule(2, 60);
    const start = new Date('2026-01-01T00:00:10Z');
    await reserveRateLimit(db(), r, 'k', start);
    await reserveRateLimit(db(), r, 'k', start);
    const refusal = await reserveRateLimit(db(), r, 'k', start).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 50,
      message: 'Too many attempts. Please try again in 50 seconds.',
    });
    await expect(reserveRateLimit(db(), r, 'k', new Date('2026-01-01T00:01:00Z'))).resolves.toBeDefined();
  });

  it('a released attempt frees its place; clearing forgets the key', async () => {
    const r = rule(2);
    const first = await reserveRateLimit(db(), r, 'k');
    await reserveRateLimit(db(), r, 'k');
    await expect(reserveRateLimit(db(), r, 'k')).rejects.toMatchObject({ code: 'rate_limited' });
    await releaseRateLimit(db(), first);
    await reserveRateLimit(db(), r, 'k');
    await expect(reserveRateLimit(db(), r, 'k')).rejects.toMatchObject({ code: 'rate_limited' });
    await clearRateLimit(db(), r, 'k');
    expect(await storedCount(r, 'k')).toBe(0);
    await reserveRateLimit(db(), r, 'k');
    // Another key of the same rule was never affected.
    await expect(reserveRateLimit(db(), r, 'other')).resolves.toBeDefined();
  });
});

describe('consumeRateLimit', () => {
  // The per-user budget of password checks while signed in (account-service) relies on this.
  it('lets exactly `limit` of 30 parallel attempts through', async () => {
    const r = rule(10);
    expect(await race(30, () => consumeRateLimit(db(), r, 'user'))).toEqual({ passed: 10, refused: 20, other: 0 });
  });
});

describe('ipRateLimitKey', () => {
  it('keeps IPv4 addresses and groups IPv6 addresses by /64', () => {
    expect(ipRateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipRateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipRateLimitKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(ipRateLimitKey('2001:DB8:AA:BB::99')).toBe('2001:db8:aa:bb::/64');
    expect(ipRateLimitKey('2001:0db8:00aa:00bb:ffff::1%eth0')).toBe('2001:db8:aa:bb::/64');
    expect(ipRateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipRateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(ipRateLimitKey('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
    expect(ipRateLimitKey('not-an-ip')).toBe('not-an-ip');
  });
});
