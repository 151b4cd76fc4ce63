import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { supports } from '../../db/schema';
import { givenBy } from '../ledger/supports-given-by';

/**
 * A support that can put its supporter on the wall: opted in at checkout, not anonymous, with a name
 * (an account's deletion clears the name, so its supports leave every wall), and not left since.
 */
const standing = (alias: string) =>
  sql.raw(
    `${alias}.show_on_wall and not ${alias}.is_anonymous and ${alias}.wall_left_at is null and coalesce(btrim(${alias}.supporter_name), '') <> ''`,
  );

/** The supporter behind `alias` has been hidden by the creator (any of their opted-in supports carries it). */
const hiddenByCreator = (alias: string) =>
  sql.raw(
    `exists (select 1 from supports h where h.creator_id = ${alias}.creator_id and h.supporter_id = ${alias}.supporter_id and h.show_on_wall and h.wall_hidden_at is not null)`,
  );

export interface WallEntryRow {
  id: string;
  name: string;
  tierName: string | null;
  createdAt: Date;
}

type Rows<T> = { rows: T[] };

/** One page of the wall (newest first, one entry per supporter: their newest standing support) and the count. */
export async function listWallPage(
  db: Db,
  creatorId: string,
  limit: number,
  offset: number,
): Promise<{ entries: WallEntryRow[]; total: number }> {
  const result = (await db.execute(sql`
    with entries as (
      select distinct on (s.supporter_id) s.id, s.supporter_name, s.tier_position, s.created_at
      from supports s
      where s.creator_id = ${creatorId} and ${standing('s')} and not ${hiddenByCreator('s')}
      order by s.supporter_id, s.created_at desc, s.id desc
    ), page as (
      select e.id, btrim(e.supporter_name) as name, t.name as tier_name, e.created_at
      from entries e
      left join support_tiers t on t.creator_id = ${creatorId} and t.position = e.tier_position
      order by e.created_at desc, e.id desc
      limit ${limit} offset ${offset}
    )
    select (select count(*) from entries)::integer as total,
      coalesce((select jsonb_agg(jsonb_build_array(p.id, p.name, p.tier_name, p.created_at) order by p.created_at desc, p.id desc) from page p), '[]'::jsonb) as entries`)) as unknown as Rows<{
    total: number | string;
    entries: Array<[string, string, string | null, string]> | string;
  }>;
  const row = result.rows[0];
  const raw =
    typeof row?.entries === 'string'
      ? (JSON.parse(row.entries) as Array<[string, string, string | null, string]>)
      : (row?.entries ?? []);
  return {
    total: Number(row?.total ?? 0),
    entries: raw.map(([id, name, tierName, createdAt]) => ({ id, name, tierName, createdAt: new Date(createdAt) })),
  };
}

/** The wall state of each of these supporters at the creator ('shown', 'hidden'); absent: not on the wall. */
export async function findWallStates(
  db: Db,
  creatorId: string,
  supporterIds: readonly string[],
): Promise<Map<string, 'shown' | 'hidden'>> {
  const states = new Map<string, 'shown' | 'hidden'>();
  if (supporterIds.length === 0) return states;
  const result = (await db.execute(sql`
    select s.supporter_id::text as supporter_id, bool_or(${hiddenByCreator('s')}) as hidden
    from supports s
    where s.creator_id = ${creatorId} and s.supporter_id in (${sql.join(
      supporterIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and ${standing('s')}
    group by s.supporter_id`)) as unknown as Rows<{ supporter_id: string; hidden: boolean }>;
  for (const row of result.rows) states.set(row.supporter_id, row.hidden ? 'hidden' : 'shown');
  return states;
}

/** The supporter identity behind one of the creator's supports, or undefined when it is not theirs. */
export async function findSupporterOfSupport(
  db: Db,
  creatorId: string,
  supportId: string,
): Promise<{ supporterId: string } | undefined> {
  const [row] = await db
    .select({ supporterId: supports.supporterId })
    .from(supports)
    .where(and(eq(supports.id, supportId), eq(supports.creatorId, creatorId)));
  return row;
}

/**
 * Hides (or shows again) a supporter on the creator's wall: marks every opted-in support of theirs at the
 * creator. Returns how many supports can still put them on the wall (0: they are not on it).
 */
export async function setWallHidden(
  db: Db,
  creatorId: string,
  supporterId: string,
  hidden: boolean,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const ofSupporter = and(
      eq(supports.creatorId, creatorId),
      eq(supports.supporterId, supporterId),
      eq(supports.showOnWall, true),
    );
    const [count] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(supports)
      .where(and(ofSupporter, sql`${standing('supports')}`));
    if (!count || count.n === 0) return 0;
    await tx
      .update(supports)
      .set({ wallHiddenAt: hidden ? now : null })
      .where(and(ofSupporter, hidden ? isNull(supports.wallHiddenAt) : sql`${supports.wallHiddenAt} is not null`));
    return count.n;
  });
}

/** The user leaves the creator's wall (every opted-in support of theirs there); returns how many supports changed. */
export async function leaveWall(
  db: Db,
  creatorId: string,
  userId: string,
  verifiedEmail: string | null,
  now: Date,
): Promise<number> {
  const changed = await db
    .update(supports)
    .set({ wallLeftAt: now })
    .where(
      and(
        eq(supports.creatorId, creatorId),
        givenBy(userId, verifiedEmail),
        eq(supports.showOnWall, true),
        isNull(supports.wallLeftAt),
      ),
    )
    .returning({ id: supports.id });
  return changed.length;
}

/** The creators on whose wall the user stands (by their own choice; a creator's hiding is not theirs to see). */
export async function listCreatorsWithUserOnWall(
  db: Db,
  userId: string,
  verifiedEmail: string | null,
): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ creatorId: supports.creatorId })
    .from(supports)
    .where(and(givenBy(userId, verifiedEmail), sql`${standing('supports')}` as SQL));
  return new Set(rows.map((r) => r.creatorId));
}
