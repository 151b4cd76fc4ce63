import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, postDeliveries, postImages, posts, supports, users } from '../../db/schema';
import type { PostImageSize } from './post-markdown';
import { givenBy } from '../ledger/supports-given-by';
import { creatorPubliclyVisible } from '../creator-profile/creator-visibility';

export type PostRow = typeof posts.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A live creator (profile and account not deleted, page not hidden nor suspended) by username, with what a post's page shows of them. */
export async function findLiveCreatorCard(db: Db, username: string) {
  const [row] = await db
    .select({
      userId: creatorProfiles.userId,
      username: creatorProfiles.username,
      displayName: creatorProfiles.displayName,
      profileImage: creatorProfiles.profileImage,
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(
      and(
        eq(creatorProfiles.username, username),
        isNull(creatorProfiles.deletedAt),
        isNull(users.deletedAt),
        creatorPubliclyVisible,
      ),
    );
  return row;
}

/** A live creator by id (the signed-in creator's own page). */
export async function findLiveCreatorById(db: Db, userId: string) {
  const [row] = await db
    .select({
      userId: creatorProfiles.userId,
      username: creatorProfiles.username,
      displayName: creatorProfiles.displayName,
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(and(eq(creatorProfiles.userId, userId), isNull(creatorProfiles.deletedAt), isNull(users.deletedAt)));
  return row;
}

/** The creator's published post by slug or id, or undefined (drafts, hidden posts and other creators' posts are not found). */
export async function findPublishedPost(db: Db, creatorId: string, slugOrId: string): Promise<PostRow | undefined> {
  const match: SQL = UUID.test(slugOrId)
    ? (or(eq(posts.slug, slugOrId), eq(posts.id, slugOrId)) as SQL)
    : eq(posts.slug, slugOrId);
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.creatorId, creatorId), eq(posts.status, 'published'), isNull(posts.hiddenAt), match))
    // A slug that happens to be another post's id: the slug wins.
    .orderBy(sql`${posts.slug} = ${slugOrId} desc`)
    .limit(1);
  return row;
}

/** One page of a creator's published posts: pinned first, then newest. */
export async function listPublishedPosts(db: Db, creatorId: string, limit: number, offset: number) {
  const where = and(eq(posts.creatorId, creatorId), eq(posts.status, 'published'), isNull(posts.hiddenAt));
  const rows = await db
    .select()
    .from(posts)
    .where(where)
    .orderBy(desc(posts.pinned), desc(posts.publishedAt), desc(posts.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(posts).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The creators a user has supported (signed in, or as a guest with their verified address), live ones only. */
function supportedCreatorIds(userId: string, verifiedEmail: string | null) {
  return sql`(select distinct ${supports.creatorId} from ${supports} where ${givenBy(userId, verifiedEmail)})`;
}

/** One page of the supporter feed: published posts of the creators the user supported, newest first. */
export async function listFeedPosts(
  db: Db,
  userId: string,
  verifiedEmail: string | null,
  limit: number,
  offset: number,
) {
  const where = and(
    eq(posts.status, 'published'),
    isNull(posts.hiddenAt),
    sql`${posts.creatorId} in ${supportedCreatorIds(userId, verifiedEmail)}`,
    isNull(creatorProfiles.deletedAt),
    isNull(users.deletedAt),
    creatorPubliclyVisible,
  );
  const rows = await db
    .select({ post: posts, creatorUsername: creatorProfiles.username, creatorDisplayName: creatorProfiles.displayName })
    .from(posts)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, posts.creatorId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(where)
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(posts)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, posts.creatorId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One page of the creator's own posts (drafts too): pinned first, then the newest published or edited. */
export async function listOwnPosts(db: Db, creatorId: string, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(posts)
    .where(eq(posts.creatorId, creatorId))
    .orderBy(desc(posts.pinned), sql`coalesce(${posts.publishedAt}, ${posts.updatedAt}) desc`, desc(posts.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(posts).where(eq(posts.creatorId, creatorId));
  return { rows, total: total?.n ?? 0 };
}

export async function findOwnPost(db: Db, creatorId: string, id: string): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.creatorId, creatorId)));
  return row;
}

/** The post, locked for an edit (undefined: not the creator's). */
export async function lockOwnPost(tx: Db, creatorId: string, id: string): Promise<PostRow | undefined> {
  const [row] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.creatorId, creatorId)))
    .for('update');
  return row;
}

/** How many people each post's publish email went (or is going) to. */
export async function countDeliveries(db: Db, postIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (postIds.length === 0) return counts;
  const rows = await db
    .select({ postId: postDeliveries.postId, n: count() })
    .from(postDeliveries)
    .where(inArray(postDeliveries.postId, [...postIds]))
    .groupBy(postDeliveries.postId);
  for (const row of rows) if (row.postId) counts.set(row.postId, row.n);
  return counts;
}

/** Slugs of the creator's posts starting with `base` (to pick a free one). */
export async function findSlugsLike(db: Db, creatorId: string, base: string, exceptId: string | null) {
  const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ slug: posts.slug })
    .from(posts)
    .where(
      and(
        eq(posts.creatorId, creatorId),
        sql`${posts.slug} like ${`${escaped}%`}`,
        exceptId ? sql`${posts.id} <> ${exceptId}::uuid` : undefined,
      ),
    );
  return new Set(rows.map((r) => r.slug));
}

/**
 * The names among `names` that are post images uploaded by this creator, each with its size in pixels (null
 * for an image uploaded before sizes were recorded).
 */
export async function findOwnPostImages(
  db: Db,
  creatorId: string,
  names: readonly string[],
): Promise<Map<string, PostImageSize | null>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ name: postImages.name, width: postImages.width, height: postImages.height })
    .from(postImages)
    .where(and(eq(postImages.creatorId, creatorId), inArray(postImages.name, [...names])));
  return new Map(
    rows.map((r) => [r.name, r.width !== null && r.height !== null ? { width: r.width, height: r.height } : null]),
  );
}
