import { USERNAME_PATTERN } from '@beabro/shared/data/defaults';
import { isReservedUsername } from '@beabro/shared/data/reserved-usernames';
import type { Db } from '../../db/database';
import { imageUrl } from '../images/images-service';
import { loadTierAmounts, postPublicAt, readableByEveryone, type PostAccessFacts } from '../posts/post-access';
import { findPublishedPost } from '../posts/posts-repository';
import { findPreviewCreator } from './link-preview-repository';

/** Served by the static site; used when a creator has neither a profile nor a cover image. */
export const DEFAULT_PREVIEW_IMAGE_PATH = '/link-preview/default.png';
export const SITE_NAME = 'Be a Bro';

export interface LinkPreview {
  title: string;
  description: string;
  /** Absolute: crawlers do not resolve relative URLs. */
  imageUrl: string;
  imageAlt: string;
  url: string;
  /** og:type: a creator's page is a profile, a post an article. */
  type?: 'profile' | 'article';
}

/**
 * The creator username a page path stands for, when the path is `/{username}` and could be one: a single
 * segment in the username alphabet that is not one of the site's own routes (/help, /auth...).
 */
export function profileUsernameFromPath(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length !== 1) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(segments[0] ?? '');
  } catch {
    return null;
  }
  if (!USERNAME_PATTERN.test(segment) || isReservedUsername(segment)) return null;
  return segment;
}

/**
 * Where a page path names a creator: `/{name}` (profile) or `/{name}/support`. `username` is null when
 * the name can never be a creator's (not a valid username, and not one of the site's own routes,
 * which are all reserved names): such a page is a 404 without asking the database.
 */
export function creatorPageOf(pathname: string): { username: string | null; support: boolean } | null {
  const segments = pathname.split('/').filter(Boolean);
  const support = segments.length === 2 && segments[1] === 'support';
  if (segments.length !== 1 && !support) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(segments[0] ?? '');
  } catch {
    return { username: null, support };
  }
  if (isReservedUsername(segment)) return null;
  return { username: USERNAME_PATTERN.test(segment) ? segment : null, support };
}

/** `/{username}/posts/{slug-or-id}`: a creator's post page (the name is checked like a profile's). */
export function creatorPostPageOf(pathname: string): { username: string; post: string } | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length !== 3 || segments[1] !== 'posts') return null;
  let username: string;
  let post: string;
  try {
    username = decodeURIComponent(segments[0] ?? '');
    post = decodeURIComponent(segments[2] ?? '').toLowerCase();
  } catch {
    return null;
  }
  if (!USERNAME_PATTERN.test(username) || isReservedUsername(username) || post.length === 0 || post.length > 200)
    return null;
  return { username, post };
}

function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).toString();
}

/** The preview of /{username}, or null when no live creator has that username. */
export async function getLinkPreview(db: Db, username: string, origin: string): Promise<LinkPreview | null> {
  const creator = await findPreviewCreator(db, username);
  if (!creator) return null;
  const image = imageUrl(creator.profileImage) ?? imageUrl(creator.coverImage);
  const bio = creator.bio.trim();
  return {
    title: `${creator.displayName} on ${SITE_NAME}`,
    description: bio || `Support ${creator.displayName}'s mission on ${SITE_NAME}.`,
    imageUrl: absoluteUrl(origin, image ?? DEFAULT_PREVIEW_IMAGE_PATH),
    imageAlt: image ? `${creator.displayName} on ${SITE_NAME}` : SITE_NAME,
    url: absoluteUrl(origin, `/${creator.username}`),
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe in text and in quoted attribute values: bios and names are typed by users. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The <title>, description, OpenGraph and Twitter card tags of a preview. */
export function linkPreviewTags(preview: LinkPreview): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(preview.title)}</title>`,
    meta('name', 'description', preview.description),
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
    meta('property', 'og:type', preview.type ?? 'profile'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    meta('property', 'og:image', preview.imageUrl),
    meta('property', 'og:image:alt', preview.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', preview.imageUrl),
    meta('name', 'twitter:image:alt', preview.imageAlt),
  ].join('');
}

/** The shell page with its <title> replaced by the preview's tags (or the tags added to <head>). */
export function injectLinkPreview(html: string, preview: LinkPreview): string {
  const tags = linkPreviewTags(preview);
  // A function replacement, so "$&" or "$1" in a bio is never read as a replacement pattern.
  if (/<title>[\s\S]*?<\/title>/i.test(html)) return html.replace(/<title>[\s\S]*?<\/title>/i, () => tags);
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, () => `${tags}</head>`);
  return `${tags}${html}`;
}

/** Who may read a locked post, in the words of a preview: "Monthly supporters of Pat", "Supporters of Pat at Champion and above". */
function lockedAudience(post: PostAccessFacts, displayName: string, tierName: string | null): string {
  switch (post.audience) {
    case 'tier':
      return tierName ? `Supporters of ${displayName} at ${tierName} and above` : `Some supporters of ${displayName}`;
    case 'monthly':
      return `Monthly supporters of ${displayName}`;
    default:
      return `Supporters of ${displayName}`;
  }
}

/**
 * The preview of `/{username}/posts/{slug-or-id}`, or null when there is no such published post. The excerpt only
 * when everyone may read the post now (mayReadPost for a visitor); a locked post's preview says who can read it,
 * and when everyone can with early access, never a word of its body.
 */
export async function getPostLinkPreview(
  db: Db,
  username: string,
  slugOrId: string,
  origin: string,
  now = new Date(),
): Promise<LinkPreview | null> {
  const creator = await findPreviewCreator(db, username);
  if (!creator) return null;
  const post = await findPublishedPost(db, creator.userId, slugOrId);
  if (!post) return null;
  const image = imageUrl(creator.profileImage) ?? imageUrl(creator.coverImage);
  let description: string;
  if (readableByEveryone(post, now)) {
    description = post.excerpt || `A post by ${creator.displayName} on ${SITE_NAME}.`;
  } else {
    const tierName =
      post.minTierPosition === null
        ? null
        : ((await loadTierAmounts(db, [creator.userId])).get(`${creator.userId}:${post.minTierPosition}`)?.name ??
          null);
    const publicAt = postPublicAt(post);
    const opens = publicAt
      ? ` Everyone can read it from ${publicAt.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}.`
      : '';
    description = `${lockedAudience(post, creator.displayName, tierName)} can read this post.${opens} Support ${creator.displayName} on ${SITE_NAME} to read it.`;
  }
  return {
    title: `${post.title} · ${creator.displayName} on ${SITE_NAME}`,
    description,
    imageUrl: absoluteUrl(origin, image ?? DEFAULT_PREVIEW_IMAGE_PATH),
    imageAlt: image ? `${creator.displayName} on ${SITE_NAME}` : SITE_NAME,
    url: absoluteUrl(origin, `/${creator.username}/posts/${post.slug}`),
    type: 'article',
  };
}
