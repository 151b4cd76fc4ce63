import { describe, expect, it } from 'vitest';
import { addMonthsClamped, nextRetryAt, RENEWAL_RETRY_DAYS, subscriptionPeriod } from './subscription-periods';

const iso = (date: Date) => date.toISOString();

describe('addMonthsClamped', () => {
  it('keeps the day and time of the anchor', () => {
    expect(iso(addMonthsClamped(new Date('2026-03-15T10:20:30.400Z'), 1))).toBe('2026-04-15T10:20:30.400Z');
    expect(iso(addMonthsClamped(new Date('2026-11-15T00:00:00Z'), 2))).toBe('2027-01-15T00:00:00.000Z');
  });

  it('clamps to the end of shorter months, and comes back to the anchor day after them', () => {
    const anchor = new Date('2026-01-31T12:00:00Z');
    expect(iso(addMonthsClamped(anchor, 1))).toBe('2026-02-28T12:00:00.000Z');
    expect(iso(addMonthsClamped(anchor, 2))).toBe('2026-03-31T12:00:00.000Z');
    expect(iso(addMonthsClamped(anchor, 3))).toBe('2026-04-30T12:00:00.000Z');
    expect(iso(addMonthsClamped(new Date('2028-01-30T00:00:00Z'), 1))).toBe('2028-02-29T00:00:00.000Z');
  });

  it('periods follow each other without gaps', () => {
    const anchor = new Date('2026-01-31T08:00:00Z');
    for (let k = 0; k < 24; k++)
      expect(iso(subscriptionPeriod(anchor, k).end)).toBe(iso(subscriptionPeriod(anchor, k + 1).start));
  });
});

describe('nextRetryAt', () => {
  it('retries 1, 3 and 5 days after the first attempt, then gives up', () => {
    const first = new Date('2026-05-01T00:00:00Z');
    expect(RENEWAL_RETRY_DAYS).toEqual([1, 3, 5]);
    expect(iso(nextRetryAt(first, 1) as Date)).toBe('2026-05-02T00:00:00.000Z');
    expect(iso(nextRetryAt(first, 2) as Date)).toBe('2026-05-04T00:00:00.000Z');
    expect(iso(nextRetryAt(first, 3) as Date)).toBe('2026-05-06T00:00:00.000Z');
    expect(nextRetryAt(first, 4)).toBeNull();
  });
});
