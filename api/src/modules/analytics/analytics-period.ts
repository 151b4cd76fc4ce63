import type {
  AnalyticsGranularity,
  AnalyticsPeriodValue,
  EarningsBucketDto,
} from '@beabro/shared/api-schemas/analytics';

const DAY_MS = 86_400_000;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const startOfUtcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

export interface AnalyticsWindow {
  period: AnalyticsPeriodValue;
  /** 00:00 UTC of the period's first day. */
  start: Date;
  /** 00:00 UTC after today (exclusive): the period includes all of today, so a support made a moment ago by a clock a little ahead still counts. */
  end: Date;
  /** The same span just before `start`. */
  previousStart: Date;
  granularity: AnalyticsGranularity;
}

const DAYS: Record<Exclude<AnalyticsPeriodValue, '1y'>, number> = { '7d': 7, '30d': 30, '90d': 90 };
const MONTHS_IN_YEAR_PERIOD = 12;

/**
 * The period ending now, in whole UTC days: 7d/30d/90d are today and the days before it; 1y is this
 * calendar month and the 11 before it, so its monthly bars are whole months.
 */
export function analyticsWindow(period: AnalyticsPeriodValue, now: Date): AnalyticsWindow {
  const today = startOfUtcDay(now);
  const end = addDays(today, 1);
  if (period === '1y') {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS_IN_YEAR_PERIOD - 1), 1));
    const previousStart = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (2 * MONTHS_IN_YEAR_PERIOD - 1), 1),
    );
    return { period, start, end, previousStart, granularity: 'month' };
  }
  const days = DAYS[period];
  const start = addDays(today, -(days - 1));
  return { period, start, end, previousStart: addDays(start, -days), granularity: period === '90d' ? 'week' : 'day' };
}

/** The period's first and last UTC days, and the previous period's (inclusive, "YYYY-MM-DD"). */
export function windowDays(window: AnalyticsWindow) {
  return {
    start: isoDay(window.start),
    end: isoDay(addDays(window.end, -1)),
    previousStart: isoDay(window.previousStart),
    previousEnd: isoDay(addDays(window.start, -1)),
  };
}

/** Monday of the ISO week holding `day`. */
function mondayOf(day: Date): Date {
  return addDays(day, -((day.getUTCDay() + 6) % 7));
}

function nextBucketStart(bucketStart: Date, granularity: AnalyticsGranularity): Date {
  if (granularity === 'day') return addDays(bucketStart, 1);
  if (granularity === 'week') return addDays(mondayOf(bucketStart), 7);
  return new Date(Date.UTC(bucketStart.getUTCFullYear(), bucketStart.getUTCMonth() + 1, 1));
}

export interface DayTotals {
  day: string;
  grossCents: number;
  netCents: number;
  supports: number;
}

/**
 * Every bucket of the period, empty ones included (a chart with gaps would hide quiet days), each clipped
 * to the period: the first week of 90d may start mid-week, the current one ends today.
 */
export function earningsBuckets(window: AnalyticsWindow, days: readonly DayTotals[]): EarningsBucketDto[] {
  const lastDay = addDays(window.end, -1);
  const buckets: EarningsBucketDto[] = [];
  for (let start = window.start; start <= lastDay; start = nextBucketStart(start, window.granularity)) {
    const next = nextBucketStart(start, window.granularity);
    const end = next > lastDay ? lastDay : addDays(next, -1);
    const from = isoDay(start);
    const to = isoDay(end);
    const inside = days.filter((d) => d.day >= from && d.day <= to);
    buckets.push({
      start: from,
      end: to,
      grossCents: inside.reduce((sum, d) => sum + d.grossCents, 0),
      netCents: inside.reduce((sum, d) => sum + d.netCents, 0),
      supports: inside.reduce((sum, d) => sum + d.supports, 0),
    });
  }
  return buckets;
}
