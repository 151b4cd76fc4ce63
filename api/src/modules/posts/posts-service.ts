import { and, eq, ne, sql } from 'drizzle-orm';
import {
  POST_MESSAGES,
  POSTS_PAGE_SIZE,
  type CreatorPostDto,
  type CreatorPostsPageDto,
  type FeedPostDto,
  type PostAudience,
  type PostFeedPageDto,
  type PostsPageDto,
  type PublicPostDto,
  type PublicPostResponse,
} from '@beabro/shared/api-schemas/posts';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import { postImages, posts } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import {
  imageUrl,
  reencodeImage,
  ImageRejectedError,
  saveImage,
  uploadedImagePath,
  deleteUploadedImage,
} from '../images/images-service';
import { CREATOR_PROFILE_MESSAGES } from '@beabro/shared/api-schemas/creator-profile';
import { fieldError } from '../../lib/app-error';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import {
  loadAccessContext,
  mayReadInContext,
  postPublicAt,
  readableByEveryone,
  tierOf,
  type AccessContext,
  type PostReader,
} from './post-access';
import { postImageName, postImageSources, renderPostMarkdown } from './post-markdown';
import {
  countDeliveries,
  findLiveCreatorById,
  findLiveCreatorCard,
  findOwnPost,
  findOwnPostImages,
  findPublishedPost,
  findSlugsLike,
  listFeedPosts,
  listOwnPosts,
  listPublishedPosts,
  lockOwnPost,
  type PostRow,
} from './posts-repository';

/** Creating, editing, pinning, deleting posts and uploading their images: generous for people, short for a script. */
export const POST_CHANGES = {
  name: 'posts:change',
  limit: 30,
  windowSeconds: 60,
} satisfies RateLimitRule;

const CREATOR_NOT_FOUND = 'Creator not found';

async function countPostChange(db: Db, userId: string, now: Date): Promise<void> {
  try {
    await consumeRateLimit(db, POST_CHANGES, userId, now);
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited')
      throw new AppError('rate_limited', POST_MESSAGES.postsLimited, {}, error.retryAfterSeconds);
    throw error;
  }
}

/** The reader a session stands for: the account (with its verified address's guest supports), or a visitor. */
export function readerOf(user: SessionUser | null | undefined): PostReader {
  if (!user) return { kind: 'visitor' };
  return { kind: 'user', userId: user.id, verifiedEmail: user.emailVerified ? user.email.toLowerCase() : null };
}

const pageCount = (total: number) => Math.max(1, Math.ceil(total / POSTS_PAGE_SIZE));
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A post as this reader may see it: the body only when mayReadPost says so. */
export function publicPostDto(post: PostRow, context: AccessContext): PublicPostDto {
  const readable = mayReadInContext(context, post);
  const tier = tierOf(context, post);
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    publishedAt: (post.publishedAt ?? post.createdAt).toISOString(),
    editedAt: iso(post.editedAt),
    pinned: post.pinned,
    audience: post.audience,
    minTierPosition: post.minTierPosition,
    minTierName: post.audience === 'tier' ? (tier?.name ?? null) : null,
    publicAt: iso(postPublicAt(post)),
    readable,
    bodyHtml: readable ? post.bodyHtml : null,
    excerpt: readable ? post.excerpt : null,
  };
}

/** GET /api/creators/:username/posts: published posts, pinned first, then newest. */
export async function getCreatorPostsPage(
  db: Db,
  username: string,
  page: number,
  reader: PostReader,
  now = new Date(),
): Promise<PostsPageDto> {
  const creator = await findLiveCreatorCard(db, username);
  if (!creator) throw new AppError('not_found', CREATOR_NOT_FOUND);
  const { rows, total } = await listPublishedPosts(db, creator.userId, POSTS_PAGE_SIZE, (page - 1) * POSTS_PAGE_SIZE);
  const context = await loadAccessContext(db, reader, [creator.userId], now);
  return { posts: rows.map((p) => publicPostDto(p, context)), page, pageCount: pageCount(total), total };
}

/** GET /api/creators/:username/posts/:post (slug or id): 404 for drafts and for other creators' posts. */
export async function getCreatorPost(
  db: Db,
  username: string,
  slugOrId: string,
  reader: PostReader,
  now = new Date(),
): Promise<PublicPostResponse> {
  const creator = await findLiveCreatorCard(db, username);
  if (!creator) throw new AppError('not_found', CREATOR_NOT_FOUND);
  const post = await findPublishedPost(db, creator.userId, slugOrId);
  if (!post) throw new AppError('not_found', POST_MESSAGES.notFound);
  const context = await loadAccessContext(db, reader, [creator.userId], now);
  return {
    post: publicPostDto(post, context),
    creator: {
      username: creator.username,
      displayName: creator.displayName,
      profileImageUrl: imageUrl(creator.profileImage),
    },
  };
}

/** GET /api/supporter/posts: posts of the creators the user supported, newest first, readable or teasers. */
export async function getSupporterFeed(
  db: Db,
  user: SessionUser,
  page: number,
  now = new Date(),
): Promise<PostFeedPageDto> {
  const reader = readerOf(user);
  const verifiedEmail = reader.kind === 'user' ? reader.verifiedEmail : null;
  const { rows, total } = await listFeedPosts(
    db,
    user.id,
    verifiedEmail,
    POSTS_PAGE_SIZE,
    (page - 1) * POSTS_PAGE_SIZE,
  );
  const context = await loadAccessContext(
    db,
    reader,
    rows.map((r) => r.post.creatorId),
    now,
  );
  const feed: FeedPostDto[] = rows.map((r) => ({
    ...publicPostDto(r.post, context),
    creatorUsername: r.creatorUsername,
    creatorDisplayName: r.creatorDisplayName,
  }));
  return { posts: feed, page, pageCount: pageCount(total), total };
}

function creatorPostDto(post: PostRow, emailedCount: number): CreatorPostDto {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    bodyMarkdown: post.bodyMarkdown,
    bodyHtml: post.bodyHtml,
    status: post.status,
    audience: post.audience,
    minTierPosition: post.minTierPosition,
    earlyAccessDays: post.earlyAccessDays,
    pinned: post.pinned,
    publishedAt: iso(post.publishedAt),
    publicAt: iso(postPublicAt(post)),
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    emailedCount,
  };
}

async function ownCreator(db: Db, user: SessionUser) {
  const creator = await findLiveCreatorById(db, user.id);
  if (!creator) throw new AppError('not_found', POST_MESSAGES.creatorNeeded);
  return creator;
}

async function withCount(db: Db, post: PostRow): Promise<CreatorPostDto> {
  return creatorPostDto(post, (await countDeliveries(db, [post.id])).get(post.id) ?? 0);
}

/** GET /api/creator/posts. */
export async function getOwnPostsPage(db: Db, user: SessionUser, page: number): Promise<CreatorPostsPageDto> {
  const creator = await ownCreator(db, user);
  const { rows, total } = await listOwnPosts(db, creator.userId, POSTS_PAGE_SIZE, (page - 1) * POSTS_PAGE_SIZE);
  const counts = await countDeliveries(
    db,
    rows.map((r) => r.id),
  );
  return {
    posts: rows.map((r) => creatorPostDto(r, counts.get(r.id) ?? 0)),
    page,
    pageCount: pageCount(total),
    total,
  };
}

/** GET /api/creator/posts/:id. */
export async function getOwnPost(db: Db, user: SessionUser, id: string): Promise<CreatorPostDto> {
  const creator = await ownCreator(db, user);
  const post = await findOwnPost(db, creator.userId, id);
  if (!post) throw new AppError('not_found', POST_MESSAGES.notFound);
  return withCount(db, post);
}

const SLUG_MAX_LENGTH = 80;

/** The URL part a title gives: lower-case letters, digits and hyphens ("post" when nothing is left). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
  return slug || 'post';
}

async function freeSlug(db: Db, creatorId: string, title: string, exceptId: string | null): Promise<string> {
  const base = slugify(title);
  const taken = await findSlugsLike(db, creatorId, base, exceptId);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export interface PostFields {
  title: string;
  bodyMarkdown: string;
  audience: PostAudience;
  minTierPosition: number | null;
  earlyAccessDays: number | null;
}

/**
 * The rules between fields (each field alone was checked by the schema), and the body rendered: a tier audience
 * names a tier, early access is for posts only supporters can read first, images are the creator's uploads.
 * Every problem at once, each next to its field.
 */
async function checkedFields(db: Db, creatorId: string, fields: PostFields) {
  const errors: Record<string, string> = {};
  const minTierPosition = fields.audience === 'tier' ? fields.minTierPosition : null;
  if (fields.audience === 'tier' && minTierPosition === null) errors.minTierPosition = POST_MESSAGES.tierInvalid;
  if (fields.audience === 'everyone' && fields.earlyAccessDays !== null)
    errors.earlyAccessDays = POST_MESSAGES.earlyAccessPublic;
  const names = postImageSources(fields.bodyMarkdown).map(postImageName);
  const ours = await findOwnPostImages(
    db,
    creatorId,
    names.filter((n): n is string => n !== null),
  );
  if (names.some((name) => name === null || !ours.has(name))) errors.bodyMarkdown = POST_MESSAGES.imageNotOurs;
  const [first] = Object.values(errors);
  if (first) throw new AppError('validation', first, errors);
  const rendered = renderPostMarkdown(fields.bodyMarkdown, ours);
  return { ...fields, minTierPosition, bodyHtml: rendered.html, excerpt: rendered.excerpt };
}

/** What the first publish queues with the post (in its transaction): the webhook; the emails follow from the outbox job. */
async function onFirstPublish(tx: Db, post: PostRow, creator: { username: string }, origin: string, now: Date) {
  const everyone = readableByEveryone(post, now);
  await enqueueWebhookEvent(tx, {
    creatorId: post.creatorId,
    type: 'post.published',
    key: post.id,
    createdAt: now,
    data: {
      post: {
        id: post.id,
        slug: post.slug,
        title: post.title,
        url: `${origin.replace(/\/+$/, '')}/${creator.username}/posts/${post.slug}`,
        audience: post.audience,
        minTierPosition: post.minTierPosition,
        publishedAt: (post.publishedAt ?? now).toISOString(),
        publicAt: iso(postPublicAt(post)),
        bodyHtml: everyone ? post.bodyHtml : null,
        excerpt: everyone ? post.excerpt : null,
      },
    },
  });
}

/**
 * Retries the write once when a request at the same instant took what a unique index holds (the same slug, or the
 * one pinned place): the second try sees the first's commit.
 */
async function retryOnUnique<T>(constraint: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error, constraint)) throw error;
    return write();
  }
}

const withSlugRetry = <T>(write: () => Promise<T>) => retryOnUnique('posts_creator_slug_key', write);

export interface PostWriteDeps {
  db: Db;
  /** Where links (the webhook's post URL) point. */
  origin: string;
}

/** POST /api/creator/posts: a draft, or published at once with `publish`. */
export async function createPost(
  deps: PostWriteDeps,
  user: SessionUser,
  input: PostFields & { publish: boolean },
  now = new Date(),
): Promise<{ post: CreatorPostDto; published: boolean }> {
  const { db } = deps;
  const creator = await ownCreator(db, user);
  const fields = await checkedFields(db, creator.userId, input);
  await countPostChange(db, user.id, now);
  const post = await withSlugRetry(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(posts)
        .values({
          creatorId: creator.userId,
          slug: await freeSlug(tx, creator.userId, fields.title, null),
          title: fields.title,
          bodyMarkdown: fields.bodyMarkdown,
          bodyHtml: fields.bodyHtml,
          excerpt: fields.excerpt,
          audience: fields.audience,
          minTierPosition: fields.minTierPosition,
          earlyAccessDays: fields.earlyAccessDays,
          status: input.publish ? 'published' : 'draft',
          publishedAt: input.publish ? now : null,
          emailsQueuedAt: input.publish ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('post insert returned nothing');
      if (input.publish) await onFirstPublish(tx, row, creator, deps.origin, now);
      return row;
    }),
  );
  return { post: creatorPostDto(post, 0), published: input.publish };
}

/** PATCH /api/creator/posts/:id: any subset of the fields; `publish: true` publishes a draft (once). */
export async function updatePost(
  deps: PostWriteDeps,
  user: SessionUser,
  id: string,
  patch: Partial<PostFields> & { publish?: boolean | undefined },
  now = new Date(),
): Promise<{ post: CreatorPostDto; published: boolean }> {
  const { db } = deps;
  const creator = await ownCreator(db, user);
  const current = await findOwnPost(db, creator.userId, id);
  if (!current) throw new AppError('not_found', POST_MESSAGES.notFound);
  if (patch.publish === false && current.status === 'published')
    throw new AppError('validation', POST_MESSAGES.cannotUnpublish, { publish: POST_MESSAGES.cannotUnpublish });
  const merged: PostFields = {
    title: patch.title ?? current.title,
    bodyMarkdown: patch.bodyMarkdown ?? current.bodyMarkdown,
    audience: patch.audience ?? current.audience,
    minTierPosition: patch.minTierPosition !== undefined ? patch.minTierPosition : current.minTierPosition,
    earlyAccessDays: patch.earlyAccessDays !== undefined ? patch.earlyAccessDays : current.earlyAccessDays,
  };
  const fields = await checkedFields(db, creator.userId, merged);
  await countPostChange(db, user.id, now);
  const result = await withSlugRetry(() =>
    db.transaction(async (tx) => {
      const locked = await lockOwnPost(tx, creator.userId, id);
      if (!locked) throw new AppError('not_found', POST_MESSAGES.notFound);
      const publishing = patch.publish === true && locked.status === 'draft';
      const wasPublished = locked.status === 'published';
      const changed =
        fields.title !== locked.title ||
        fields.bodyMarkdown !== locked.bodyMarkdown ||
        fields.audience !== locked.audience ||
        fields.minTierPosition !== locked.minTierPosition ||
        fields.earlyAccessDays !== locked.earlyAccessDays;
      const [row] = await tx
        .update(posts)
        .set({
          title: fields.title,
          bodyMarkdown: fields.bodyMarkdown,
          bodyHtml: fields.bodyHtml,
          excerpt: fields.excerpt,
          audience: fields.audience,
          minTierPosition: fields.minTierPosition,
          earlyAccessDays: fields.earlyAccessDays,
          // The URL follows the title while a draft, and stays once published (links to it are out there).
          ...(wasPublished ? {} : { slug: await freeSlug(tx, creator.userId, fields.title, id) }),
          ...(publishing ? { status: 'published' as const, publishedAt: now, emailsQueuedAt: now } : {}),
          ...(wasPublished && changed ? { editedAt: now } : {}),
          updatedAt: now,
        })
        .where(eq(posts.id, id))
        .returning();
      if (!row) throw new AppError('not_found', POST_MESSAGES.notFound);
      if (publishing) await onFirstPublish(tx, row, creator, deps.origin, now);
      return { row, publishing };
    }),
  );
  return { post: await withCount(db, result.row), published: result.publishing };
}

/** DELETE /api/creator/posts/:id. The publish email's unsubscribe links keep working (post_deliveries stay). */
export async function deletePost(db: Db, user: SessionUser, id: string, now = new Date()): Promise<{ deleted: true }> {
  const creator = await ownCreator(db, user);
  if (!(await findOwnPost(db, creator.userId, id))) throw new AppError('not_found', POST_MESSAGES.notFound);
  await countPostChange(db, user.id, now);
  const deleted = await db
    .delete(posts)
    .where(and(eq(posts.id, id), eq(posts.creatorId, creator.userId)))
    .returning({ id: posts.id });
  if (deleted.length === 0) throw new AppError('not_found', POST_MESSAGES.notFound);
  return { deleted: true };
}

/** PUT /api/creator/posts/:id/pin: pinning one unpins the creator's other post (at most one pinned). */
export async function pinPost(
  db: Db,
  user: SessionUser,
  id: string,
  pinned: boolean,
  now = new Date(),
): Promise<CreatorPostDto> {
  const creator = await ownCreator(db, user);
  if (!(await findOwnPost(db, creator.userId, id))) throw new AppError('not_found', POST_MESSAGES.notFound);
  await countPostChange(db, user.id, now);
  const row = await retryOnUnique('posts_creator_pinned_key', () =>
    db.transaction(async (tx) => {
      const locked = await lockOwnPost(tx, creator.userId, id);
      if (!locked) throw new AppError('not_found', POST_MESSAGES.notFound);
      if (pinned)
        await tx
          .update(posts)
          .set({ pinned: false })
          .where(and(eq(posts.creatorId, creator.userId), eq(posts.pinned, true), ne(posts.id, id)));
      const [updated] = await tx
        .update(posts)
        .set({ pinned, updatedAt: sql`${posts.updatedAt}` })
        .where(eq(posts.id, id))
        .returning();
      if (!updated) throw new AppError('not_found', POST_MESSAGES.notFound);
      return updated;
    }),
  );
  return withCount(db, row);
}

/**
 * POST /api/creator/posts/images: the profile image rules (PNG, JPEG or WebP by content, decoded and encoded
 * again without metadata, size limits); the file is recorded as this creator's post image, whose URL the
 * Markdown may then use.
 */
export async function uploadPostImage(
  db: Db,
  dir: string,
  user: SessionUser,
  bytes: Uint8Array,
  now = new Date(),
): Promise<{ url: string }> {
  const creator = await ownCreator(db, user);
  await countPostChange(db, user.id, now);
  let image;
  try {
    image = await reencodeImage(bytes);
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    const message = {
      type: CREATOR_PROFILE_MESSAGES.imageType,
      dimensions: CREATOR_PROFILE_MESSAGES.imageDimensions,
      unreadable: CREATOR_PROFILE_MESSAGES.imageUnreadable,
    }[error.problem];
    throw fieldError('file', message);
  }
  const name = await saveImage(dir, image.bytes, image.type);
  const url = uploadedImagePath(name);
  try {
    await db
      .insert(postImages)
      .values({ name, creatorId: creator.userId, width: image.width, height: image.height, createdAt: now });
  } catch (error) {
    await deleteUploadedImage(dir, url);
    throw error;
  }
  return { url };
}
