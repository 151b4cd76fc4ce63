import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, users } from '../../db/schema';

/** The live creator behind a username, or undefined. */
export async function findLiveCreator(db: Db, username: string): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .select({ userId: creatorProfiles.userId })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(and(eq(creatorProfiles.username, username), isNull(creatorProfiles.deletedAt), isNull(users.deletedAt)));
  return row;
}
