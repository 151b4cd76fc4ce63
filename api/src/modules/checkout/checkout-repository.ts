import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedStatement, rowOf, runPrepared, toDate, type StatementValue } from '../../db/prepared-statement';
import type { OutgoingEmail } from '../email/email-outbox';
import type { LedgerEntryValues, SupportRow } from '../ledger/ledger-repository';
import { creatorProfiles, paymentAttempts, subscriptions, supports } from '../../db/schema';
import type { Currency } from '@beabro/shared/money/currencies';
import type { PaymentAttemptRow } from '../payments/payment-attempts-repository';
import type { GoalReachedCandidate } from '../goals/goal-reached-emails';
import type { FraudDeclineRow } from '../fraud/fraud-service';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The columns of a checkout's creator (CheckoutCreatorRow), for `cp` (creator_profiles), `u` (users), `t` (a tier). */
const CHECKOUT_CREATOR_COLUMNS = `cp.user_id, cp.username, cp.display_name, cp.currency, cp.minimum_amount_cents, cp.allow_messages, u.email,
      u.notify_new_support, u.notify_supporter_messages, u.notify_goal_reached, cp.goal_title, cp.goal_amount_cents, cp.goal_set_at,
      cp.goal_reached_at, (cp.deleted_at is null and u.deleted_at is null) as live, t.amount_cents as tier_amount_cents,
      (cp.hidden_at is null and not exists (select 1 from account_suspensions s where s.user_id = cp.user_id)) as available`;

const CHECKOUT_CREATOR_BY_ID = preparedStatement(
  'checkout_creator_by_id',
  `select ${CHECKOUT_CREATOR_COLUMNS}
    from creator_profiles cp
    join users u on u.id = cp.user_id
    left join support_tiers t on t.creator_id = cp.user_id and t.position = coalesce($2::int, -1)
    where cp.user_id = $1::uuid`,
);

/** What checkout needs to know about a creator, in one query: the live profile, settings and the chosen tier. */
export async function findCheckoutCreator(
  db: Db,
  where: { userId: string },
  tierPosition: number | null,
): Promise<CheckoutCreator | undefined> {
  const [row] = await runPrepared<CheckoutCreatorRow>(db, CHECKOUT_CREATOR_BY_ID, [where.userId, tierPosition]);
  return row ? toCheckoutCreator(row) : undefined;
}

/** A creator as the checkout's statements read it (CHECKOUT_CREATOR_COLUMNS). */
interface CheckoutCreatorRow extends CheckoutCreatorFields, Record<string, unknown> {
  user_id: string;
}

interface CheckoutCreatorFields {
  username: string;
  display_name: string;
  currency: Currency;
  minimum_amount_cents: number;
  allow_messages: boolean;
  email: string | null;
  notify_new_support: boolean;
  notify_supporter_messages: boolean;
  notify_goal_reached: boolean;
  goal_title: string;
  goal_amount_cents: number | null;
  goal_set_at: Date | string;
  goal_reached_at: Date | string | null;
  live: boolean;
  available: boolean;
  tier_amount_cents: number | null;
}

function toCheckoutCreator(row: CheckoutCreatorRow) {
  return {
    userId: row.user_id,
    username: row.username,
    displayName: row.display_name,
    currency: row.currency,
    minimumAmountCents: row.minimum_amount_cents,
    allowMessages: row.allow_messages,
    email: row.email,
    notifyNewSupport: row.notify_new_support,
    notifySupporterMessages: row.notify_supporter_messages,
    notifyGoalReached: row.notify_goal_reached,
    goalTitle: row.goal_title,
    goalAmountCents: row.goal_amount_cents,
    goalSetAt: toDate(row.goal_set_at),
    goalReachedAt: row.goal_reached_at === null ? null : toDate(row.goal_reached_at),
    live: row.live,
    available: row.available,
    tierAmountCents: row.tier_amount_cents,
  };
}

export type CheckoutCreator = ReturnType<typeof toCheckoutCreator>;

/**
 * The first statement of a checkout, one round trip: counts the attempt in both rate-limit windows
 * (whatever happens next), reads the creator (as findCheckoutCreator), and records the payment
 * attempt under its idempotency key, but only when every rule lets it through:
 * both counts are within their limits, and the creator is live and accepts this amount, message and
 * tier (the same rules as the service's checkCheckout, which then names what failed). The attempt
 * is not recorded when its key is already taken (a repeat). It also reads the declines in the fraud window of the
 * visitor's network, the email and the creator, for the card-testing check (assertNotBlockedBy).
 */
const BEGIN_CHECKOUT = preparedStatement(
  'checkout_begin',
  `with counted as (
    insert into rate_limits (key, window_start, count) values ($1::text, $2::timestamptz, 1), ($4::text, $5::timestamptz, 1)
    on conflict (key, window_start) do update set count = rate_limits.count + 1
    returning key, count
  ),
  creator as (
    select ${CHECKOUT_CREATOR_COLUMNS}
    from creator_profiles cp
    join users u on u.id = cp.user_id
    left join support_tiers t on t.creator_id = cp.user_id and t.position = coalesce($8::int, -1)
    where cp.username = $7::text
    -- The attempt is recorded in the currency read here: a change of the creator's country (which locks the row and
    -- then looks for pending attempts) either waits for this statement or is seen by it.
    for share of cp
  ),
  attempt as (
    insert into payment_attempts (id, idempotency_key, purpose, request_fingerprint, request, creator_id, amount_cents, currency, provider, created_at)
    select $10::uuid, $11::text, 'checkout', $12::text, $13::jsonb || jsonb_build_object('creatorId', c.user_id), c.user_id, $14::int, c.currency, $15::text, $16::timestamptz
    from creator c
    where $9::boolean and c.live and c.available and $14::int >= c.minimum_amount_cents and (not $17::boolean or c.allow_messages)
      and ($8::int is null or c.tier_amount_cents = $14::int)
      and (select count from counted where key = $1::text) <= $3::int and (select count from counted where key = $4::text) <= $6::int
    on conflict (idempotency_key) do nothing
    returning id
  ),
  declines as (
    select coalesce(json_agg(json_build_object('key', d.key, 'weight', d.weight, 'at', d.at)), '[]'::json) as rows
    from fraud_declines d
    where d.key in ($18::text, $19::text, 'creator:' || (select user_id from creator)) and d.at > $20::timestamptz
  )
  select (select count from counted where key = $1::text) as first_count, (select count from counted where key = $4::text) as second_count,
    exists (select 1 from attempt) as recorded, (select rows from declines) as fraud_declines, c.*
  from (select 1) as one left join creator c on true`,
);

interface BeginCheckoutRow extends CheckoutCreatorFields, Record<string, unknown> {
  first_count: number;
  second_count: number;
  recorded: boolean;
  fraud_declines: Array<{ key: string; weight: number; at: string }>;
  /** Null when no creator has the username (the other creator columns are null too). */
  user_id: string | null;
}

export interface BeginCheckoutInput {
  /** The two rate-limit counters (keys must differ) and their limits. */
  limits: [{ key: string; windowStart: Date; limit: number }, { key: string; windowStart: Date; limit: number }];
  username: string;
  tierPosition: number | null;
  hasMessage: boolean;
  /** The fraud keys of the visitor's network and email (fraudKeysOf), and the start of the fraud window. */
  fraud: { ipKey: string; emailKey: string; windowStart: Date };
  /** The attempt to record; `request` gets the creator's id added as creatorId. */
  attempt: {
    id: string;
    idempotencyKey: string;
    requestFingerprint: string;
    request: Record<string, unknown>;
    amountCents: number;
    provider: string;
    createdAt: Date;
  };
}

export interface BeginCheckoutResult {
  /** The counts of the two windows after this attempt, in the order given. */
  counts: [number, number];
  creator: CheckoutCreator | undefined;
  /** Whether the attempt row was written (false: a rule refused it, or its key was taken). */
  recorded: boolean;
  /** The declines in the fraud window of the network, the email and the creator. */
  fraudDeclines: FraudDeclineRow[];
}

export async function beginCheckout(db: Db, input: BeginCheckoutInput): Promise<BeginCheckoutResult> {
  const [first, second] = input.limits;
  const { attempt } = input;
  const values: StatementValue[] = [
    first.key,
    first.windowStart.toISOString(),
    first.limit,
    second.key,
    second.windowStart.toISOString(),
    second.limit,
    input.username,
    input.tierPosition,
    // A rule the statement once took from the card's checks; the card no longer reaches the API.
    true,
    attempt.id,
    attempt.idempotencyKey,
    attempt.requestFingerprint,
    JSON.stringify(attempt.request),
    attempt.amountCents,
    attempt.provider,
    attempt.createdAt.toISOString(),
    input.hasMessage,
    input.fraud.ipKey,
    input.fraud.emailKey,
    input.fraud.windowStart.toISOString(),
  ];
  const [row] = await runPrepared<BeginCheckoutRow>(db, BEGIN_CHECKOUT, values);
  if (!row) throw new Error('the checkout statement returned no row');
  const creator = row.user_id ? toCheckoutCreator({ ...row, user_id: row.user_id }) : undefined;
  return {
    counts: [Number(row.first_count), Number(row.second_count)],
    creator,
    recorded: row.recorded,
    fraudDeclines: row.fraud_declines.map((d) => ({ key: d.key, weight: Number(d.weight), at: new Date(d.at) })),
  };
}

/** Removes an attempt that was recorded but must not stand (nothing was charged under it yet). */
export async function deletePendingAttempt(db: Db, id: string): Promise<void> {
  await db.delete(paymentAttempts).where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'pending')));
}

/**
 * Everything a paid checkout writes, as one statement (one round trip, atomic without BEGIN/COMMIT):
 * the attempt's outcome, the subscription and its first paid period (monthly only: $6 set), the
 * support, its ledger entries, the queued emails and the webhook events for the creator's enabled
 * endpoints. The attempt's update gates it all: when another request or the recovery job completed
 * the attempt first, beabro_abort() rolls the whole statement back (SQLSTATE BB001).
 */
const RECORD_PAID_CHECKOUT = preparedStatement(
  'checkout_record_paid',
  `with completed as (
    update payment_attempts set status = 'succeeded', provider_charge_id = $2::text, card_brand = $3::text, card_last4 = $4::text,
      failure_code = null, failure_message = null, failure_field = null, support_id = $5::uuid, subscription_id = $6::uuid, completed_at = $7::timestamptz
    where id = $1::uuid and (status = 'pending' or (status = 'failed' and failure_code = 'interrupted' and support_id is null))
    returning id
  ),
  new_subscription as (
    insert into subscriptions (id, creator_id, supporter_user_id, supporter_email, supporter_name, is_anonymous, tier_position, amount_cents, currency, status,
      billing_anchor_at, period_number, current_period_start, current_period_end, cancel_at_period_end, payment_provider, payment_method_token,
      card_brand, card_last4, failed_attempts, created_at, updated_at)
    select $6::uuid, $8::uuid, $9::uuid, $10::text, $11::text, $12::boolean, $13::int, $14::int, $29::text, 'active',
      $7::timestamptz, 0, $15::timestamptz, $16::timestamptz, false, $17::text, $18::text,
      $3::text, $4::text, 0, $7::timestamptz, $7::timestamptz
    where $6::uuid is not null
  ),
  new_support as (
    insert into supports (id, creator_id, supporter_user_id, supporter_name, supporter_email, amount_cents, currency, platform_fee_cents, processing_fee_cents,
      creator_net_cents, message, is_anonymous, is_recurring, subscription_id, is_renewal, tier_position, show_on_wall, created_at)
    values ($5::uuid, $8::uuid, $9::uuid, $11::text, $10::text, $14::int, $29::text, $19::int, $20::int,
      $21::int, $22::text, $12::boolean, $23::boolean, $6::uuid, false, $13::int, $28::boolean, $7::timestamptz)
  ),
  new_entries as (
    insert into ledger_entries (creator_id, support_id, account, type, amount_cents, currency, created_at)
    select $8::uuid, $5::uuid, e.account, e.type, e.amount_cents, $29::text, $7::timestamptz
    from jsonb_to_recordset($24::jsonb) as e(account text, type text, amount_cents int)
  ),
  first_charge as (
    insert into subscription_charges (subscription_id, period_number, period_start, period_end, amount_cents, status, attempt_count, support_id, created_at, updated_at)
    select $6::uuid, 0, $15::timestamptz, $16::timestamptz, $14::int, 'succeeded', 1, $5::uuid, $7::timestamptz, $7::timestamptz
    where $6::uuid is not null
    on conflict (subscription_id, period_start) do nothing
  ),
  queued_emails as (
    insert into email_outbox (kind, dedupe_key, to_address, subject, text_body, content)
    select m.kind, m.dedupe_key, m.to_address, m.subject, m.text_body, m.content
    from jsonb_to_recordset($25::jsonb) as m(kind text, dedupe_key text, to_address text, subject text, text_body text, content jsonb)
    on conflict (dedupe_key) do nothing
  ),
  goal_email as (
    insert into email_outbox (kind, dedupe_key, to_address, subject, text_body, content)
    select g.kind, g.dedupe_key, g.to_address, g.subject, g.text_body, g.content
    from jsonb_to_recordset(coalesce($27::jsonb, '[]'::jsonb)) as g(kind text, dedupe_key text, to_address text, subject text, text_body text, content jsonb, goal_set_at timestamptz)
    where beabro_reach_goal($8::uuid, g.goal_set_at, $14::int, $7::timestamptz)
    on conflict (dedupe_key) do nothing
  ),
  webhook_events as (
    insert into webhook_deliveries (endpoint_id, creator_id, event_id, event_type, body, next_attempt_at, created_at)
    select e.id, e.creator_id, v.event_id, v.event_type, v.body, $7::timestamptz, $7::timestamptz
    from jsonb_to_recordset($26::jsonb) as v(event_id uuid, event_type text, body text)
    join webhook_endpoints e on e.creator_id = $8::uuid and e.enabled and e.events @> jsonb_build_array(v.event_type)
    join creator_profiles c on c.user_id = e.creator_id and c.deleted_at is null
    on conflict (endpoint_id, event_id) do nothing
  )
  select case when exists (select 1 from completed) then 1 else beabro_abort('payment attempt already completed') end as ok`,
);

export interface PaidCheckoutWrites {
  attemptId: string;
  charge: { chargeId: string; cardBrand: string; cardLast4: string };
  support: SupportRow;
  entries: ReadonlyArray<Pick<LedgerEntryValues, 'account' | 'type' | 'amountCents'>>;
  /** Monthly support: the new subscription (its first period is recorded as paid by this support). */
  subscription: SubscriptionRow | null;
  emails: readonly OutgoingEmail[];
  /** The goal-reached email, queued (and the goal marked reached) only if this support crosses the goal (beabro_reach_goal). */
  goal: GoalReachedCandidate | null;
  /** Webhook events (id, type, signed body) queued for each enabled endpoint of the creator subscribed to the type. */
  webhookEvents: ReadonlyArray<{ id: string; type: string; body: string }>;
  /** The supporter chose to appear on the creator's supporter wall (never true for an anonymous support). */
  showOnWall: boolean;
}

/** Runs RECORD_PAID_CHECKOUT; false when the attempt was already completed (nothing was written). */
export async function writePaidCheckout(db: Db, w: PaidCheckoutWrites): Promise<boolean> {
  const { support, subscription } = w;
  const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
  const values: StatementValue[] = [
    w.attemptId,
    w.charge.chargeId,
    w.charge.cardBrand,
    w.charge.cardLast4,
    support.id,
    subscription?.id ?? null,
    support.createdAt.toISOString(),
    support.creatorId,
    support.supporterUserId,
    support.supporterEmail,
    support.supporterName,
    support.isAnonymous,
    support.tierPosition,
    support.amountCents,
    iso(subscription?.currentPeriodStart),
    iso(subscription?.currentPeriodEnd),
    subscription?.paymentProvider ?? null,
    subscription?.paymentMethodToken ?? null,
    support.platformFeeCents,
    support.processingFeeCents,
    support.creatorNetCents,
    support.message,
    support.isRecurring,
    JSON.stringify(w.entries.map((e) => ({ account: e.account, type: e.type, amount_cents: e.amountCents }))),
    JSON.stringify(
      w.emails.map((m) => ({
        kind: m.kind,
        dedupe_key: m.dedupeKey,
        to_address: m.to.toLowerCase(),
        subject: m.subject,
        text_body: m.text,
        content: m.content ?? null,
      })),
    ),
    JSON.stringify(w.webhookEvents.map((e) => ({ event_id: e.id, event_type: e.type, body: e.body }))),
    w.goal
      ? JSON.stringify([
          {
            kind: w.goal.email.kind,
            dedupe_key: w.goal.email.dedupeKey,
            to_address: w.goal.email.to.toLowerCase(),
            subject: w.goal.email.subject,
            text_body: w.goal.email.text,
            content: w.goal.email.content ?? null,
            goal_set_at: w.goal.goalSetAt.toISOString(),
          },
        ])
      : null,
    w.showOnWall,
    support.currency,
  ];
  try {
    await runPrepared(db, RECORD_PAID_CHECKOUT, values);
    return true;
  } catch (error) {
    if (isAbort(error)) return false;
    throw error;
  }
}

/** The database error beabro_abort() raises (SQLSTATE BB001), however the driver wraps it. */
function isAbort(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === 'BB001') return true;
  }
  return false;
}

/** What a receipt shows: the attempt, its support, the creator's names and the monthly support. */
const receiptColumns = () => ({
  attempt: paymentAttempts,
  support: supports,
  creatorUsername: creatorProfiles.username,
  creatorDisplayName: creatorProfiles.displayName,
  subscription: subscriptions,
});

/** Everything a receipt shows, for a completed attempt. */
export async function findReceiptParts(db: Db, attemptId: string) {
  const [row] = await db
    .select(receiptColumns())
    .from(paymentAttempts)
    .innerJoin(supports, eq(supports.id, paymentAttempts.supportId))
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, supports.creatorId))
    .leftJoin(subscriptions, eq(subscriptions.id, supports.subscriptionId))
    .where(eq(paymentAttempts.id, attemptId));
  return row;
}

/**
 * The attempt of an intent with, once it succeeded, everything its receipt shows (findReceiptParts), in one query:
 * the page's completion usually finds the support already written by the provider's event.
 */
const ATTEMPT_WITH_RECEIPT_PARTS = preparedStatement(
  'checkout_attempt_with_receipt_parts',
  `select row_to_json(a) as attempt, case when s.id is null then null else row_to_json(s) end as support,
      cp.username as creator_username, cp.display_name as creator_display_name,
      case when sub.id is null then null else row_to_json(sub) end as subscription
    from payment_attempts a
    left join supports s on s.id = a.support_id
    left join creator_profiles cp on cp.user_id = s.creator_id
    left join subscriptions sub on sub.id = s.subscription_id
    where a.provider_intent_id = $1::text`,
);

export async function findAttemptWithReceiptParts(db: Db, intentId: string) {
  const [row] = await runPrepared<{
    attempt: unknown;
    support: unknown;
    creator_username: string | null;
    creator_display_name: string | null;
    subscription: unknown;
  }>(db, ATTEMPT_WITH_RECEIPT_PARTS, [intentId]);
  if (!row) return undefined;
  const attempt = rowOf(paymentAttempts, row.attempt);
  const support = row.support ? rowOf(supports, row.support) : null;
  const subscription = row.subscription ? rowOf(subscriptions, row.subscription) : null;
  const receiptParts =
    support && row.creator_username !== null && row.creator_display_name !== null
      ? {
          attempt,
          support,
          creatorUsername: row.creator_username,
          creatorDisplayName: row.creator_display_name,
          subscription,
        }
      : null;
  return { attempt, receiptParts };
}

/**
 * Checkout attempts left pending (the process died mid-payment), oldest first, leaving out those whose recovery
 * failed and waits until its next_recovery_at.
 */
export async function listStaleCheckoutAttempts(
  db: Db,
  olderThan: Date,
  now: Date,
  limit: number,
): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.status, 'pending'),
        eq(paymentAttempts.purpose, 'checkout'),
        sql`${paymentAttempts.createdAt} < ${olderThan.toISOString()}::timestamptz`,
        sql`(${paymentAttempts.nextRecoveryAt} is null or ${paymentAttempts.nextRecoveryAt} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(paymentAttempts.createdAt)
    .limit(limit);
}

/** A recovery of the attempt threw: one more failed try, and the next not before `next` (only while still pending). */
export async function deferAttemptRecovery(db: Db, attemptId: string, next: (failedTries: number) => Date) {
  const [row] = await db
    .select({ recoveryAttempts: paymentAttempts.recoveryAttempts })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId));
  if (!row) return;
  const failedTries = row.recoveryAttempts + 1;
  await db
    .update(paymentAttempts)
    .set({ recoveryAttempts: failedTries, nextRecoveryAt: next(failedTries) })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, 'pending')));
}
