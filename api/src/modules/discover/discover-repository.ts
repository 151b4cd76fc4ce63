import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DiscoverSort } from '@beabro/shared/data/discover';
import type { Db } from '../../db/database';
import { creatorProfiles, supports, users } from '../../db/schema';
import { supporterKey } from '../public-profile/public-profile-repository';

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
  const conditions: (SQL | undefined)[] = [isNull(creatorProfiles.deletedAt), isNull(users.deletedAt)];
  if (filter.creatorType) conditions.push(eq(creatorProfiles.creatorType, filter.creatorType));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const matches = (column: AnyPgColumn) => sql`${column} ilike ${pattern} escape '\\'`;
    conditions.push(or(matches(creatorProfiles.displayName), matches(creatorProfiles.username), matches(creatorProfiles.bio)));
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

/** One page of creators with their distinct supporter count and amount raised (per creator, via its index). */
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
  return db
    .select({
      username: creatorProfiles.username,
      displayName: creatorProfiles.displayName,
      creatorType: creatorProfiles.creatorType,
      bio: creatorProfiles.bio,
      profileImage: creatorProfiles.profileImage,
      coverImage: creatorProfiles.coverImage,
      showSupporterCount: creatorProfiles.showSupporterCount,
      goalAmountCents: creatorProfiles.goalAmountCents,
      supporterCount: stats.supporterCount,
      raisedCents: stats.raisedCents,
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .leftJoinLateral(stats, sql`true`)
    .where(whereClause(filter))
    // The order may use a hidden supporter count; the count itself is withheld in the output.
    .orderBy(...(sort === 'supporters' ? [desc(stats.supporterCount), ...newest] : newest))
    .limit(limit)
    .offset(offset);
}
