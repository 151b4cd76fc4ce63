import { describe, expect, it } from 'vitest';
import { analyticsWindow, earningsBuckets, windowDays } from './analytics-period';

const NOW = new Date('2025-06-15T10:30:00Z'); // a Sunday

describe('analyticsWindow', () => {
  it('7d, 30d and 90d are today and the days before it, whole UTC days, with the same span before', () => {
    const week = analyticsWindow('7d', NOW);
    expect(windowDays(week)).toEqual({
      start: '2025-06-09',
      end: '2025-06-15',
      previousStart: '2025-06-02',
      previousEnd: '2025-06-08',
    });
    expect(week.end.toISOString()).toBe('2025-06-16T00:00:00.000Z');
    expect(week.granularity).toBe('day');
    expect(windowDays(analyticsWindow('30d', NOW))).toEqual({
      start: '2025-05-17',
      end: '2025-06-15',
      previousStart: '2025-04-17',
      previousEnd: '2025-05-16',
    });
    const quarter = analyticsWindow('90d', NOW);
    expect(windowDays(quarter)).toEqual({
      start: '2025-03-18',
      end: '2025-06-15',
      previousStart: '2024-12-18',
      previousEnd: '2025-03-17',
    });
    expect(quarter.granularity).toBe('week');
  });

  it('1y is this calendar month and the eleven before it, compared with the twelve before those', () => {
    const year = analyticsWindow('1y', NOW);
    expect(windowDays(year)).toEqual({
      start: '2024-07-01',
      end: '2025-06-15',
      previousStart: '2023-07-01',
      previousEnd: '2024-06-30',
    });
    expect(year.granularity).toBe('month');
    // January: the year before starts in February of the previous year.
    expect(windowDays(analyticsWindow('1y', new Date('2025-01-03T00:00:00Z'))).start).toBe('2024-02-01');
  });
});

describe('earningsBuckets', () => {
  const days = [
    { day: '2025-06-09', grossCents: 500, netCents: 400, supports: 1 },
    { day: '2025-06-15', grossCents: 2_500, netCents: 2_300, supports: 2 },
    { day: '2025-03-18', grossCents: 1_000, netCents: 900, supports: 1 },
    { day: '2024-07-01', grossCents: 700, netCents: 600, supports: 1 },
  ];

  it('7d: one bucket per day, empty days included', () => {
    const buckets = earningsBuckets(analyticsWindow('7d', NOW), days);
    expect(buckets).toHaveLength(7);
    expect(buckets[0]).toEqual({ start: '2025-06-09', end: '2025-06-09', grossCents: 500, netCents: 400, supports: 1 });
    expect(buckets[3]).toEqual({ start: '2025-06-12', end: '2025-06-12', grossCents: 0, netCents: 0, supports: 0 });
    expect(buckets[6]).toMatchObject({ start: '2025-06-15', grossCents: 2_500 });
  });

  it('30d: thirty daily buckets', () => {
    expect(earningsBuckets(analyticsWindow('30d', NOW), days)).toHaveLength(30);
  });

  it('90d: Monday-to-Sunday weeks, the first clipped to the period start', () => {
    const buckets = earningsBuckets(analyticsWindow('90d', NOW), days);
    // 2025-03-18 is a Tuesday: its week is clipped to Tuesday-Sunday.
    expect(buckets[0]).toEqual({
      start: '2025-03-18',
      end: '2025-03-23',
      grossCents: 1_000,
      netCents: 900,
      supports: 1,
    });
    expect(buckets[1]).toMatchObject({ start: '2025-03-24', end: '2025-03-30' });
    expect(buckets.at(-1)).toEqual({
      start: '2025-06-09',
      end: '2025-06-15',
      grossCents: 3_000,
      netCents: 2_700,
      supports: 3,
    });
    expect(buckets).toHaveLength(13);
    expect(buckets.reduce((sum, b) => sum + b.supports, 0)).toBe(4);
  });

  it('1y: twelve calendar months, the last one up to today', () => {
    const buckets = earningsBuckets(analyticsWindow('1y', NOW), days);
    expect(buckets).toHaveLength(12);
    expect(buckets[0]).toEqual({ start: '2024-07-01', end: '2024-07-31', grossCents: 700, netCents: 600, supports: 1 });
    expect(buckets[7]).toMatchObject({ start: '2025-02-01', end: '2025-02-28' });
    expect(buckets[11]).toEqual({
      start: '2025-06-01',
      end: '2025-06-15',
      grossCents: 3_000,
      netCents: 2_700,
      supports: 3,
    });
  });
});
