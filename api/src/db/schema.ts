// The one database schema, for PGlite and PostgreSQL alike (nothing newer than PostgreSQL 15).
// Money is integer cents. Emails are stored lower-cased, so uniqueness ignores case.
import { sql } from 'drizzle-orm';
import { PAYOUT_STATUSES } from '@beabro/shared/api-schemas/payouts';
import { POST_AUDIENCES, POST_STATUSES } from '@beabro/shared/api-schemas/posts';
import { REFUND_REASONS } from '@beabro/shared/api-schemas/refunds';
import { SUBSCRIPTION_STATUSES } from '@beabro/shared/api-schemas/subscriptions';
import { CURRENCIES } from '@beabro/shared/money/currencies';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The currency of a row's amounts (decision 0015): its creator's, lower-case ISO 4217 as Stripe writes it. No default:
 * every insert says it (migration 0038 wrote `usd` on the rows before it).
 */
const currency = () => text('currency', { enum: CURRENCIES }).notNull();
const currencyCheck = (table: string, column: AnyPgColumn) =>
  check(`${table}_currency_check`, sql`${column} in ('usd', 'cad', 'gbp', 'aud')`);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased; null once the account is deleted (financial records stay, detached from the person). */
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    displayName: text('display_name').notNull(),
    /** The role chosen at sign-up; an account becomes a creator too by onboarding. */
    userType: text('user_type', { enum: ['creator', 'supporter'] }).notNull(),
    notifyNewSupport: boolean('notify_new_support').notNull().default(true),
    notifyMonthlyReport: boolean('notify_monthly_report').notNull().default(true),
    notifyGoalReached: boolean('notify_goal_reached').notNull().default(true),
    notifySupporterMessages: boolean('notify_supporter_messages').notNull().default(true),
    /** "New posts from creators I support" (migration 0023). */
    notifyNewPosts: boolean('notify_new_posts').notNull().default(true),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie token: a database leak does not leak usable sessions. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Set when the session was started by a two-factor sign-in (the operator console needs it). */
    twoFactorAt: timestamp('two_factor_at', { withTimezone: true }),
    /** The client address that signed in (shown to operators among the account's logins). */
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Two-factor sign-in (TOTP) of an account. A row with `enabledAt` null is a set-up waiting for its first
 * code. The secret is encrypted with a key derived from APP_SECRET (AES-256-GCM, see two-factor-secret-box).
 */
export const twoFactorCredentials = pgTable('two_factor_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The TOTP time step of the last code accepted: a code of that step or an earlier one is refused (replay). */
  lastUsedTimeStep: bigint('last_used_time_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes; only their SHA-256 is kept. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_id_code_hash_key').on(t.userId, t.codeHash)],
);

/**
 * The step between a right password and the code: not a session, only the right to try a code for a few
 * minutes. Single use (deleted when it succeeds) and dropped after a few wrong codes. SHA-256 of the token.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_token_hash_key').on(t.tokenHash),
    index('two_factor_challenges_user_id_idx').on(t.userId),
  ],
);

export const creatorProfiles = pgTable(
  'creator_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    usernameChangedAt: timestamp('username_changed_at', { withTimezone: true }),
    displayName: text('display_name').notNull(),
    bio: text('bio').notNull(),
    creatorType: text('creator_type').notNull(),
    /** Platform -> validated handle; public URLs are built by the server from these. */
    socialLinks: jsonb('social_links').$type<Record<string, string>>().notNull().default({}),
    minimumAmountCents: integer('minimum_amount_cents').notNull().default(300),
    goalTitle: text('goal_title').notNull().default(''),
    goalAmountCents: integer('goal_amount_cents'),
    /** When the goal (title and target) was set: a trigger (migration 0010) renews it on every change, so a changed goal is a new goal. */
    goalSetAt: timestamp('goal_set_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a support first took the current goal to its target (null again once the goal changes). */
    goalReachedAt: timestamp('goal_reached_at', { withTimezone: true }),
    /** ISO 3166-1 alpha-2; payouts go only to the supported countries. */
    country: text('country'),
    /**
     * The currency of every amount of the creator's (tiers, goal, supports, payouts): their payout country's, set with it
     * (`currencyForCountry`), fixed once they have a support.
     */
    currency: text('currency', { enum: CURRENCIES }).notNull().default('usd'),
    profileImage: text('profile_image'),
    coverImage: text('cover_image'),
    showEarnings: boolean('show_earnings').notNull().default(false),
    showSupporterCount: boolean('show_supporter_count').notNull().default(true),
    allowMessages: boolean('allow_messages').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the account is deleted: the profile is no longer public and its username is never reused. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** An operator hid the page after a report: not public until shown again. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** When an operator reviewed the new creator (creators before migration 0029 count as reviewed). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Payouts wait for an operator's review (e.g. after a lost fraud dispute); marking them reviewed clears it. */
    payoutsReviewReason: text('payouts_review_reason'),
  },
  (t) => [
    currencyCheck('creator_profiles', t.currency),
    uniqueIndex('creator_profiles_username_key').on(t.username),
    index('creator_profiles_created_at_idx').on(t.createdAt),
    check('creator_profiles_minimum_amount_check', sql`${t.minimumAmountCents} between 100 and 10000`),
    check('creator_profiles_goal_amount_check', sql`${t.goalAmountCents} is null or ${t.goalAmountCents} >= 0`),
  ],
);

/** Usernames a creator has left behind: old links redirect to the current one, and nobody else may take them. */
export const formerUsernames = pgTable(
  'former_usernames',
  {
    username: text('username').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('former_usernames_user_id_idx').on(t.userId)],
);

export const supportTiers = pgTable(
  'support_tiers',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    /** 0..3: the four tiers; their amounts are the creator's suggested amounts. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    emoji: text('emoji').notNull(),
    description: text('description').notNull(),
    perks: jsonb('perks').$type<string[]>().notNull().default([]),
    isRecurring: boolean('is_recurring').notNull().default(false),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.position] }),
    check('support_tiers_position_check', sql`${t.position} between 0 and 3`),
    check('support_tiers_amount_check', sql`${t.amountCents} >= 100`),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.creatorId] }), index('follows_creator_id_idx').on(t.creatorId)],
);

export const supports = pgTable(
  'supports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId),
    supporterUserId: uuid('supporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Who counts as one supporter (stable: survives the account's deletion, and a guest's address verified
     * by an account joins it). Set by a database trigger at insert when not given (migration 0011): the
     * default is null only so inserts may leave it out.
     */
    supporterId: uuid('supporter_id')
      .notNull()
      .default(sql`null`)
      .references((): AnyPgColumn => supporterIdentities.id),
    /** The name the supporter gave (kept privately even when anonymous). */
    supporterName: text('supporter_name'),
    /** Lower-cased; receipts go here. Null once detached from a deleted account. */
    supporterEmail: text('supporter_email'),
    amountCents: integer('amount_cents').notNull(),
    currency: currency(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    processingFeeCents: integer('processing_fee_cents').notNull(),
    creatorNetCents: integer('creator_net_cents').notNull(),
    message: text('message').notNull().default(''),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    isRecurring: boolean('is_recurring').notNull().default(false),
    /** Set on every support a subscription paid: the first at checkout and each renewal. */
    subscriptionId: uuid('subscription_id').references((): AnyPgColumn => subscriptions.id),
    /** A monthly renewal charged by the job (not a visit to the support page). */
    isRenewal: boolean('is_renewal').notNull().default(false),
    /** Which of the creator's tiers was chosen at checkout, if any. */
    tierPosition: integer('tier_position'),
    /** The supporter chose "Show me on the supporter wall" at checkout (never with an anonymous support). */
    showOnWall: boolean('show_on_wall').notNull().default(false),
    /** The creator hid this supporter from their wall (set on every opted-in support of the supporter). */
    wallHiddenAt: timestamp('wall_hidden_at', { withTimezone: true }),
    /** The supporter left the wall; a later support opting in again puts them back. */
    wallLeftAt: timestamp('wall_left_at', { withTimezone: true }),
    /** When the card issuer warned the payment may be fraudulent (an early fraud warning): refunded, and flagged. */
    fraudFlaggedAt: timestamp('fraud_flagged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    currencyCheck('supports', t.currency),
    index('supports_wall_idx')
      .on(t.creatorId, t.supporterId, t.createdAt)
      .where(sql`${t.showOnWall}`),
    index('supports_creator_created_idx').on(t.creatorId, t.createdAt, t.supporterId),
    index('supports_supporter_created_idx').on(t.supporterId, t.createdAt),
    index('supports_subscription_idx').on(t.subscriptionId),
    index('supports_supporter_user_idx').on(t.supporterUserId),
    index('supports_supporter_email_idx').on(t.supporterEmail),
    check('supports_amount_check', sql`${t.amountCents} >= 100`),
    check(
      'supports_fees_add_up_check',
      sql`${t.creatorNetCents} >= 0 and ${t.platformFeeCents} >= 0 and ${t.processingFeeCents} >= 0 and ${t.creatorNetCents} <= ${t.amountCents}`,
    ),
  ],
);

/**
 * The stable supporter key (migration 0011): a support belongs to its account's identity when signed in,
 * else to its address's (a guest). An account that verifies an address takes over that address's guest
 * identity (the verified-email rule); a deleted account's identity stays, detached (no account, no
 * address), so its supports keep counting as one supporter. Kept by database triggers only.
 */
export const supporterIdentities = pgTable(
  'supporter_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The address whose guest supports belong here (lower-cased): a guest's, or the account's verified one. */
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('supporter_identities_user_key').on(t.userId),
    uniqueIndex('supporter_identities_email_key').on(t.email),
  ],
);

/*
 * Rollups (migration 0011), kept by triggers on supports, refunds and ledger_entries in the same
 * transaction as the facts; never written by the application. Views named *_recomputed define each one
 * from the facts, and the integrity check proves the stored rows equal them.
 */

/**
 * Per creator and UTC day: supports (count, recurring, gross, net, count per amount range of
 * SUPPORT_DISTRIBUTION_RANGES) on the support's day, succeeded refunds on the day completed, and the
 * ledger's gross, creator-net and payout entries (payouts negative) on the entry's day.
 */
export const creatorDailyRollups = pgTable(
  'creator_daily_rollups',
  {
    creatorId: uuid('creator_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    supports: integer('supports').notNull().default(0),
    recurringSupports: integer('recurring_supports').notNull().default(0),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
    netCents: bigint('net_cents', { mode: 'number' }).notNull().default(0),
    range1Supports: integer('range1_supports').notNull().default(0),
    range2Supports: integer('range2_supports').notNull().default(0),
    range3Supports: integer('range3_supports').notNull().default(0),
    range4Supports: integer('range4_supports').notNull().default(0),
    range5Supports: integer('range5_supports').notNull().default(0),
    refundedGrossCents: bigint('refunded_gross_cents', { mode: 'number' }).notNull().default(0),
    refundedNetCents: bigint('refunded_net_cents', { mode: 'number' }).notNull().default(0),
    ledgerGrossCents: bigint('ledger_gross_cents', { mode: 'number' }).notNull().default(0),
    ledgerNetCents: bigint('ledger_net_cents', { mode: 'number' }).notNull().default(0),
    ledgerPayoutCents: bigint('ledger_payout_cents', { mode: 'number' }).notNull().default(0),
    /** Supporters whose first support, last support, and last support that was not a renewal fall on the day (migration 0013). */
    firstSupporters: integer('first_supporters').notNull().default(0),
    lastSupporters: integer('last_supporters').notNull().default(0),
    lastCheckoutSupporters: integer('last_checkout_supporters').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.day] })],
);

/** The daily figures over the creator's whole history, and the number of distinct supporters. */
export const creatorRollups = pgTable('creator_rollups', {
  creatorId: uuid('creator_id').primaryKey(),
  supports: integer('supports').notNull().default(0),
  supporters: integer('supporters').notNull().default(0),
  grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
  netCents: bigint('net_cents', { mode: 'number' }).notNull().default(0),
  refundedGrossCents: bigint('refunded_gross_cents', { mode: 'number' }).notNull().default(0),
  refundedNetCents: bigint('refunded_net_cents', { mode: 'number' }).notNull().default(0),
  ledgerGrossCents: bigint('ledger_gross_cents', { mode: 'number' }).notNull().default(0),
  ledgerNetCents: bigint('ledger_net_cents', { mode: 'number' }).notNull().default(0),
  ledgerPayoutCents: bigint('ledger_payout_cents', { mode: 'number' }).notNull().default(0),
});

/** One row per creator and supporter: first support (ties by id), last, last that was not a renewal, count and gross. */
export const creatorSupporters = pgTable(
  'creator_supporters',
  {
    creatorId: uuid('creator_id').notNull(),
    supporterId: uuid('supporter_id').notNull(),
    firstSupportId: uuid('first_support_id').notNull(),
    firstSupportAt: timestamp('first_support_at', { withTimezone: true }).notNull(),
    lastSupportAt: timestamp('last_support_at', { withTimezone: true }).notNull(),
    lastCheckoutAt: timestamp('last_checkout_at', { withTimezone: true }),
    supports: integer('supports').notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.supporterId] }),
    index('creator_supporters_first_idx').on(t.creatorId, t.firstSupportAt),
    index('creator_supporters_last_idx').on(t.creatorId, t.lastSupportAt),
    index('creator_supporters_last_checkout_idx').on(t.creatorId, t.lastCheckoutAt),
  ],
);

/**
 * Figures of past windows (migration 0013), computed from the facts on the first read and kept until a
 * support created before the window's end is written (the supports trigger deletes the creator's windows
 * ending after it). Written only by the analytics repository, guarded by the creator's rollup row version.
 */
export const creatorWindowCache = pgTable(
  'creator_window_cache',
  {
    creatorId: uuid('creator_id').notNull(),
    kind: text('kind').notNull(),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    value: jsonb('value').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.kind, t.fromAt, t.toAt] })],
);

/**
 * One counter per creator, bumped by database triggers (migration 0004) in the same transaction as
 * every change the public profile shows: the profile, its account, tiers, supports, follows and
 * followers' accounts. A cached profile is served only while its version is still the current one,
 * so a change shows on the very next read, whichever API instance made it. No foreign key: the row
 * may outlive its creator harmlessly; a creator without a row is at version 0.
 */
export const creatorVersions = pgTable('creator_versions', {
  creatorId: uuid('creator_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const contactRequests = pgTable('contact_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  topic: text('topic').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every API instance (the database coordinates them). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Declined card payments, for the card-testing defence (modules/fraud): one row per decline and per key it counts
 * against ("ip:…", "fingerprint:…", "email:…", "creator:…"). `ref` names the decline (intent and card), so the same
 * decline reported twice (the page and the provider's event) counts once. Small amounts weigh 2. No card data.
 */
export const fraudDeclines = pgTable(
  'fraud_declines',
  {
    key: text('key').notNull(),
    ref: text('ref').notNull(),
    weight: integer('weight').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.ref] }), index('fraud_declines_key_at_idx').on(t.key, t.at)],
);

/** What the fraud controls raised for the operator (the console's Limits screen lists them). */
export const fraudAlerts = pgTable(
  'fraud_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** What it is about, e.g. "ip:203.0.113.7" or "support:<id>". */
    key: text('key').notNull(),
    kind: text('kind', { enum: ['card_testing', 'early_fraud_warning'] }).notNull(),
    detail: text('detail').notNull(),
  },
  (t) => [index('fraud_alerts_at_idx').on(t.at)],
);

/** Backoff counters (see backoff-limit-service.ts): attempts so far and when the last one was let through. */
export const rateLimitBackoffs = pgTable('rate_limit_backoffs', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
});

/**
 * Networks (rate-limit keys: an IPv4 address or an IPv6 /64) an account recently signed in from: they
 * skip the account-wide sign-in backoff, so guessing elsewhere cannot keep the owner out.
 */
export const signInKnownIps = pgTable(
  'sign_in_known_ips',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/**
 * Every email the product sends is first written here, in the same transaction as the change that
 * causes it; a sender delivers it (dev mailbox folder or SMTP), retrying with backoff.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** e.g. "support-receipt", "email-verification"; for the dev mailbox and metrics. */
    kind: text('kind').notNull(),
    /** Makes enqueueing idempotent: the same event never produces two emails. */
    dedupeKey: text('dedupe_key').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    /** The HTML part, rendered by the sender from `content` when it delivers (null until then). */
    htmlBody: text('html_body'),
    /** What the HTML part is rendered from (EmailContent, email-template.tsx): rendering stays out of the request that queues it. */
    content: jsonb('content'),
    /** The `List-Unsubscribe` header's URL (RFC 2369), for emails a recipient can stop; null for the others. */
    listUnsubscribeUrl: text('list_unsubscribe_url'),
    /** A POST to that URL unsubscribes at once (RFC 8058): the email also says `List-Unsubscribe-Post`. */
    listUnsubscribeOneClick: boolean('list_unsubscribe_one_click').notNull().default(false),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Gave up after too many attempts. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_key').on(t.dedupeKey),
    index('email_outbox_pending_idx').on(t.sentAt, t.failedAt, t.nextAttemptAt),
  ],
);

export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    /** SHA-256 of the token in the link. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address being verified: a later email change makes an old link useless. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId)],
);

/**
 * Links that let the owner of an address choose a new password: single use, valid for a short time.
 * Only the SHA-256 of the token is kept; the address it was sent to must still be the account's.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Daily view counters per creator page (a rollup, not a row per view): analytics read a handful of
 * rows whatever the traffic.
 */
export const pageViews = pgTable(
  'page_views',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    page: text('page', { enum: ['profile', 'support'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.page, t.day] })],
);

/*
 * Money engine. A support is written with its ledger entries in one transaction; every call to the
 * payment provider is recorded first (payment_attempts, unique idempotency key), so a retry or a
 * second API instance never charges twice.
 */

/** Monthly support: charged at each period end by the renewal job until canceled or lapsed. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId),
    supporterUserId: uuid('supporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-cased; receipts and renewal notices go here. */
    supporterEmail: text('supporter_email'),
    supporterName: text('supporter_name'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    tierPosition: integer('tier_position'),
    amountCents: integer('amount_cents').notNull(),
    currency: currency(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    /** Periods are whole calendar months from this instant (day clamped to the month's length). */
    billingAnchorAt: timestamp('billing_anchor_at', { withTimezone: true }).notNull(),
    /** 0 for the period paid at checkout, then 1, 2, ... */
    periodNumber: integer('period_number').notNull().default(0),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** Canceled by the supporter: no further charge, ends at currentPeriodEnd. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    paymentProvider: text('payment_provider').notNull(),
    /** The provider's reusable payment method (never a card number). */
    paymentMethodToken: text('payment_method_token').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    /**
     * Card setups started for this support (card-change.ts): each carries the next number in its metadata at the
     * provider, so that setups finishing out of order (the page's call, Stripe's setup_intent.succeeded) are ordered.
     */
    cardSetupsStarted: integer('card_setups_started').notNull().default(0),
    /** The number of the setup whose card it keeps: 0 for the card of the checkout (or a setup started unnumbered). */
    cardSetupNumber: integer('card_setup_number').notNull().default(0),
    /** Failed charges for the period being renewed; reset by a successful charge. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    /** When the supporter paused it (status paused); null otherwise. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** A pause for a fixed number of months ends (the renewal job resumes and charges) at this period boundary; null: until resumed. */
    pauseResumesAt: timestamp('pause_resumes_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    currencyCheck('subscriptions', t.currency),
    index('subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
    index('subscriptions_retry_idx').on(t.status, t.nextRetryAt),
    index('subscriptions_pause_resumes_idx').on(t.status, t.pauseResumesAt),
    index('subscriptions_supporter_user_idx').on(t.supporterUserId),
    index('subscriptions_supporter_email_idx').on(t.supporterEmail),
    index('subscriptions_creator_status_idx').on(t.creatorId, t.status),
    check('subscriptions_amount_check', sql`${t.amountCents} >= 100`),
  ],
);

/**
 * A raise of a monthly support asked for through a receipt's link (no sign-in), waiting for the supporter to
 * confirm it from the email sent to the address on file: one per support (a newer request replaces it), used
 * once, valid 24 hours. Only the SHA-256 of the link's token is kept.
 */
export const subscriptionChangeConfirmations = pgTable('subscription_change_confirmations', {
  subscriptionId: uuid('subscription_id')
    .primaryKey()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  tierPosition: integer('tier_position'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * A kept card a supporter replaced on a monthly support, to detach at its provider (card-change.ts): written with the
 * change, detached right after it, retried by the recover-payments job while the provider fails. `kept`: another
 * support not over still renews with it (its own card change queues it again).
 */
export const cardDetachments = pgTable(
  'card_detachments',
  {
    provider: text('provider').notNull(),
    paymentMethodToken: text('payment_method_token').notNull(),
    /** The support whose card change replaced it (the latest, when several did). */
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    status: text('status', { enum: ['pending', 'detached', 'kept', 'failed'] })
      .notNull()
      .default('pending'),
    /** Failed attempts at the provider; `failed` after CARD_DETACH_MAX_ATTEMPTS. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.paymentMethodToken] }),
    index('card_detachments_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** One charge per subscription and period: the unique key makes a renewal run twice charge once. */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    periodNumber: integer('period_number').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** failed: retries exhausted (the subscription lapsed) or it was canceled while past due. */
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    lastFailureMessage: text('last_failure_message'),
    /** The renewal intent awaiting the supporter's authentication (3-D Secure), confirmed from the emailed link. */
    actionIntentId: text('action_intent_id'),
    supportId: uuid('support_id').references(() => supports.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscription_charges_period_key').on(t.subscriptionId, t.periodStart)],
);

/**
 * Every provider charge, recorded (pending) before the provider is called and keyed by a unique
 * idempotency key: the checkout's client-made key, or renewal:<charge>:<attempt> for renewals.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    purpose: text('purpose', { enum: ['checkout', 'renewal'] }).notNull(),
    /** HMAC of the request: the same key with a different payment is refused. */
    requestFingerprint: text('request_fingerprint').notNull(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId),
    amountCents: integer('amount_cents').notNull(),
    currency: currency(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    /** What the checkout asked for (never the card): lets a crashed attempt be completed later. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    provider: text('provider').notNull(),
    /** The provider's payment intent, set right after the provider created it. */
    providerIntentId: text('provider_intent_id'),
    providerChargeId: text('provider_charge_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    failureField: text('failure_field'),
    supportId: uuid('support_id').references(() => supports.id),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    subscriptionChargeId: uuid('subscription_charge_id').references(() => subscriptionCharges.id),
    /** Tries of the recovery job that threw on this attempt; the next waits until next_recovery_at. */
    recoveryAttempts: integer('recovery_attempts').notNull().default(0),
    /** The recovery job skips the attempt until then (lib/retry-delay.ts); null: due as soon as it is stale. */
    nextRecoveryAt: timestamp('next_recovery_at', { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    currencyCheck('payment_attempts', t.currency),
    uniqueIndex('payment_attempts_idempotency_key').on(t.idempotencyKey),
    index('payment_attempts_pending_idx').on(t.status, t.createdAt),
    index('payment_attempts_support_idx').on(t.supportId),
    index('payment_attempts_charge_idx').on(t.subscriptionChargeId),
    uniqueIndex('payment_attempts_provider_intent_id').on(t.providerIntentId),
  ],
);

/** Every signed provider event handled, once by (provider, event id): a redelivery changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    intentId: text('intent_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.id] })],
);

/** One payout per creator and Monday-to-Sunday week (UTC). */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId),
    /** Monday of the week covered. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    /** Sunday of the week covered. */
    weekEnd: date('week_end', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: currency(),
    /** held: not paid, with holdReason; carried_over: a held week whose money a later payout paid. */
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    holdReason: text('hold_reason'),
    carriedIntoPayoutId: uuid('carried_into_payout_id'),
    provider: text('provider'),
    transferId: text('transfer_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    currencyCheck('payouts', t.currency),
    uniqueIndex('payouts_creator_week_key').on(t.creatorId, t.weekStart),
    index('payouts_status_idx').on(t.status),
    check('payouts_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/** Which supports a paid payout covers; the primary key pays each support out once. */
export const payoutItems = pgTable(
  'payout_items',
  {
    supportId: uuid('support_id')
      .primaryKey()
      .references(() => supports.id),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [index('payout_items_payout_idx').on(t.payoutId)],
);

export const LEDGER_ENTRY_TYPES = [
  'gross',
  'platform_fee',
  'processing_fee',
  'creator_net',
  'payout',
  /** A dispute's amount withdrawn from the platform (negative), the dispute fee (negative), the amount won back. */
  'dispute',
  'dispute_fee',
  'dispute_reinstated',
  /**
   * A lost fraud dispute: the creator's share of the support taken back from them to the platform (a negative entry
   * on the creator's account, the positive one on the platform's), once the provider reversed it (docs/money.md#disputes).
   */
  'dispute_recovery',
  /**
   * On "platform", per support paid through a provider that reports its fee: the processing fee estimate the creator
   * bore minus the provider's actual fee (negative when the provider charged more, e.g. an international card).
   */
  'processing_fee_difference',
  /**
   * With Stripe, a payout Stripe made from the creator's account to their bank is a `payout` entry (negative, on the
   * payout's creation date) with provider_payout_id; a payout the bank returned or Stripe canceled gives it back with a
   * `payout_failure` or `payout_cancel` entry (positive, on the event's date), as Stripe's balance does.
   */
  'payout_failure',
  'payout_cancel',
] as const;

/**
 * A creator's refund of (part of) a support. Recorded as pending before the provider is called (it
 * reserves the amount: pending and succeeded refunds of a support never exceed it), then completed with
 * its reversing ledger entries in one transaction. Unique per creator and Idempotency-Key.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supportId: uuid('support_id')
      .notNull()
      .references(() => supports.id),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId),
    idempotencyKey: text('idempotency_key').notNull(),
    /** HMAC of the request: the same key with a different refund is refused. */
    requestFingerprint: text('request_fingerprint').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: currency(),
    /** The part of the platform fee given back (pro rata, set on completion); the processing fee is not. */
    platformFeeReturnedCents: integer('platform_fee_returned_cents').notNull().default(0),
    /** What comes off the creator's balance: amount minus the platform fee returned. */
    creatorDebitCents: integer('creator_debit_cents').notNull().default(0),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    /** Shown to the supporter in the refund email. */
    note: text('note').notNull().default(''),
    cancelSubscription: boolean('cancel_subscription').notNull().default(false),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    /** Why the provider refused it: when asked (never succeeded), or later (provider_failed_at set). */
    failureMessage: text('failure_message'),
    /**
     * When the provider reported the refund failed after it had succeeded (the card's bank refused it: Stripe's
     * refund.failed): status turned failed, and its ledger entries were reversed (ledger_entries.reversal).
     */
    providerFailedAt: timestamp('provider_failed_at', { withTimezone: true }),
    /**
     * After such a failure, giving the creator's account at the provider back what the refund took off it: pending
     * until the transfer is made (the recover-payments job retries it), then done; null when there is nothing to move.
     */
    creatorRestore: text('creator_restore', { enum: ['pending', 'done'] }),
    /** The provider's transfer that gave it back, and the payment it made on the creator's account (reconciliation). */
    creatorRestoreTransferId: text('creator_restore_transfer_id'),
    creatorRestorePaymentId: text('creator_restore_payment_id'),
    /** Tries of the transfer that threw; the next waits until next_restore_at. */
    creatorRestoreAttempts: integer('creator_restore_attempts').notNull().default(0),
    nextRestoreAt: timestamp('next_restore_at', { withTimezone: true }),
    /** The payout that deducted this refund from the creator's earnings (a refund after the support was paid out). */
    payoutId: uuid('payout_id').references(() => payouts.id),
    /** The payout that counted the reversal of this refund's creator-net entry (a refund failed after it succeeded). */
    reversalPayoutId: uuid('reversal_payout_id').references(() => payouts.id),
    /** Tries of the recovery job that threw on this pending refund; the next waits until next_recovery_at. */
    recoveryAttempts: integer('recovery_attempts').notNull().default(0),
    /** The recovery job skips the refund until then (lib/retry-delay.ts); null: due as soon as it is stale. */
    nextRecoveryAt: timestamp('next_recovery_at', { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    currencyCheck('refunds', t.currency),
    uniqueIndex('refunds_creator_key').on(t.creatorId, t.idempotencyKey),
    index('refunds_support_idx').on(t.supportId),
    index('refunds_creator_created_idx').on(t.creatorId, t.createdAt),
    // The refunds a payout deducted (the next-payout estimate reads those of the latest payouts).
    index('refunds_payout_idx').on(t.payoutId),
    check(
      'refunds_amount_check',
      sql`${t.amountCents} > 0 and ${t.platformFeeReturnedCents} >= 0 and ${t.creatorDebitCents} >= 0`,
    ),
  ],
);

/**
 * The books. Per support: gross (account "supporters"), platform_fee ("platform"), processing_fee
 * ("processor") and creator_net ("creator:<id>"), with gross = the other three. Per paid payout:
 * a negative payout entry on "creator:<id>". Per refund: negative gross, platform_fee (the part returned)
 * and creator_net entries with refundId set, on the refund's date; the processing fee is not returned; a
 * refund the provider failed later gets the same three with the opposite sign (reversal), on that date. A
 * creator's balance is the sum of their account (negative after a refund of money already paid out).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId),
    supportId: uuid('support_id').references(() => supports.id),
    payoutId: uuid('payout_id').references(() => payouts.id),
    /** The provider's payout (provider_payouts.id) a payout, payout_failure or payout_cancel entry books. */
    providerPayoutId: text('provider_payout_id'),
    /** Set on the reversing entries of a refund (negative amounts, with the refunded support's id). */
    refundId: uuid('refund_id').references((): AnyPgColumn => refunds.id),
    /**
     * With refund_id: the entry gives back a refund's entry of the same type, the refund having failed at the provider
     * after it succeeded (positive amounts, on the failure's date).
     */
    reversal: boolean('reversal').notNull().default(false),
    /** Set on a dispute's entries (with the disputed support's id): the provider's dispute id. */
    disputeId: text('dispute_id'),
    account: text('account').notNull(),
    type: text('type', { enum: LEDGER_ENTRY_TYPES }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: currency(),
    /** The support's or payout's time, so monthly figures group by when the money moved. */
    createdAt: createdAt(),
  },
  (t) => [
    currencyCheck('ledger_entries', t.currency),
    index('ledger_entries_creator_type_created_idx').on(t.creatorId, t.type, t.createdAt),
    uniqueIndex('ledger_entries_support_type_key')
      .on(t.supportId, t.type)
      .where(sql`refund_id is null and dispute_id is null`),
    uniqueIndex('ledger_entries_refund_type_key').on(t.refundId, t.type, t.reversal),
    uniqueIndex('ledger_entries_dispute_type_key').on(t.disputeId, t.type, t.account),
    uniqueIndex('ledger_entries_payout_type_key').on(t.payoutId, t.type),
    uniqueIndex('ledger_entries_provider_payout_type_key').on(t.providerPayoutId, t.type),
    check('ledger_entries_source_check', sql`num_nonnulls(${t.supportId}, ${t.payoutId}, ${t.providerPayoutId}) = 1`),
  ],
);

/** One row per run of a scheduled job, for operators (what ran, when, what it did or why it failed). */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] })
      .notNull()
      .default('running'),
    /** The clock the job ran with (the CLI's --now). */
    asOf: timestamp('as_of', { withTimezone: true }).notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    error: text('error'),
  },
  (t) => [index('job_runs_name_started_idx').on(t.name, t.startedAt)],
);

/*
 * The embedded sandbox payment provider's own books (a real provider keeps these on its side):
 * reusable payment methods (brand, last four and the test behaviour, never the number), charges
 * and transfers, each unique by idempotency key.
 */
export const SANDBOX_CARD_BEHAVIOURS = [
  'succeed',
  'decline',
  'insufficient_funds',
  'decline_renewals',
  'authentication_required',
  'test_mode_only',
  'early_fraud_warning',
  'refund_fails',
  'dispute_fraudulent',
] as const;

export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  behaviour: text('behaviour', { enum: SANDBOX_CARD_BEHAVIOURS }).notNull(),
  /** The card's fingerprint as a provider gives it: a keyed hash of the number (the number is kept nowhere). */
  fingerprint: text('fingerprint'),
  createdAt: createdAt(),
  /** Removed from the supporter (a card they replaced): never charged again, like a detached Stripe payment method. */
  detachedAt: timestamp('detached_at', { withTimezone: true }),
});

export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: currency(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    failureCode: text('failure_code'),
    paymentMethodToken: text('payment_method_token'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_charges_idempotency_key').on(t.idempotencyKey),
    currencyCheck('sandbox_charges', t.currency),
  ],
);

/** The sandbox's payment intents: created by the API, confirmed from its card frame or off-session. */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    customer: text('customer').notNull(),
    keepCard: boolean('keep_card').notNull(),
    offSession: boolean('off_session').notNull(),
    applicationFeeCents: integer('application_fee_cents').notNull(),
    destination: text('destination').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    status: text('status', {
      enum: ['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled'],
    }).notNull(),
    paymentMethodToken: text('payment_method_token'),
    chargeId: text('charge_id'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_payment_intents_idempotency_key').on(t.idempotencyKey)],
);

/** The sandbox's SetupIntents: a card saved for later payments without a charge (replacing a monthly support's card). */
export const sandboxSetupIntents = pgTable(
  'sandbox_setup_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    customer: text('customer').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    status: text('status', {
      enum: ['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled'],
    }).notNull(),
    paymentMethodToken: text('payment_method_token'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_setup_intents_idempotency_key').on(t.idempotencyKey)],
);

/** The events the sandbox sends to the API's event endpoint (signed like a real provider's). */
export const sandboxEvents = pgTable('sandbox_events', {
  id: text('id').primaryKey(),
  intentId: text('intent_id').notNull(),
  type: text('type').notNull(),
  /** The refund a refund.failed event is about (sent by the sandbox's event run, not right after a change). */
  refundId: text('refund_id'),
  createdAt: createdAt(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
});

export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: currency(),
    destination: text('destination').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_transfers_idempotency_key').on(t.idempotencyKey),
    currencyCheck('sandbox_transfers', t.currency),
  ],
);

/**
 * A creator's webhook endpoint. The signing secret is stored encrypted with a key derived from
 * APP_SECRET (see webhook-secret.ts): a database leak alone does not let anyone forge deliveries.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives, e.g. ["support.created"]. */
    events: jsonb('events').$type<string[]>().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    /** The secret's first characters, shown to tell secrets apart. */
    secretHint: text('secret_hint').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** The first failed attempt since the last delivered one: failing for 3 days turns the endpoint off. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_creator_idx').on(t.creatorId)],
);

/**
 * The webhook outbox: one row per event and endpoint, written in the transaction of the change the
 * event reports, delivered (and retried with backoff) by the webhook sender. It is the delivery log too.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    /** The same for every endpoint that receives the event, and on every retry (receivers dedupe on it). */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON body sent (and signed). */
    body: text('body').notNull(),
    isTest: boolean('is_test').notNull().default(false),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    /** The first few hundred characters of the answer, never more. */
    responseExcerpt: text('response_excerpt'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_creator_idx').on(t.creatorId),
  ],
);

export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    chargeId: text('charge_id')
      .notNull()
      .references(() => sandboxCharges.id),
    amountCents: integer('amount_cents').notNull(),
    /** Failed: the card's bank sent a succeeded refund back (the refund-fails test card); its money is on the balance again. */
    status: text('status', { enum: ['succeeded', 'failed'] })
      .notNull()
      .default('succeeded'),
    failureReason: text('failure_reason'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_idempotency_key').on(t.idempotencyKey),
    index('sandbox_refunds_charge_idx').on(t.chargeId),
  ],
);

/**
 * A creator's payout account at the payment provider (Stripe Connect: the connected account their supports are
 * routed to), as the provider last reported it in account.updated.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    creatorId: uuid('creator_id')
      .primaryKey()
      .references(() => creatorProfiles.userId),
    provider: text('provider').notNull(),
    accountId: text('account_id').notNull(),
    /** ISO country of the account (US, CA, GB, AU). */
    country: text('country').notNull(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    /** The `transfers` capability is active: destination charges may be routed to the account. */
    transfersActive: boolean('transfers_active').notNull().default(false),
    /**
     * Whether the account's payout schedule at the provider is manual (true: a hold applies and the provider pays
     * nothing out) or weekly on Tuesdays (false), as the payouts job last set it; null when not known (then it is set).
     */
    payoutsHeld: boolean('payouts_held'),
    /** What the provider still asks for (its requirement names, currently due or past due). */
    requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
    disabledReason: text('disabled_reason'),
    /** When the provider created the account.updated event last applied: an older one arriving late is ignored. */
    statusEventAt: timestamp('status_event_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_accounts_provider_account_key').on(t.provider, t.accountId)],
);

/**
 * The provider's payouts from a creator's connected account to their bank, as payout.paid / payout.failed /
 * payout.canceled report them.
 */
export const providerPayouts = pgTable(
  'provider_payouts',
  {
    provider: text('provider').notNull(),
    id: text('id').notNull(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId),
    accountId: text('account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** paid, failed or canceled (Stripe's payout status when the event was sent); failed and canceled are final. */
    status: text('status').notNull(),
    arrivalDate: timestamp('arrival_date', { withTimezone: true }),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** When the provider created the payout.* event last applied: an older one arriving late is ignored. */
    eventCreatedAt: timestamp('event_created_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.id] }),
    index('provider_payouts_creator_idx').on(t.creatorId, t.createdAt),
  ],
);

/** Disputes (chargebacks) of supports' charges as the provider reports them; the platform bears their losses. */
export const disputes = pgTable(
  'disputes',
  {
    provider: text('provider').notNull(),
    id: text('id').notNull(),
    supportId: uuid('support_id')
      .notNull()
      .references(() => supports.id),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId),
    amountCents: integer('amount_cents').notNull(),
    currency: currency(),
    /** The card network's reason in the provider's words (fraudulent, product_not_received, ...). */
    reason: text('reason').notNull(),
    /** The provider's status: needs_response, under_review, won, lost, warning_* for inquiries... */
    status: text('status').notNull(),
    /** What the provider took from the platform's balance, its dispute fee, and what it gave back (a won dispute). */
    withdrawnCents: integer('withdrawn_cents').notNull().default(0),
    feeCents: integer('fee_cents').notNull().default(0),
    reinstatedCents: integer('reinstated_cents').notNull().default(0),
    /** When the provider created the charge.dispute.* event whose status was last applied (older ones keep it). */
    statusEventAt: timestamp('status_event_at', { withTimezone: true }),
    /** The provider's deadline for evidence, when it gave one (shown to operators). */
    dueBy: timestamp('due_by', { withTimezone: true }),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * A lost fraud dispute takes the creator's share of the support back: pending until the provider reversed it (the
     * recover-payments job retries it), then done with its `dispute_recovery` entries; null when there is none.
     */
    creatorRecovery: text('creator_recovery', { enum: ['pending', 'done'] }),
    /** What was taken back from the creator (their ledger share, no more than the provider could reverse). */
    recoveredCents: integer('recovered_cents').notNull().default(0),
    /** The provider's transfer reversal, and the refund of the payment it made on the creator's account. */
    recoveryReversalId: text('recovery_reversal_id'),
    recoveryPaymentRefundId: text('recovery_payment_refund_id'),
    /** Tries of the reversal that threw; the next waits until next_recovery_at. */
    recoveryAttempts: integer('recovery_attempts').notNull().default(0),
    nextRecoveryAt: timestamp('next_recovery_at', { withTimezone: true }),
    /** The payout that deducted what was taken back from the creator's earnings (as refunds.payout_id). */
    recoveryPayoutId: uuid('recovery_payout_id').references(() => payouts.id),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.id] }),
    index('disputes_support_idx').on(t.supportId),
    currencyCheck('disputes', t.currency),
  ],
);

/**
 * Posts (migration 0023): the Markdown as typed and the sanitized HTML rendered from it by the server when
 * saved, with its plain-text excerpt. Who may read one is decided by the API on every read (post-access.ts).
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    /** Unique per creator; follows the title while a draft, fixed once published. */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    bodyMarkdown: text('body_markdown').notNull(),
    bodyHtml: text('body_html').notNull(),
    /** Plain text of the body, at most 200 characters. */
    excerpt: text('excerpt').notNull(),
    audience: text('audience', { enum: POST_AUDIENCES }).notNull(),
    /** For the tier audience: the position of the lowest tier that may read it. */
    minTierPosition: integer('min_tier_position'),
    /** Early access: everyone may read it this many days after publishing. */
    earlyAccessDays: integer('early_access_days'),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Set when the post was edited after publishing. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** The publish email fan-out: queued at the first publish, done once every reader's email is in the outbox. */
    emailsQueuedAt: timestamp('emails_queued_at', { withTimezone: true }),
    emailsDoneAt: timestamp('emails_done_at', { withTimezone: true }),
    /** An operator hid the post after a report: nobody can read it until shown again. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('posts_creator_slug_key').on(t.creatorId, t.slug),
    uniqueIndex('posts_creator_pinned_key')
      .on(t.creatorId)
      .where(sql`${t.pinned}`),
    index('posts_creator_published_idx').on(t.creatorId, t.status, t.publishedAt),
    index('posts_emails_pending_idx')
      .on(t.emailsQueuedAt)
      .where(sql`${t.emailsQueuedAt} is not null and ${t.emailsDoneAt} is null`),
    check('posts_audience_check', sql`${t.audience} in ('everyone', 'supporters', 'monthly', 'tier')`),
    check(
      'posts_tier_check',
      sql`(${t.audience} = 'tier') = (${t.minTierPosition} is not null) and (${t.minTierPosition} is null or ${t.minTierPosition} between 0 and 3)`,
    ),
    check(
      'posts_early_access_check',
      sql`${t.earlyAccessDays} is null or (${t.earlyAccessDays} between 1 and 30 and ${t.audience} <> 'everyone')`,
    ),
    check(
      'posts_status_check',
      sql`${t.status} in ('draft', 'published') and (${t.status} = 'published') = (${t.publishedAt} is not null)`,
    ),
  ],
);

/** Images uploaded for posts (files under uploads/): a post may show only its own creator's. */
export const postImages = pgTable(
  'post_images',
  {
    name: text('name').primaryKey(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The stored file's size in pixels; null for images uploaded before sizes were recorded. */
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [
    index('post_images_creator_idx').on(t.creatorId),
    check(
      'post_images_size_check',
      sql`(${t.width} is null and ${t.height} is null) or (${t.width} > 0 and ${t.height} > 0)`,
    ),
  ],
);

/**
 * One row per post and address its publish email went to (at most one email per post per person). Its id is
 * what the unsubscribe link signs, so the row outlives the post.
 */
export const postDeliveries = pgTable(
  'post_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('post_deliveries_post_email_key').on(t.postId, t.email),
    index('post_deliveries_creator_idx').on(t.creatorId),
  ],
);

/** Addresses that stopped a creator's post emails (the link in each one; no sign-in needed). */
export const postEmailOptOuts = pgTable(
  'post_email_opt_outs',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'post_email_opt_outs_pkey', columns: [t.creatorId, t.email] })],
);

/** Operators (made from the command line only: `pnpm --filter api operator:add EMAIL`). */
export const operators = pgTable('operators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  addedAt: createdAt(),
  /** Who made them an operator ("command line"). */
  addedBy: text('added_by').notNull(),
});

/** An account suspended by an operator (current state; the history is in operator_audit_log). */
export const accountSuspensions = pgTable('account_suspensions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Shown to the suspended person. */
  reason: text('reason').notNull(),
  suspendedAt: createdAt(),
  /** The operator's email, or "system". */
  suspendedBy: text('suspended_by'),
});

/** The operator console's settings: one row (id 1). */
export const operatorSettings = pgTable(
  'operator_settings',
  {
    id: integer('id').primaryKey().default(1),
    reviewThresholdCents: integer('review_threshold_cents').notNull().default(50000),
    reviewHoldDays: integer('review_hold_days').notNull().default(14),
  },
  (t) => [check('operator_settings_one_row_check', sql`${t.id} = 1`)],
);

/** A visitor's report of a creator page or a post (POST /api/reports), and what an operator did about it. */
export const abuseReports = pgTable(
  'abuse_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    message: text('message'),
    /** Lower-cased; the outcome is emailed here. */
    reporterEmail: text('reporter_email'),
    status: text('status', { enum: ['open', 'hidden', 'dismissed', 'suspended'] })
      .notNull()
      .default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
    resolution: text('resolution'),
  },
  (t) => [index('abuse_reports_status_created_idx').on(t.status, t.createdAt)],
);

/** Addresses the outbox never sends to (an email to them bounced for good). */
export const emailSuppressions = pgTable('email_suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/** Email domains sign-up refuses. */
export const blockedEmailDomains = pgTable('blocked_email_domains', {
  domain: text('domain').primaryKey(),
  createdAt: createdAt(),
  /** The operator's email. */
  createdBy: text('created_by').notNull(),
});

/**
 * Every operator action, suspension and lift. Append-only, enforced by the database: a trigger
 * (operator_audit_log_append_only, migration 0029) refuses UPDATE, DELETE and TRUNCATE. No foreign keys:
 * an entry keeps the actor's email and target as text after the account is deleted.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The operator's email, "system" or "command line". */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** "user:<id>", "report:<id>", "payout:<id>", "limit:<key>", "domain:<name>". */
    target: text('target').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('operator_audit_log_target_idx').on(t.target, t.id)],
);

/**
 * Each run of the daily reconciliation with the payment provider (docs/money.md#reconciliation): the period compared
 * ([period_start, period_end)), whether every cent was explained, and the differences as readable lines.
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    ok: boolean('ok').notNull(),
    differences: jsonb('differences').$type<string[]>().notNull(),
  },
  (t) => [index('reconciliation_runs_ran_at_idx').on(t.ranAt)],
);
