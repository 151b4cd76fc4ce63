import type { PostAudience, PublicPostDto } from '@beabro/shared/api-schemas/posts';

/**
 * The words the public pages use for who can read a post. The same words as `POST_AUDIENCE_LABELS` of the
 * posts schema (a test keeps them equal), written here because that module brings zod, which the public
 * pages do not load.
 */
export const POST_AUDIENCE_WORDS: Readonly<Record<PostAudience, string>> = Object.freeze({
  everyone: 'Everyone',
  supporters: 'All supporters',
  monthly: 'Monthly supporters',
  tier: 'Supporters of a tier and above',
});

/** "Everyone", "All supporters", "Monthly supporters", or "Mission Champion and above" for a tier audience. */
export function postAudienceText(post: Pick<PublicPostDto, 'audience' | 'minTierName'>): string {
  if (post.audience === 'tier' && post.minTierName) return `${post.minTierName} and above`;
  return POST_AUDIENCE_WORDS[post.audience];
}

// In UTC, so the server's HTML and the browser's first render say the same day.
const POST_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Nov 27, 2026": the day a post was published (UTC). */
export function formatPostDate(iso: string): string {
  return POST_DATE.format(new Date(iso));
}
