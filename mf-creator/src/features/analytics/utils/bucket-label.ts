import type { AnalyticsGranularity, EarningsBucketDto } from '@beabro/shared/api-schemas/analytics';
import { formatDate, formatDayMonth, formatMonthYear } from '../../../lib/format';

function lastDayOfMonth(isoDay: string): string {
  const day = new Date(isoDay);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

/**
 * Short axis label: for days, the month name only where the month starts or changes ("Oct 30", "31",
 * "Nov 1", "2"), so labels fit on a phone; weeks are "Sep 14"; months are "Jun".
 */
export function bucketLabel(
  bucket: EarningsBucketDto,
  granularity: AnalyticsGranularity,
  previous?: EarningsBucketDto,
): string {
  const date = new Date(bucket.start);
  if (granularity === 'month')
    return new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(date);
  // Weeks always name their month: "Sep 14" read alone as "14" would look like a day of the month shown.
  const newMonth = granularity === 'week' || !previous || previous.start.slice(0, 7) !== bucket.start.slice(0, 7);
  return newMonth ? formatDayMonth(bucket.start) : String(date.getUTCDate());
}

/** Full label for tables and screen readers: "Jun 5, 2025", "Jun 2 – Jun 8, 2025" or "Jun 2025". */
export function bucketFullLabel(bucket: EarningsBucketDto, granularity: AnalyticsGranularity): string {
  if (granularity === 'day') return formatDate(bucket.start);
  if (granularity === 'month') {
    // The current month runs only to today: say so rather than suggest a whole month.
    return bucket.end === lastDayOfMonth(bucket.start)
      ? formatMonthYear(bucket.start)
      : `${formatMonthYear(bucket.start)} (to ${formatDayMonth(bucket.end)})`;
  }
  return `${formatDayMonth(bucket.start)} – ${formatDate(bucket.end)}`;
}

export const EARNINGS_TITLES: Record<AnalyticsGranularity, string> = {
  day: 'Daily Earnings',
  week: 'Weekly Earnings',
  month: 'Monthly Earnings',
};
