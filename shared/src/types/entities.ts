import type { CreatorType } from '@beabro/shared/data/creator-types';
import type { SocialPlatform } from '@beabro/shared/data/social-platforms';

/*
 * Shapes of the sample data (seed creators, tiers, FAQ) and of the onboarding draft.
 * What travels over HTTP is typed from the zod schemas in `@beabro/shared/api-schemas` instead.
 * Conventions (so every area and the API agree without converting twice):
 * - money is always integer cents in fields ending in `Cents` (forms work in whole dollars; convert with
 *   `dollarsToCents` from `@beabro/shared/money/dollars-to-cents`);
 * - dates are ISO 8601 strings (they travel as JSON);
 * - rates are percentages in fields ending in `Percent` (4.2 means 4.2 %).
 */

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
  /** Emails of new posts from creators the account supports. */
  newPosts: boolean;
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
