const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A date as every email prints it: "December 5, 2026 (UTC)". */
export function formatEmailDate(date: Date): string {
  return `${DATE.format(date)} (UTC)`;
}
