import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, users } from '../../db/schema';

/** What a shared link's preview shows of a live creator (neither profile nor account deleted), or undefined. */
export async function findPreviewCreator(db: Db, username: string) {
  const [row] = await db
    .select({
      userId: creatorProfiles.userId,
      username: creatorProfiles.username,
      displayName: creatorProfiles.displayName,
      bio: creatorProfiles.bio,
      profileImage: creatorProfiles.profileImage,
      coverImage: creatorProfiles.coverImage,
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(and(eq(creatorProfiles.username, username), isNull(creatorProfiles.deletedAt), isNull(users.deletedAt)));
  return row;
}
