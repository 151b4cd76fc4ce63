const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const DATE_LONG = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const DAY_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const NUMBER = new Intl.NumberFormat('en-US');

// Dates are shown in UTC: the API groups months, weeks and payouts by UTC, so labels and figures agree.

/** "Jun 5, 2025" from an ISO date or date-time. */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/** "Tuesday, June 10, 2025". */
export function formatLongDate(iso: string): string {
  return DATE_LONG.format(new Date(iso));
}

/** "Jun 5". */
export function formatDayMonth(iso: string): string {
  return DAY_MONTH.format(new Date(iso));
}

/** "Jun 2025". */
export function formatMonthYear(iso: string): string {
  return MONTH_YEAR.format(new Date(iso));
}

export function formatCount(n: number): string {
  return NUMBER.format(n);
}

/** "12.5%" (one decimal, as the API computes it); an em dash when there is nothing to compare with. */
export function formatPercent(percent: number | null): string {
  return percent === null ? '—' : `${percent.toFixed(1).replace(/\.0$/, '')}%`;
}

/** "+12.5%" / "-3%": the sign makes the direction readable without colour. */
export function formatChange(percent: number): string {
  return `${percent > 0 ? '+' : ''}${formatPercent(percent)}`;
}

/** "3 hours ago", "2 days ago", or the date once it is over a week old. */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? '' : 's'} ago`;
  return formatDate(iso);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
