import { z } from 'zod';
import {
  POST_AUDIENCE_LABELS,
  POST_AUDIENCES,
  POST_UNSUBSCRIBE_PAGE_PATH,
  type PostAudience,
} from '@beabro/shared/data/post-audience';

/**
 * Posts: what a creator writes to everyone or to their supporters. The API decides for every read who may
 * read a post's body (API, server-rendered page, email, link preview); a reader who may not gets a teaser
 * (title, date, audience) and never the body.
 */

export const POST_TITLE_MAX_LENGTH = 120;
/** The Markdown as the creator typed it. */
export const POST_BODY_MAX_LENGTH = 20_000;
/** Early access: supporters first, everyone this many days after publishing. */
export const POST_EARLY_ACCESS_MAX_DAYS = 30;
/** Posts per page (public list, the creator's list, the supporter feed). */
export const POSTS_PAGE_SIZE = 10;
export const POSTS_MAX_PAGE = 10_000;

export const POST_MESSAGES = {
  titleRequired: 'Give your post a title',
  titleTooLong: `Title must be ${POST_TITLE_MAX_LENGTH} characters or fewer`,
  bodyRequired: 'Write something in your post',
  bodyTooLong: `Post must be ${POST_BODY_MAX_LENGTH.toLocaleString('en-US')} characters or fewer`,
  audienceInvalid: 'Choose who can read this post',
  tierInvalid: 'Choose one of your support tiers',
  earlyAccessInvalid: `Early access lasts 1 to ${POST_EARLY_ACCESS_MAX_DAYS} days`,
  earlyAccessPublic: 'Early access is for posts only supporters can read first',
  imageNotOurs: 'Images must be uploaded with the image button',
  notFound: 'Post not found',
  postsLimited: 'Too many post changes at once. Try again in a minute.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  cannotUnpublish: 'A published post cannot go back to draft',
  creatorNeeded: 'Create your creator page before writing posts',
} as const;

// Written once, without zod, for the public pages: the audiences, their words, the unsubscribe page.
export { POST_AUDIENCE_LABELS, POST_AUDIENCES, POST_UNSUBSCRIBE_PAGE_PATH, type PostAudience };
export const postAudienceSchema = z.enum(POST_AUDIENCES, { error: POST_MESSAGES.audienceInvalid });

export const POST_STATUSES = ['draft', 'published'] as const;
export const postStatusSchema = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof postStatusSchema>;

const isoDate = z.iso.datetime({ offset: true });

/** A post as a reader sees it: the body only when they may read it. */
export const publicPostSchema = z.object({
  id: z.uuid(),
  /** The URL part: `/{username}/posts/{slug}` (the id works there too). */
  slug: z.string(),
  title: z.string(),
  publishedAt: isoDate,
  /** Set when the post was edited after publishing. */
  editedAt: isoDate.nullable(),
  pinned: z.boolean(),
  audience: postAudienceSchema,
  /** For a tier audience: the tier's position and its current name; null otherwise. */
  minTierPosition: z.number().int().min(0).max(3).nullable(),
  minTierName: z.string().nullable(),
  /** Early access: everyone may read it from this instant; null when there is no early access. */
  publicAt: isoDate.nullable(),
  /** False: `bodyHtml` and `excerpt` are null and the page shows the locked teaser. */
  readable: z.boolean(),
  /** Sanitized HTML rendered on the server from the Markdown; null when not readable. */
  bodyHtml: z.string().nullable(),
  /** Plain text, at most 200 characters, for lists and link previews; null when not readable. */
  excerpt: z.string().nullable(),
});
export type PublicPostDto = z.infer<typeof publicPostSchema>;

export const postsPageSchema = z.object({
  posts: z.array(publicPostSchema),
  page: z.number().int().min(1),
  pageCount: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type PostsPageDto = z.infer<typeof postsPageSchema>;

export const postsQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int({ error: 'Page must be a whole number' })
      .min(1, { error: 'Page must be at least 1' })
      .max(POSTS_MAX_PAGE, { error: `Page must be at most ${POSTS_MAX_PAGE}` })
      .default(1),
  })
  .strict();

/** GET /api/creators/:username/posts/:post (slug or id). */
export const creatorPostParamsSchema = z.object({
  username: z.string().trim().toLowerCase().min(1).max(100),
  post: z.string().trim().toLowerCase().min(1).max(200),
});
export const publicPostResponseSchema = z.object({
  post: publicPostSchema,
  creator: z.object({ username: z.string(), displayName: z.string(), profileImageUrl: z.string().nullable() }),
});
export type PublicPostResponse = z.infer<typeof publicPostResponseSchema>;

/** One entry of the supporter dashboard's feed: a post (readable or a teaser) with its creator. */
export const feedPostSchema = publicPostSchema.extend({
  creatorUsername: z.string(),
  creatorDisplayName: z.string(),
});
/** GET /api/supporter/posts: posts of the creators the signed-in user supports, newest first. */
export const postFeedPageSchema = z.object({
  posts: z.array(feedPostSchema),
  page: z.number().int().min(1),
  pageCount: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type FeedPostDto = z.infer<typeof feedPostSchema>;
export type PostFeedPageDto = z.infer<typeof postFeedPageSchema>;

/** A post as its creator sees it in their dashboard (drafts too, always with the Markdown). */
export const creatorPostSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  bodyMarkdown: z.string(),
  bodyHtml: z.string(),
  status: postStatusSchema,
  audience: postAudienceSchema,
  minTierPosition: z.number().int().min(0).max(3).nullable(),
  earlyAccessDays: z.number().int().min(1).max(POST_EARLY_ACCESS_MAX_DAYS).nullable(),
  pinned: z.boolean(),
  publishedAt: isoDate.nullable(),
  publicAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** People the publish email went (or is going) to; 0 for drafts. */
  emailedCount: z.number().int().min(0),
});
export type CreatorPostDto = z.infer<typeof creatorPostSchema>;
export const creatorPostResponseSchema = z.object({ post: creatorPostSchema });
export const creatorPostsPageSchema = z.object({
  posts: z.array(creatorPostSchema),
  page: z.number().int().min(1),
  pageCount: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type CreatorPostsPageDto = z.infer<typeof creatorPostsPageSchema>;

/**
 * POST /api/creator/posts (create) and PATCH /api/creator/posts/:id (any subset). `publish: true` publishes
 * a draft (once: the email and the `post.published` webhook go out on that first publish only); a published
 * post cannot go back to draft. Images are Markdown images whose URL came from POST /api/creator/posts/images.
 */
export const postFieldsSchema = z.object({
  title: z
    .string({ error: POST_MESSAGES.titleRequired })
    .trim()
    .min(1, { error: POST_MESSAGES.titleRequired })
    .max(POST_TITLE_MAX_LENGTH, { error: POST_MESSAGES.titleTooLong }),
  bodyMarkdown: z
    .string({ error: POST_MESSAGES.bodyRequired })
    .max(POST_BODY_MAX_LENGTH, { error: POST_MESSAGES.bodyTooLong })
    .refine((body) => body.trim().length > 0, { error: POST_MESSAGES.bodyRequired }),
  audience: postAudienceSchema,
  minTierPosition: z
    .number({ error: POST_MESSAGES.tierInvalid })
    .int({ error: POST_MESSAGES.tierInvalid })
    .min(0, { error: POST_MESSAGES.tierInvalid })
    .max(3, { error: POST_MESSAGES.tierInvalid })
    .nullable()
    .default(null),
  earlyAccessDays: z
    .number({ error: POST_MESSAGES.earlyAccessInvalid })
    .int({ error: POST_MESSAGES.earlyAccessInvalid })
    .min(1, { error: POST_MESSAGES.earlyAccessInvalid })
    .max(POST_EARLY_ACCESS_MAX_DAYS, { error: POST_MESSAGES.earlyAccessInvalid })
    .nullable()
    .default(null),
});
export const createPostRequestSchema = postFieldsSchema.extend({ publish: z.boolean().default(false) }).strict();
export const updatePostRequestSchema = postFieldsSchema.partial().extend({ publish: z.boolean().optional() }).strict();
export type CreatePostRequest = z.input<typeof createPostRequestSchema>;
export type UpdatePostRequest = z.input<typeof updatePostRequestSchema>;
export const postIdParamsSchema = z.object({ id: z.uuid({ error: POST_MESSAGES.notFound }) });
/** PUT /api/creator/posts/:id/pin: pinning one unpins the creator's other post. */
export const pinPostRequestSchema = z.object({ pinned: z.boolean() }).strict();
/** POST /api/creator/posts/images (multipart, the profile image rules): the URL to put in the Markdown. */
export const postImageResponseSchema = z.object({ url: z.string() });

/** DELETE /api/creator/posts/:id. */
export const deletePostResponseSchema = z.object({ deleted: z.literal(true) });

/** POST /api/posts/unsubscribe: the token from a post email's link; no sign-in needed. */
export const postUnsubscribeRequestSchema = z
  .object({ token: z.string({ error: POST_MESSAGES.unsubscribeInvalid }).trim().min(1).max(300) })
  .strict();
export const postUnsubscribeResponseSchema = z.object({
  unsubscribed: z.literal(true),
  creatorDisplayName: z.string(),
});
