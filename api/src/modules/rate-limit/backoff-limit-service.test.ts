import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { createTestDatabase } from '../../testing/test-database';
import {
  backoffDelaySeconds,
  releaseBackoffAttempt,
  reserveBackoffAttempt,
  type BackoffRule,
} from './backoff-limit-service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const db = () => database.db;
let ruleCounter = 0;
const rule = (): BackoffRule => ({
  name: `backoff-test-${++ruleCounter}`,
  freeAttempts: 3,
  baseDelaySeconds: 30,
  maxDelaySeconds: 120,
  forgetAfterSeconds: 3600,
});
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);

/** Retry-After of a refusal, or 0 when the attempt went through. */
async function attempt(r: BackoffRule, seconds: number, key = 'k'): Promise<number> {
  try {
    await reserveBackoffAttempt(db(), r, key, at(seconds));
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') return error.retryAfterSeconds ?? -1;
    throw error;
  }
}

describe('reserveBackoffAttempt', () => {
  it('lets the free attempts through, then doubles the wait up to the maximum', async () => {
    const r = rule();
    expect([await attempt(r, 0), await attempt(r, 1), await attempt(r, 2)]).toEqual([0, 0, 0]);
    // Fourth attempt: 30 s after the third.
    expect(await attempt(r, 3)).toBe(29);
    expect(await attempt(r, 32)).toBe(0);
    // Fifth: 60 s after the fourth; sixth: 120 s; then it stays at the maximum.
    expect(await attempt(r, 91)).toBe(1);
    expect(await attempt(r, 92)).toBe(0);
    expect(await attempt(r, 92 + 119)).toBe(1);
    expect(await attempt(r, 92 + 120)).toBe(0);
    expect(await attempt(r, 212 + 119)).toBe(1);
    expect(await attempt(r, 212 + 120)).toBe(0);
    expect([1, 2, 3, 4, 5, 30].map((n) => backoffDelaySeconds(r, n))).toEqual([0, 0, 30, 60, 120, 120]);
  });

  it('does not count refused attempts, so hammering never makes the wait longer', async () => {
    const r = rule();
    for (const s of [0, 0, 0]) await attempt(r, s);
    for (let s = 1; s < 30; s++) expect(await attempt(r, s)).toBe(30 - s);
    expect(await attempt(r, 30)).toBe(0);
  });

  it('forgets the count after the quiet period, and a released attempt no longer counts', async () => {
    const r = rule();
    for (const s of [0, 0, 0]) await attempt(r, s);
    expect(await attempt(r, 1)).toBeGreaterThan(0);
    expect(await attempt(r, 3600)).toBe(0);
    expect(await attempt(r, 3601)).toBe(0);

    const other = rule();
    const reservations = [];
    for (let i = 0; i < 3; i++) reservations.push(await reserveBackoffAttempt(db(), other, 'k', at(0)));
    expect(await attempt(other, 1)).toBeGreaterThan(0);
    for (const reservation of reservations) await releaseBackoffAttempt(db(), reservation);
    expect(await attempt(other, 2)).toBe(0);
  });

  it('lets exactly the free attempts of 60 parallel ones through', async () => {
    const r = { ...rule(), freeAttempts: 10 };
    const results = await Promise.all(Array.from({ length: 60 }, () => attempt(r, 0)));
    expect(results.filter((s) => s === 0)).toHaveLength(10);
    expect(results.filter((s) => s > 0)).toHaveLength(50);
  });
});
