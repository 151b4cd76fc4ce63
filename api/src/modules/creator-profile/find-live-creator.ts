import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, users } from '../../db/schema';
import { creatorPubliclyVisible } from './creator-visibility';

/** The live creator behind a username (its page public: not hidden, not suspended), or undefined. */
export async function findLiveCreator(db: Db, username: string): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .select({ userId: creatorProfiles.userId })
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
