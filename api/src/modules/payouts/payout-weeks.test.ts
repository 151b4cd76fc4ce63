import { describe, expect, it } from 'vitest';
import { lastTuesday, payoutWeekFor, tuesdayOnOrAfter } from './payout-weeks';

describe('payout weeks (UTC)', () => {
  it('a run on Tuesday 24 November 2026 pays Monday 16 to Sunday 22 November', () => {
    expect(payoutWeekFor(new Date('2026-11-24T10:00:00Z'))).toEqual({
      weekStart: '2026-11-16',
      weekEnd: '2026-11-22',
      endsBefore: new Date('2026-11-23T00:00:00Z'),
      payoutDay: '2026-11-24',
    });
  });

  it('later in the week it is still the same week; on Monday it is the week before last', () => {
    for (const day of [
      '2026-11-24T00:00:00Z',
      '2026-11-25T12:00:00Z',
      '2026-11-29T23:59:59Z',
      '2026-11-30T23:00:00Z',
    ]) {
      expect(payoutWeekFor(new Date(day)).weekStart, day).toBe('2026-11-16');
    }
    expect(payoutWeekFor(new Date('2026-12-01T00:00:00Z')).weekStart).toBe('2026-11-23');
    expect(payoutWeekFor(new Date('2026-11-23T23:59:59Z')).weekStart).toBe('2026-11-09');
  });

  it('finds Tuesdays across month and year ends', () => {
    expect(lastTuesday(new Date('2027-01-03T05:00:00Z')).toISOString()).toBe('2026-12-29T00:00:00.000Z');
    expect(tuesdayOnOrAfter(new Date('2026-12-30T05:00:00Z')).toISOString()).toBe('2027-01-05T00:00:00.000Z');
    expect(tuesdayOnOrAfter(new Date('2026-12-29T23:00:00Z')).toISOString()).toBe('2026-12-29T00:00:00.000Z');
  });
});
