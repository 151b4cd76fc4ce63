import type { SessionUser } from '@beabro/shared/types/session-user';

/*
 * Domain entities of SPEC.md section 3.
 * Conventions (so every area and the API agree without converting twice):
 * - money is always integer cents in fields ending in `Cents` (forms work in whole dollars; convert with
 *   `dollarsToCents` from `@beabro/shared/money/dollars-to-cents`);
 * - dates are ISO 8601 strings (they travel as JSON);
 * - rates are percentages in fields ending in `Percent` (4.2 means 4.2 %).
 */

/** Re-exported as a type only, so entity consumers need a single import for everything user-shaped. */
export type { SessionUser };

/** The eight creator type ids of SPEC.md section 3; labels live in `@beabro/shared/data/creator-types`. */
export type CreatorType =
  'creator' | 'entrepreneur' | 'artist' | 'business' | 'nonprofit' | 'educator' | 'changemaker' | 'other';

/** The eleven platforms offered in onboarding; details live in `@beabro/shared/data/social-platforms`. */
export type SocialPlatform =
  | 'website'
  | 'youtube'
  | 'instagram'
  | 'twitter'
  | 'linkedin'
  | 'tiktok'
  | 'twitch'
  | 'github'
  | 'behance'
  | 'soundcloud'
  | 'facebook';

/**
 * Validated handle (or, for `website`, domain + path without scheme) per platform.
 * Partial because a creator links only the platforms they use; the public URL is built with `socialPlatformUrl`.
 */
export type SocialLinks = Partial<Record<SocialPlatform, string>>;

/** Exactly four quick-pick amounts are shown everywhere, so the type enforces four. */
export type SuggestedAmountsCents = readonly [number, number, number, number];

/** What the onboarding wizard submits to create a creator profile. */
export interface CreatorProfileDraft {
  displayName: string;
  username: string;
  /** At most 200 characters. */
  bio: string;
  creatorType: CreatorType;
  socialLinks: SocialLinks;
  /** Default 300 ($3), allowed $1..$100. */
  minimumAmountCents: number;
  /** Default $5, $15, $25, $50. */
  suggestedAmountsCents: SuggestedAmountsCents;
  /** Null when the creator set no funding goal. */
  goalAmountCents: number | null;
  /** Empty string when no goal title was given. */
  goalTitle: string;
}

export interface Achievement {
  name: string;
  /** An emoji, shown as the badge. */
  icon: string;
  unlocked: boolean;
}

/** A creator profile as any visitor sees it at /{username}. */
export interface PublicCreatorProfile {
  username: string;
  displayName: string;
  bio: string;
  /** Null means "show the initials placeholder". */
  profileImageUrl: string | null;
  coverImageUrl: string | null;
  creatorType: CreatorType;
  followers: number;
  totalEarnedCents: number;
  monthlyEarnedCents: number;
  supporterCount: number;
  goalTitle: string;
  goalAmountCents: number | null;
  /** Amount raised towards the goal; the progress bar caps the ratio at 100 %. */
  goalProgressCents: number;
  socialLinks: SocialLinks;
  achievements: Achievement[];
}

export interface NotificationSettings {
  newSupport: boolean;
  monthlyReport: boolean;
  goalReached: boolean;
  supporterMessages: boolean;
}

export interface PrivacySettings {
  /** Default false. */
  showEarnings: boolean;
  /** Default true. */
  showSupporterCount: boolean;
  /** Default true. */
  allowMessages: boolean;
}

/** The settings-only part of a creator's profile (never shown publicly). */
export interface CreatorSettings {
  email: string;
  minimumAmountCents: number;
  suggestedAmountsCents: SuggestedAmountsCents;
  notifications: NotificationSettings;
  privacy: PrivacySettings;
}

/** What the signed-in creator loads on /settings: the public profile plus its private settings. */
export type OwnCreatorProfile = PublicCreatorProfile & CreatorSettings;

/** A support option on the profile and support page. Recurring support is always monthly. */
export interface SupportTier {
  id: string;
  name: string;
  amountCents: number;
  description: string;
  emoji: string;
  isRecurring: boolean;
  perks: string[];
}

/** One support as the receiving creator (or a public profile) sees it. */
export interface SupportRecord {
  id: string;
  /** Null when the supporter gave no name or chose to be anonymous; public views then show "?". */
  supporterName: string | null;
  amountCents: number;
  /** Empty string when there is no message. */
  message: string;
  isAnonymous: boolean;
  isRecurring: boolean;
  createdAt: string;
}

/** One support as the supporter who gave it sees it (history on /supporter-dashboard). */
export interface SupporterSupportRecord extends SupportRecord {
  creatorUsername: string;
  creatorDisplayName: string;
}

/** What the support page submits. */
export interface SupportPayload {
  amountCents: number;
  isRecurring: boolean;
  /** "Anonymous" when the supporter ticked anonymous; null when they simply left the name empty. */
  supporterName: string | null;
  supporterEmail: string;
  message: string;
  creatorUsername: string;
}

export interface DashboardMetrics {
  totalEarningsCents: number;
  thisMonthCents: number;
  lastMonthCents: number;
  totalSupporters: number;
  newSupporters: number;
  recurringSupports: number;
  profileViews: number;
  supportPageViews: number;
  /** Supports per support page view, as a percentage. */
  conversionRatePercent: number;
}

export interface SupporterMetrics {
  totalSupportedCents: number;
  creatorsSupported: number;
  thisMonthCents: number;
  recurringSupports: number;
}

/** A creator on the supporter's "My Missions" tab. */
export interface SupportedCreator {
  username: string;
  displayName: string;
  profileImageUrl: string | null;
  totalSupportedCents: number;
  lastSupportedAt: string;
  /** True while a monthly support to this creator is active. */
  isRecurring: boolean;
  creatorType: CreatorType;
}

export type AnalyticsPeriod = '7d' | '30d' | '90d' | '1y';

/** Figures of the analytics summary cards. */
export interface AnalyticsSummary {
  totalEarningsCents: number;
  totalSupports: number;
  totalSupporters: number;
  averageSupportCents: number;
  recurringSupporters: number;
  /** (this month - last month) / last month, one decimal; null when last month was 0. */
  growthRatePercent: number | null;
}

export interface MonthlyEarnings {
  /** Calendar month as "YYYY-MM". */
  month: string;
  amountCents: number;
}

/** One bucket of the support distribution ($1-5, $6-15, $16-25, $26-50). */
export interface SupportsByAmount {
  /** Display label, e.g. "$1-5". */
  range: string;
  minCents: number;
  /** Null for an open-ended top bucket. */
  maxCents: number | null;
  count: number;
  percentage: number;
}

export interface TopSupporter {
  name: string;
  totalSupportCents: number;
  /** Number of supports given. */
  supports: number;
  isRecurring: boolean;
}

export interface SupportActivity {
  type: 'support';
  date: string;
  amountCents: number;
  /** Null for anonymous supports. */
  supporter: string | null;
}

export interface GoalReachedActivity {
  type: 'goal_reached';
  date: string;
  goalName: string;
}

export interface NewSupporterActivity {
  type: 'new_supporter';
  date: string;
  supporter: string | null;
}

/** Discriminated on `type`, so each variant carries exactly the fields it has. */
export type RecentActivity = SupportActivity | GoalReachedActivity | NewSupporterActivity;

export interface TrafficStats {
  profileViews: number;
  supportPageViews: number;
  conversionRatePercent: number;
}

export interface Analytics {
  period: AnalyticsPeriod;
  summary: AnalyticsSummary;
  monthlyEarnings: MonthlyEarnings[];
  supportsByAmount: SupportsByAmount[];
  topSupporters: TopSupporter[];
  recentActivity: RecentActivity[];
  traffic: TrafficStats;
}

export type FaqCategory =
  | 'general'
  | 'pricing'
  | 'payments'
  | 'customization'
  | 'integration'
  | 'profile'
  | 'security'
  | 'recurring'
  | 'countries';

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
  category: FaqCategory;
  /** A code sample shown after the answer, as written (whitespace kept). */
  code?: string;
}
