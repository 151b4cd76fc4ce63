const MINUTE_MS = 60_000;
const RETRY_BASE_MS = 10 * MINUTE_MS;
/** The longest wait between two tries by default: a poisoned item is still tried once a day. */
export const RETRY_MAX_MS = 24 * 60 * MINUTE_MS;

/**
 * The wait after the nth failed try of a job's item (a recovery, a card detachment): 10 min, 20 min, 40 min, ...
 * doubling up to `maxMs`, so one item that keeps failing does not take a slot in every run.
 */
export function retryDelayMs(failedAttempts: number, maxMs: number = RETRY_MAX_MS): number {
  const doublings = Math.max(0, Math.floor(failedAttempts) - 1);
  // Thirty doublings pass any cap: stopping there keeps the number finite for any count.
  return Math.min(maxMs, RETRY_BASE_MS * 2 ** Math.min(doublings, 30));
}
