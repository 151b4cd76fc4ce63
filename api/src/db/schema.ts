// The one database schema, for PGlite and PostgreSQL alike (nothing newer than PostgreSQL 15).
// Money is integer cents. Emails are stored lower-cased, so uniqueness ignores case.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
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
    /** ISO 3166-1 alpha-2; payouts go only to the supported countries. */
    country: text('country'),
    profileImage: text('profile_image'),
    coverImage: text('cover_image'),
    showEarnings: boolean('show_earnings').notNull().default(false),
    showSupporterCount: boolean('show_supporter_count').notNull().default(true),
    allowMessages: boolean('allow_messages').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the account is deleted: the profile is no longer public and its username is never reused. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('creator_profiles_username_key').on(t.username),
    index('creator_profiles_created_at_idx').on(t.createdAt),
    check('creator_profiles_minimum_amount_check', sql`${t.minimumAmountCents} between 100 and 10000`),
    check('creator_profiles_goal_amount_check', sql`${t.goalAmountCents} is null or ${t.goalAmountCents} >= 0`),
  ],
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
    /** The name the supporter gave (kept privately even when anonymous). */
    supporterName: text('supporter_name'),
    /** Lower-cased; receipts go here. Null once detached from a deleted account. */
    supporterEmail: text('supporter_email'),
    amountCents: integer('amount_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    processingFeeCents: integer('processing_fee_cents').notNull(),
    creatorNetCents: integer('creator_net_cents').notNull(),
    message: text('message').notNull().default(''),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    isRecurring: boolean('is_recurring').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('supports_creator_created_idx').on(t.creatorId, t.createdAt),
    index('supports_supporter_user_idx').on(t.supporterUserId),
    index('supports_supporter_email_idx').on(t.supporterEmail),
    check('supports_amount_check', sql`${t.amountCents} >= 100`),
    check(
      'supports_fees_add_up_check',
      sql`${t.creatorNetCents} >= 0 and ${t.platformFeeCents} >= 0 and ${t.processingFeeCents} >= 0 and ${t.creatorNetCents} <= ${t.amountCents}`,
    ),
  ],
);

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
    htmlBody: text('html_body'),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Gave up after too many attempts. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_outbox_dedupe_key').on(t.dedupeKey), index('email_outbox_pending_idx').on(t.sentAt, t.failedAt, t.nextAttemptAt)],
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
