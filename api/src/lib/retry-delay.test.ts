import { describe, expect, it } from 'vitest';
import { RETRY_MAX_MS, retryDelayMs } from './retry-delay';

const MINUTE = 60_000;

describe('retryDelayMs', () => {
  it('waits 10 minutes after the first failure, then doubles', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([10 * MINUTE, 20 * MINUTE, 40 * MINUTE, 80 * MINUTE]);
  });

  it('never waits longer than a day, however many failures', () => {
    expect(retryDelayMs(8)).toBe(1_280 * MINUTE);
    expect(retryDelayMs(9)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(1_000)).toBe(24 * 60 * MINUTE);
  });

  it('takes a lower cap when given one', () => {
    expect(retryDelayMs(7, 12 * 60 * MINUTE)).toBe(640 * MINUTE);
    expect(retryDelayMs(8, 12 * 60 * MINUTE)).toBe(12 * 60 * MINUTE);
  });

  it('treats zero or fewer failures as the first', () => {
    expect(retryDelayMs(0)).toBe(10 * MINUTE);
    expect(retryDelayMs(-3)).toBe(10 * MINUTE);
  });
});
