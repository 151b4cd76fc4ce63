/** Deliveries are retried for this long after the event, then given up. */
export const RETRY_WINDOW_MS = 3 * 24 * 3_600_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_DELAY_MS = 12 * 3_600_000;

/** Wait after the nth failed attempt: 30 s, 2 min, 8 min, 32 min, about 2 h, 8.5 h, then every 12 h (exponential, capped). */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 4 ** Math.max(failedAttempts - 1, 0), MAX_RETRY_DELAY_MS);
}

/** When to try again after `failedAttempts` failures, or null: the next try would fall after the 3-day window. */
export function nextAttemptAfterFailure(eventCreatedAt: Date, failedAttempts: number, now: Date): Date | null {
  const next = new Date(now.getTime() + retryDelayMs(failedAttempts));
  return next.getTime() > eventCreatedAt.getTime() + RETRY_WINDOW_MS ? null : next;
}
