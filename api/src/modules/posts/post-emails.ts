import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { POST_MESSAGES } from '@beabro/shared/api-schemas/posts';
import { POST_AUDIENCE_LABELS, POST_UNSUBSCRIBE_PAGE_PATH } from '@beabro/shared/data/post-audience';
import type { Db } from '../../db/database';
import { creatorProfiles, postDeliveries, postEmailOptOuts, posts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { enqueueEmailsQuery, type OutgoingEmail } from '../email/email-outbox';
import { composeEmail, EMAIL_REASONS, notificationSettingsUrl } from '../email/email-template';
import { signLinkToken, verifyLinkToken } from '../subscriptions/subscription-link';
import { countingSupportsQuery, loadTierAmounts, mayReadPost, type ReaderStanding } from './post-access';
import { postEmailBlocks } from './post-markdown';
import type { PostRow } from './posts-repository';

/*
 * The publish email of a post: one per reader who may read it when it is sent (mayReadPost) and has not opted out,
 * queued in batches outside the request that published it (a job, and a kick right after the publish when the
 * server runs jobs). post_deliveries holds one row per post and address (unique), written in the same transaction
 * as the outbox emails: a batch run twice, or two instances at once, email each person once.
 */

export const POST_EMAIL_BATCH = 200;
export const POST_EMAIL_KIND = 'post-published';

export interface PostEmailDeps {
  db: Db;
  origin: string;
  appSecret: string;
  /** Where the job reports a post it could not email (default console.error). */
  log?: (message: string) => void;
}

/** The token of a post email's unsubscribe link: the delivery's id, signed. */
export function signUnsubscribeToken(secret: string, deliveryId: string): string {
  return signLinkToken(secret, 'post-unsubscribe', [deliveryId]);
}

export function unsubscribeUrl(origin: string, secret: string, deliveryId: string): string {
  return `${origin.replace(/\/+$/, '')}${POST_UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(signUnsubscribeToken(secret, deliveryId))}`;
}

type Rows<T> = { rows: T[] };

interface Recipient {
  address: string;
  userId: string | null;
  standing: ReaderStanding;
}

/**
 * The next recipients (after `after`, by address) of the creator's post email who have no delivery of this
 * post yet and have not opted out: each supporter identity with a support to the creator not fully refunded,
 * as an account (its address, when its "New posts" setting is on and it is not deleted) or as a guest address,
 * with its standing at `now`.
 */
async function nextRecipients(
  db: Db,
  post: PostRow,
  after: string,
  now: Date,
): Promise<{ recipients: Recipient[]; rows: number; last: string }> {
  const creator = sql`${post.creatorId}::uuid`;
  const result = (await db.execute(sql`
    with identities as (
      select distinct s.supporter_id from supports s
      where s.creator_id = ${creator}
        and s.amount_cents > coalesce((select sum(r.amount_cents) from refunds r where r.support_id = s.id and r.status = 'succeeded'), 0)
    ), recipients as (
      select i.id as supporter_id, i.user_id, case when i.user_id is null then i.email else u.email end as address
      from identities x
      join supporter_identities i on i.id = x.supporter_id
      left join users u on u.id = i.user_id
      where (i.user_id is null and i.email is not null)
        or (u.deleted_at is null and u.email is not null and u.notify_new_posts and u.id <> ${creator})
    ), standing as (
      select c.supporter_id, max(c.counting_cents)::integer as counting_cents,
        (max(c.counting_cents) filter (where c.is_recurring))::integer as monthly_cents
      from (${countingSupportsQuery(now, sql`s.creator_id = ${creator}`)}) c
      group by c.supporter_id
    )
    select r.address, r.user_id::text as user_id, st.counting_cents, st.monthly_cents
    from recipients r left join standing st on st.supporter_id = r.supporter_id
    where r.address > ${after}
      and not exists (select 1 from post_email_opt_outs o where o.creator_id = ${creator} and o.email = r.address)
      and not exists (select 1 from post_deliveries d where d.post_id = ${post.id}::uuid and d.email = r.address)
    order by r.address
    limit ${POST_EMAIL_BATCH}`)) as unknown as Rows<{
    address: string;
    user_id: string | null;
    counting_cents: number | null;
    monthly_cents: number | null;
  }>;
  // One address may stand for two identities (an account and a guest address it has not verified): the best.
  const byAddress = new Map<string, Recipient>();
  for (const row of result.rows) {
    const standing: ReaderStanding = {
      isCreator: false,
      countingCents: row.counting_cents === null ? null : Number(row.counting_cents),
      monthlyCents: row.monthly_cents === null ? null : Number(row.monthly_cents),
    };
    const seen = byAddress.get(row.address);
    if (seen) {
      seen.standing = {
        isCreator: false,
        countingCents: maxOrNull(seen.standing.countingCents, standing.countingCents),
        monthlyCents: maxOrNull(seen.standing.monthlyCents, standing.monthlyCents),
      };
      seen.userId ??= row.user_id;
    } else byAddress.set(row.address, { address: row.address, userId: row.user_id, standing });
  }
  return { recipients: [...byAddress.values()], rows: result.rows.length, last: result.rows.at(-1)?.address ?? after };
}

function maxOrNull(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

async function postEmail(
  deps: PostEmailDeps,
  post: PostRow,
  creator: { username: string; displayName: string },
  recipient: Recipient,
  deliveryId: string,
): Promise<OutgoingEmail> {
  const origin = deps.origin.replace(/\/+$/, '');
  const postUrl = `${origin}/${creator.username}/posts/${post.slug}`;
  const unsubscribe = unsubscribeUrl(origin, deps.appSecret, deliveryId);
  const email = await composeEmail(
    {
      kind: POST_EMAIL_KIND,
      dedupeKey: `${POST_EMAIL_KIND}:${post.id}:${recipient.address}`,
      to: recipient.address,
      subject: `${creator.displayName} posted: ${post.title}`,
    },
    {
      heading: post.title,
      blocks: [
        {
          note: `A new post from ${creator.displayName}${post.audience === 'everyone' ? '' : ` for ${POST_AUDIENCE_LABELS[post.audience].toLowerCase()}`}.`,
        },
        ...postEmailBlocks(post.bodyMarkdown),
      ],
      action: { label: 'Read it on Be a Bro', url: postUrl },
      secondaryAction: { label: `Stop emails of ${creator.displayName}'s posts`, url: unsubscribe },
      reason: EMAIL_REASONS.supporter(creator.displayName),
      ...(recipient.userId ? { notificationSettingsUrl: notificationSettingsUrl(origin) } : {}),
    },
  );
  // The mail client's own "Unsubscribe" is the same link; a POST to it unsubscribes at once (RFC 8058, https only):
  // post-unsubscribe-one-click-routes.ts.
  return { ...email, listUnsubscribe: { url: unsubscribe, oneClick: unsubscribe.startsWith('https://') } };
}

/**
 * Queues the publish email of one post to every reader not yet emailed, batch by batch, and marks the post done.
 * Idempotent: run again (a retry, another instance) it emails nobody twice. Returns how many it queued.
 */
export async function sendPostEmails(deps: PostEmailDeps, postId: string, now = new Date()): Promise<number> {
  const { db } = deps;
  const [found] = await db
    .select({ post: posts, username: creatorProfiles.username, displayName: creatorProfiles.displayName })
    .from(posts)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, posts.creatorId))
    .where(and(eq(posts.id, postId), isNotNull(posts.emailsQueuedAt), isNull(posts.emailsDoneAt)));
  if (!found) return 0;
  const { post } = found;
  const tier =
    post.minTierPosition === null
      ? null
      : ((await loadTierAmounts(db, [post.creatorId])).get(`${post.creatorId}:${post.minTierPosition}`)?.amountCents ??
        null);
  let queued = 0;
  let after = '';
  for (;;) {
    const batch = await nextRecipients(db, post, after, now);
    // Who may read it as published: standings as they are now, the post's audience as it was at the publish
    // (early access that opened since does not widen the email to people who were not readers then).
    const readers = batch.recipients.filter((r) => mayReadPost(post, r.standing, tier, post.emailsQueuedAt ?? now));
    if (readers.length > 0) {
      queued += await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(postDeliveries)
          .values(
            readers.map((r) => ({ postId: post.id, creatorId: post.creatorId, email: r.address, createdAt: now })),
          )
          .onConflictDoNothing({ target: [postDeliveries.postId, postDeliveries.email] })
          .returning({ id: postDeliveries.id, email: postDeliveries.email });
        if (inserted.length === 0) return 0;
        const byAddress = new Map(readers.map((r) => [r.address, r]));
        const emails = await Promise.all(
          inserted.map((d) => postEmail(deps, post, found, byAddress.get(d.email) as Recipient, d.id)),
        );
        await enqueueEmailsQuery(tx, emails);
        return inserted.length;
      });
    }
    if (batch.rows < POST_EMAIL_BATCH) break;
    after = batch.last;
  }
  await db.update(posts).set({ emailsDoneAt: now }).where(eq(posts.id, post.id));
  return queued;
}

/**
 * The job: every post whose publish emails are not all queued yet (a crash, or no kick after the publish). A post that
 * throws is logged and counted in `errors` (still pending, the next run tries it again); the others go on.
 */
export async function sendPendingPostEmails(
  deps: PostEmailDeps,
  now = new Date(),
): Promise<{ posts: number; emails: number; errors: number }> {
  const pending = await deps.db
    .select({ id: posts.id })
    .from(posts)
    .where(and(isNotNull(posts.emailsQueuedAt), isNull(posts.emailsDoneAt)))
    .orderBy(asc(posts.emailsQueuedAt))
    .limit(20);
  const log = deps.log ?? console.error;
  let emails = 0;
  let errors = 0;
  for (const { id } of pending) {
    try {
      emails += await sendPostEmails(deps, id, now);
    } catch (error) {
      errors++;
      log(`the emails of post ${id} could not be queued: ${(error as Error).stack ?? String(error)}`);
    }
  }
  return { posts: pending.length, emails, errors };
}

/** Whether any post waits for its emails (the job's tick skips the run otherwise). */
export async function postEmailsPending(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(isNotNull(posts.emailsQueuedAt), isNull(posts.emailsDoneAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * POST /api/posts/unsubscribe: the link's address gets no more post emails of that creator (no sign-in: the
 * signed delivery id is the authority). Idempotent: a second click says the same.
 */
export async function unsubscribeFromPosts(
  db: Db,
  secret: string,
  token: string,
  now = new Date(),
): Promise<{ unsubscribed: true; creatorDisplayName: string }> {
  const invalid = () =>
    new AppError('validation', POST_MESSAGES.unsubscribeInvalid, { token: POST_MESSAGES.unsubscribeInvalid });
  const deliveryId = verifyLinkToken(secret, 'post-unsubscribe', token, 1)?.[0];
  if (!deliveryId) throw invalid();
  const [delivery] = await db
    .select({
      creatorId: postDeliveries.creatorId,
      email: postDeliveries.email,
      displayName: creatorProfiles.displayName,
    })
    .from(postDeliveries)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, postDeliveries.creatorId))
    .where(eq(postDeliveries.id, deliveryId));
  if (!delivery) throw invalid();
  await db
    .insert(postEmailOptOuts)
    .values({ creatorId: delivery.creatorId, email: delivery.email, createdAt: now })
    .onConflictDoNothing();
  return { unsubscribed: true, creatorDisplayName: delivery.displayName };
}
