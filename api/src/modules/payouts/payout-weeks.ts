const DAY_MS = 86_400_000;
/** getUTCDay() of Tuesday. */
const TUESDAY = 2;

export interface PayoutWeek {
  /** Monday, YYYY-MM-DD (UTC). */
  weekStart: string;
  /** Sunday, YYYY-MM-DD. */
  weekEnd: string;
  /** Monday 00:00 UTC after the week: supports before this instant belong to it or earlier weeks. */
  endsBefore: Date;
  /** The Tuesday its payout runs. */
  payoutDay: string;
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** The week paid on a given Tuesday: the Monday to Sunday just before it. */
export function weekPaidOn(tuesday: Date): PayoutWeek {
  const day = startOfUtcDay(tuesday);
  return {
    weekStart: isoDay(new Date(day.getTime() - 8 * DAY_MS)),
    weekEnd: isoDay(new Date(day.getTime() - 2 * DAY_MS)),
    endsBefore: new Date(day.getTime() - DAY_MS),
    payoutDay: isoDay(day),
  };
}

/** The most recent Tuesday (00:00 UTC) at or before `now`. */
export function lastTuesday(now: Date): Date {
  const day = startOfUtcDay(now);
  return new Date(day.getTime() - ((day.getUTCDay() - TUESDAY + 7) % 7) * DAY_MS);
}

/** The first Tuesday (00:00 UTC) on or after `date`'s day. */
export function tuesdayOnOrAfter(date: Date): Date {
  const day = startOfUtcDay(date);
  return new Date(day.getTime() + ((TUESDAY - day.getUTCDay() + 7) % 7) * DAY_MS);
}

/**
 * The week a payout run at `now` settles: the Monday-Sunday before the latest Tuesday. Run on a
 * Tuesday it is the week just ended; run later in the week (catching up) it is still that week,
 * so re-runs change nothing; on a Monday it is the week before last, never the week just ending.
 */
export function payoutWeekFor(now: Date): PayoutWeek {
  return weekPaidOn(lastTuesday(now));
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
