const DAY_MS = 86_400_000;

/**
 * `months` calendar months after `anchor` (UTC), with the day clamped to the month's length: a
 * subscription started on 31 January renews on 28 (or 29) February, then on 31 March again,
 * because every period is counted from the anchor rather than from the previous period.
 */
export function addMonthsClamped(anchor: Date, months: number): Date {
  const total = anchor.getUTCMonth() + months;
  const year = anchor.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** Period k of a subscription runs from anchor + k months to anchor + k + 1 months. */
export function subscriptionPeriod(anchor: Date, periodNumber: number): { start: Date; end: Date } {
  return { start: addMonthsClamped(anchor, periodNumber), end: addMonthsClamped(anchor, periodNumber + 1) };
}

/** A failed renewal is retried this many days after the date it was due, then the subscription lapses. */
export const RENEWAL_RETRY_DAYS: readonly number[] = [1, 3, 5];

/** When to retry after `failedAttempts` failures for a period due at `dueAt`; null means give up (lapse). */
export function nextRetryAt(dueAt: Date, failedAttempts: number): Date | null {
  const days = RENEWAL_RETRY_DAYS[failedAttempts - 1];
  return days === undefined ? null : new Date(dueAt.getTime() + days * DAY_MS);
}

/** The number of the period running at `at` (its start <= at < its end), counting up from `from`. */
export function periodNumberAt(anchor: Date, at: Date, from: number): number {
  let periodNumber = from;
  while (subscriptionPeriod(anchor, periodNumber).end <= at) periodNumber++;
  return periodNumber;
}
