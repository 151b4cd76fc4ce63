import type { NotificationSettings, PrivacySettings } from '@beabro/shared/types/entities';
import type { AnalyticsPeriod } from '@beabro/shared/api-schemas/analytics';

/*
 * Business constants and limits (docs/product-rules.md), in one place so forms, schemas, the API
 * and copy ("bio max 200") cannot drift apart. Amounts ending in `_DOLLARS` are whole dollars as typed
 * in forms; amounts ending in `_CENTS` are what entities and the API store.
 */

export const DEFAULT_MINIMUM_AMOUNT_DOLLARS = 3;
export const MINIMUM_AMOUNT_MIN_DOLLARS = 1;
export const MINIMUM_AMOUNT_MAX_DOLLARS = 100;

export const DEFAULT_SUGGESTED_AMOUNTS_DOLLARS = [5, 15, 25, 50] as const;
export const SUGGESTED_AMOUNT_MIN_DOLLARS = 1;

/** The support page preselects this amount. */
export const DEFAULT_SUPPORT_AMOUNT_DOLLARS = 5;
export const SUPPORT_AMOUNT_MIN_DOLLARS = 1;
/** Caps a single support so a typo (an extra zero or three) cannot charge a fortune. */
export const MAX_SINGLE_SUPPORT_DOLLARS = 10_000;
export const MAX_SINGLE_SUPPORT_CENTS = MAX_SINGLE_SUPPORT_DOLLARS * 100;

export const GOAL_AMOUNT_MIN_DOLLARS = 0;
/** An upper bound keeps the progress maths and the display sane. */
export const GOAL_AMOUNT_MAX_DOLLARS = 10_000_000;
export const GOAL_TITLE_MAX_LENGTH = 80;

export const BIO_MAX_LENGTH = 200;
export const MESSAGE_MAX_LENGTH = 200;
export const DISPLAY_NAME_MAX_LENGTH = 50;
/** Sign-up full name and the optional supporter name. */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const PASSWORD_MIN_LENGTH = 8;
/** Bounds hashing work per request. */
export const PASSWORD_MAX_LENGTH = 128;

export const USERNAME_MIN_LENGTH = 3;
/** Keeps /{username} URLs readable. */
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[a-z0-9_]+$/;
/** What the username input strips (after lowercasing); global, for `String.replace`. */
export const USERNAME_DISALLOWED_CHARS = /[^a-z0-9_]/g;
/** The availability check starts once the username is this long. */
export const USERNAME_CHECK_MIN_LENGTH = 3;
/** FAQ claim: a username can be changed once every 30 days. */
export const USERNAME_CHANGE_INTERVAL_DAYS = 30;

export const ONBOARDING_STEP_COUNT = 3;

export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<NotificationSettings> = Object.freeze({
  newSupport: true,
  monthlyReport: true,
  goalReached: true,
  supporterMessages: true,
  newPosts: true,
});

export const DEFAULT_PRIVACY_SETTINGS: Readonly<PrivacySettings> = Object.freeze({
  showEarnings: false,
  showSupporterCount: true,
  allowMessages: true,
});

export interface PayoutCountry {
  /** ISO 3166-1 alpha-2. */
  code: 'US' | 'CA' | 'GB' | 'AU';
  name: string;
}

/** Creators can receive payouts only in these countries; supporters can pay from anywhere. */
export const SUPPORTED_PAYOUT_COUNTRIES: readonly PayoutCountry[] = Object.freeze([
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'AU', name: 'Australia' },
]);

/** Payouts are weekly, on Tuesday, covering the previous Monday to Sunday. */
export const PAYOUT_WEEKDAY = 'Tuesday';
export const FIRST_PAYOUT_VERIFICATION_DAYS = 7;

export const ANALYTICS_PERIODS: readonly AnalyticsPeriod[] = Object.freeze(['7d', '30d', '90d', '1y']);
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '30d';

export interface SupportAmountRange {
  label: string;
  minCents: number;
  maxCents: number;
}

/** Buckets of the analytics support distribution. */
export const SUPPORT_AMOUNT_RANGES: readonly SupportAmountRange[] = Object.freeze([
  { label: '$1-5', minCents: 100, maxCents: 500 },
  { label: '$6-15', minCents: 600, maxCents: 1_500 },
  { label: '$16-25', minCents: 1_600, maxCents: 2_500 },
  { label: '$26-50', minCents: 2_600, maxCents: 5_000 },
]);

/**
 * The footer's copyright year: the year the site is published in, decided
 * here once (not from each visitor's clock, so the server's page and the browser's agree): bump it with
 * the first release of a new year.
 */
export const COPYRIGHT_YEAR = 2026;
