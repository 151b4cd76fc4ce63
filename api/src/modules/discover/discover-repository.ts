import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DiscoverSort } from '@beabro/shared/data/discover';
import type { Db } from '../../db/database';
import { creatorProfiles, supports, users } from '../../db/schema';
import { supporterKey } from '../public-profile/public-profile-repository';
import { creatorPubliclyVisible } from '../creator-profile/creator-visibility';

export interface DiscoverFilter {
  /** Already trimmed; empty means no search. */
  search: string;
  /** Null means every type. */
  creatorType: string | null;
}

/** `%`, `_` and `\` typed by a user are literal characters, not LIKE wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereClause(filter: DiscoverFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    isNull(creatorProfiles.deletedAt),
    isNull(users.deletedAt),
    creatorPubliclyVisible,
  ];
  if (filter.creatorType) conditions.push(eq(creatorProfiles.creatorType, filter.creatorType));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const matches = (column: AnyPgColumn) => sql`${column} ilike ${pattern} escape '\\'`;
    conditions.push(
      or(matches(creatorProfiles.displayName), matches(creatorProfiles.username), matches(creatorProfiles.bio)),
    );
  }
  return and(...conditions);
}

export async function countCreators(db: Db, filter: DiscoverFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(whereClause(filter));
  return row?.total ?? 0;
}

/**
 * One page of creators with their distinct supporter count and amount raised (per creator, via its index).
 * Sorted by supporters, the creators who hide their count come after every creator who shows one, newest
 * first among themselves: their position must not give the hidden count away.
 */
export async function listCreators(db: Db, filter: DiscoverFilter, sort: DiscoverSort, limit: number, offset: number) {
  const stats = db
    .select({
      supporterCount: sql<number>`count(distinct ${supporterKey})`.mapWith(Number).as('supporter_count'),
      raisedCents: sql<number>`coalesce(sum(${supports.amountCents}), 0)`.mapWith(Number).as('raised_cents'),
    })
    .from(supports)
    .where(eq(supports.creatorId, creatorProfiles.userId))
    .as('stats');
  const newest = [desc(creatorProfiles.createdAt), asc(creatorProfiles.userId)];
  // A hidden count sorts as null, after every shown one: it never orders anything.
  const shownCount = sql`case when ${creatorProfiles.showSupporterCount} then ${stats.supporterCount} end`;
  const bySupporters = [sql`${shownCount} desc nulls last`, ...newest];
  return db
    .select({
      username: creatorProfiles.username,
      displayName: creatorProfiles.displayName,
      creatorType: creatorProfiles.creatorType,
      bio: creatorProfiles.bio,
      profileImage: creatorProfiles.profileImage,
      coverImage: creatorProfiles.coverImage,
      showSupporterCount: creatorProfiles.showSupporterCount,
      showEarnings: creatorProfiles.showEarnings,
      goalAmountCents: creatorProfiles.goalAmountCents,
      supporterCount: stats.supporterCount,
      raisedCents: stats.raisedCents,
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .leftJoinLateral(stats, sql`true`)
    .where(whereClause(filter))
    .orderBy(...(sort === 'supporters' ? bySupporters : newest))
    .limit(limit)
    .offset(offset);
}
