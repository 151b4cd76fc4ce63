/**
 * The conversion rate a creator sees on the dashboard and in analytics, one definition for both.
 *
 * Page views are stored as daily counts of visits (one per visitor and page per half hour; bots, link
 * previews and the creator's own visits left out), so a visit cannot be linked to the support that
 * followed it. What the data does support: people who started supporting in the period, each counted
 * once (a second support or a monthly renewal is not a new conversion), per visit to the support page.
 * A few supports arrive without a counted visit (two people on one connection within half an hour, a
 * visit before the period began), so the share is capped at 100%.
 */
export function conversionRatePercent(newSupporters: number, supportPageVisits: number): number | null {
  if (supportPageVisits === 0) return null;
  return Math.min(100, Math.round((newSupporters * 1000) / supportPageVisits) / 10);
}

/** The explanation shown next to the rate. */
export const CONVERSION_RATE_EXPLANATION =
  'People who supported you in this period, each counted once (repeat supports and monthly renewals are not counted again), divided by visits to your support page. A visitor counts once per half hour; bots and your own visits are left out. It never goes above 100%.';
