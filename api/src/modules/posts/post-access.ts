import { sql, type SQL } from 'drizzle-orm';
import type { PostAudience, PostStatus } from '@beabro/shared/api-schemas/posts';
import type { Db } from '../../db/database';

const DAY_MS = 86_400_000;

/** What decides who may read a post. */
export interface PostAccessFacts {
  creatorId: string;
  status: PostStatus;
  audience: PostAudience;
  minTierPosition: number | null;
  earlyAccessDays: number | null;
  publishedAt: Date | null;
}

/**
 * Where a reader stands with one creator at one instant, from their supports (loadStandings):
 * - `isCreator`: the reader is the creator;
 * - `countingCents`: the largest support that still counts (a one-off not fully refunded, or a month of a
 *   monthly support paid through the instant and not fully refunded), after partial refunds; null: none;
 * - `monthlyCents`: the same among monthly supports only.
 */
export interface ReaderStanding {
  isCreator: boolean;
  countingCents: number | null;
  monthlyCents: number | null;
}

export const NO_STANDING: ReaderStanding = Object.freeze({ isCreator: false, countingCents: null, monthlyCents: null });

/** Early access: everyone may read the post from this instant; null without early access (or before publishing). */
export function postPublicAt(post: Pick<PostAccessFacts, 'earlyAccessDays' | 'publishedAt'>): Date | null {
  if (post.earlyAccessDays === null || post.publishedAt === null) return null;
  return new Date(post.publishedAt.getTime() + post.earlyAccessDays * DAY_MS);
}

/**
 * THE decision: may this reader read this post's body at `now`? Every read uses it (the API's lists and post,
 * the supporter feed, the server-rendered pages through the API, the publish emails, link previews and
 * webhooks). `tierAmountCents` is the current amount of the creator's tier at the post's `minTierPosition`.
 * - The creator always may (drafts too); nobody else may read a draft.
 * - everyone: anyone. Early access: anyone from publishedAt + earlyAccessDays.
 * - supporters: a support that still counts; monthly: a monthly one; tier: one of at least the tier's amount.
 */
export function mayReadPost(
  post: PostAccessFacts,
  standing: ReaderStanding,
  tierAmountCents: number | null,
  now: Date,
): boolean {
  if (standing.isCreator) return true;
  if (post.status !== 'published' || post.publishedAt === null || post.publishedAt > now) return false;
  if (post.audience === 'everyone') return true;
  const publicAt = postPublicAt(post);
  if (publicAt !== null && now >= publicAt) return true;
  switch (post.audience) {
    case 'supporters':
      return standing.countingCents !== null;
    case 'monthly':
      return standing.monthlyCents !== null;
    case 'tier':
      return tierAmountCents !== null && standing.countingCents !== null && standing.countingCents >= tierAmountCents;
  }
}

/** Whether anyone at all (a visitor) may read it now: what link previews and webhooks may show. */
export function readableByEveryone(post: PostAccessFacts, now: Date): boolean {
  return mayReadPost(post, NO_STANDING, null, now);
}

/**
 * The supports that still count at `now`, one row per support with what it counts for (`counting_cents`, after
 * succeeded refunds) and whether it is monthly. A month of a monthly support counts until the end of the period
 * it paid (the renewal's charge row, or the first month from the checkout's billing anchor): a cancelled, paused
 * or lapsed support stops at the end of what was paid, a renewal being retried does not count until it is paid.
 * A support fully refunded, or whose dispute was lost, does not count. `filter` narrows `s` (supports).
 */
export function countingSupportsQuery(now: Date, filter: SQL): SQL {
  const at = now.toISOString();
  return sql`
    select s.id, s.creator_id, s.supporter_id, s.supporter_user_id, s.supporter_email, s.is_recurring,
      s.amount_cents - coalesce((select sum(r.amount_cents) from refunds r where r.support_id = s.id and r.status = 'succeeded'), 0) as counting_cents
    from supports s
    where (${filter})
      and not exists (select 1 from disputes d where d.support_id = s.id and d.status = 'lost')
      and s.amount_cents > coalesce((select sum(r.amount_cents) from refunds r where r.support_id = s.id and r.status = 'succeeded'), 0)
      and (not s.is_recurring or coalesce(
        (select c.period_end from subscription_charges c where c.support_id = s.id and c.status = 'succeeded' limit 1),
        (select (sub.billing_anchor_at at time zone 'UTC' + interval '1 month') at time zone 'UTC'
           from subscriptions sub where sub.id = s.subscription_id and not s.is_renewal)
      ) > ${at}::timestamptz)`;
}

type Rows<T> = { rows: T[] };

/** The reader whose standing is loaded: signed in (their supports, and their verified address's guest supports) or an address. */
export type PostReader =
  | { kind: 'visitor' }
  | { kind: 'user'; userId: string; verifiedEmail: string | null }
  | { kind: 'email'; email: string };

function readerFilter(reader: Exclude<PostReader, { kind: 'visitor' }>): SQL {
  if (reader.kind === 'email') return sql`s.supporter_email = ${reader.email.toLowerCase()}`;
  return reader.verifiedEmail
    ? sql`(s.supporter_user_id = ${reader.userId}::uuid or (s.supporter_user_id is null and s.supporter_email = ${reader.verifiedEmail.toLowerCase()}))`
    : sql`s.supporter_user_id = ${reader.userId}::uuid`;
}

/** The reader's standing with each of these creators at `now` (one query whatever the number of creators). */
export async function loadStandings(
  db: Db,
  reader: PostReader,
  creatorIds: readonly string[],
  now: Date,
): Promise<Map<string, ReaderStanding>> {
  const standings = new Map<string, ReaderStanding>();
  if (creatorIds.length === 0) return standings;
  for (const id of creatorIds)
    standings.set(id, { ...NO_STANDING, isCreator: reader.kind === 'user' && reader.userId === id });
  if (reader.kind === 'visitor') return standings;
  const creators = sql`s.creator_id in (${sql.join(
    creatorIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  const result = (await db.execute(sql`
    select c.creator_id::text as creator_id, max(c.counting_cents)::integer as counting_cents,
      max(c.counting_cents) filter (where c.is_recurring)::integer as monthly_cents
    from (${countingSupportsQuery(now, sql`${creators} and ${readerFilter(reader)}`)}) c
    group by c.creator_id`)) as unknown as Rows<{
    creator_id: string;
    counting_cents: number | null;
    monthly_cents: number | null;
  }>;
  for (const row of result.rows) {
    const standing = standings.get(row.creator_id);
    if (!standing) continue;
    standing.countingCents = row.counting_cents === null ? null : Number(row.counting_cents);
    standing.monthlyCents = row.monthly_cents === null ? null : Number(row.monthly_cents);
  }
  return standings;
}

/** The current amount of each tier of these creators: `${creatorId}:${position}` -> cents. */
export async function loadTierAmounts(
  db: Db,
  creatorIds: readonly string[],
): Promise<Map<string, { amountCents: number; name: string }>> {
  const tiers = new Map<string, { amountCents: number; name: string }>();
  if (creatorIds.length === 0) return tiers;
  const result = (await db.execute(sql`
    select creator_id::text as creator_id, position, amount_cents, name from support_tiers
    where creator_id in (${sql.join(
      creatorIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`)) as unknown as Rows<{ creator_id: string; position: number; amount_cents: number; name: string }>;
  for (const row of result.rows)
    tiers.set(`${row.creator_id}:${row.position}`, { amountCents: Number(row.amount_cents), name: row.name });
  return tiers;
}

/** Everything the decision needs for posts of several creators, loaded once per request. */
export interface AccessContext {
  standings: Map<string, ReaderStanding>;
  tiers: Map<string, { amountCents: number; name: string }>;
  now: Date;
}

export async function loadAccessContext(
  db: Db,
  reader: PostReader,
  creatorIds: readonly string[],
  now: Date,
): Promise<AccessContext> {
  const unique = [...new Set(creatorIds)];
  const standings = await loadStandings(db, reader, unique, now);
  return { standings, tiers: await loadTierAmounts(db, unique), now };
}

export function tierOf(context: Pick<AccessContext, 'tiers'>, post: PostAccessFacts) {
  return post.minTierPosition === null ? undefined : context.tiers.get(`${post.creatorId}:${post.minTierPosition}`);
}

/** mayReadPost with the reader's standing and the tier's amount from a loaded context. */
export function mayReadInContext(context: AccessContext, post: PostAccessFacts): boolean {
  const standing = context.standings.get(post.creatorId) ?? NO_STANDING;
  return mayReadPost(post, standing, tierOf(context, post)?.amountCents ?? null, context.now);
}

/** One post, one reader: loads what the decision needs and decides. */
export async function mayReaderReadPost(db: Db, reader: PostReader, post: PostAccessFacts, now: Date) {
  return mayReadInContext(await loadAccessContext(db, reader, [post.creatorId], now), post);
}
