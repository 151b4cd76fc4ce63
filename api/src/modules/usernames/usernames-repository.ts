import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, formerUsernames, users } from '../../db/schema';

/**
 * Who holds `username`, or undefined when nobody does. Deleted profiles count: their usernames are
 * never handed out again, so an old link can never lead to somebody else. A creator's former usernames
 * count too (they redirect to the creator's current page): only that creator may take one back.
 */
export async function findUsernameOwner(db: Db, username: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: creatorProfiles.userId })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.username, username));
  if (row) return row.userId;
  const [former] = await db
    .select({ userId: formerUsernames.userId })
    .from(formerUsernames)
    .where(eq(formerUsernames.username, username));
  return former?.userId;
}

/** Keeps `username` for its creator after a change (old links redirect); taking a former one back frees it. */
export async function recordUsernameChange(
  db: Db,
  userId: string,
  oldUsername: string,
  newUsername: string,
  now: Date,
): Promise<void> {
  await db.delete(formerUsernames).where(eq(formerUsernames.username, newUsername));
  await db
    .insert(formerUsernames)
    .values({ username: oldUsername, userId, changedAt: now })
    .onConflictDoUpdate({ target: formerUsernames.username, set: { userId, changedAt: now } });
}

/** The current username of the public creator who used to be called `username`, if there is one. */
export async function findRenamedUsername(db: Db, username: string): Promise<string | undefined> {
  const [row] = await db
    .select({ username: creatorProfiles.username })
    .from(formerUsernames)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, formerUsernames.userId))
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(and(eq(formerUsernames.username, username), isNull(creatorProfiles.deletedAt), isNull(users.deletedAt)));
  return row?.username;
}
