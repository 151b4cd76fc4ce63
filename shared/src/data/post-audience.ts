/**
 * What the pages and the API say about posts without zod: the public pages (post view, profile) load this
 * module, never the posts schema, and the schema (api-schemas/posts.ts) takes these from here, so each is
 * written once.
 */

/**
 * Who can read a post. everyone: anyone; supporters: anyone with a support that still counts (a one-off
 * support not refunded, or a monthly support paid through today); monthly: a monthly support paid through
 * today; tier: a support that still counts at or above the amount of the tier at `minTierPosition`.
 * The creator always can.
 */
export const POST_AUDIENCES = ['everyone', 'supporters', 'monthly', 'tier'] as const;
export type PostAudience = (typeof POST_AUDIENCES)[number];

/** The words the pages use for each audience (a tier audience adds the tier's name: "Mission Champion and above"). */
export const POST_AUDIENCE_LABELS: Readonly<Record<PostAudience, string>> = Object.freeze({
  everyone: 'Everyone',
  supporters: 'All supporters',
  monthly: 'Monthly supporters',
  tier: 'Supporters of a tier and above',
});

/**
 * The page the unsubscribe link of a post email opens (`?token=...`): it shows what the link stops and a button
 * that calls POST /api/posts/unsubscribe. Under /subscriptions/, a reserved name, like the receipt's cancel link.
 */
export const POST_UNSUBSCRIBE_PAGE_PATH = '/subscriptions/unsubscribe';

/** "Everyone", "All supporters", "Monthly supporters", or "Mission Champion and above" for a tier audience. */
export function postAudienceText(post: { audience: PostAudience; minTierName: string | null }): string {
  if (post.audience === 'tier' && post.minTierName) return `${post.minTierName} and above`;
  return POST_AUDIENCE_LABELS[post.audience];
}

// In UTC, so the server's HTML and the browser's first render say the same day.
const POST_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Nov 27, 2026": the day a post was published (UTC). */
export function formatPostDate(iso: string): string {
  return POST_DATE.format(new Date(iso));
}
