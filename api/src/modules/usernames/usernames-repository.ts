import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles } from '../../db/schema';

/**
 * Who holds `username`, or undefined when nobody does. Deleted profiles count: their usernames are
 * never handed out again, so an old link can never lead to somebody else.
 */
export async function findUsernameOwner(db: Db, username: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: creatorProfiles.userId })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.username, username));
  return row?.userId;
}
