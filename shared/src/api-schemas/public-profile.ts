import { z } from 'zod';
import { currencySchema } from '@beabro/shared/api-schemas/common';
import { CREATOR_TYPE_IDS } from '@beabro/shared/data/creator-types';
import { SOCIAL_PLATFORM_IDS } from '@beabro/shared/data/social-platforms';
import { paymentCapabilitiesSchema } from '@beabro/shared/api-schemas/payment-capabilities';
import { supporterWallPageSchema } from '@beabro/shared/api-schemas/supporter-wall';

const cents = z.number().int().min(0);
const count = z.number().int().min(0);

/** `/api/creators/:username`: the username as typed in the URL; the server lower-cases it. */
export const creatorUsernameParamsSchema = z.object({
  username: z.string().trim().toLowerCase().min(1).max(100),
});

export const publicSocialLinkSchema = z.object({
  platform: z.enum(SOCIAL_PLATFORM_IDS),
  handle: z.string(),
  /** Built by the server from platform + handle; always https. */
  url: z.url({ protocol: /^https$/ }),
});

export const publicTierSchema = z.object({
  /** 0..3, the order shown. */
  position: z.number().int().min(0).max(3),
  name: z.string(),
  emoji: z.string(),
  description: z.string(),
  perks: z.array(z.string()),
  isRecurring: z.boolean(),
  amountCents: cents,
});

export const publicGoalSchema = z.object({
  title: z.string(),
  amountCents: cents,
  /** Null when the creator hides earnings. */
  raisedCents: cents.nullable(),
  /** Rounded and capped at 100; null when the creator hides earnings (progress times the target is the total). */
  percent: z.number().int().min(0).max(100).nullable(),
  /** Null when the creator hides the supporter count. */
  supporterCount: count.nullable(),
});

export const publicSupportSchema = z.object({
  id: z.uuid(),
  /** Null for anonymous supports (and supporters who gave no name): the page shows "Anonymous". */
  name: z.string().nullable(),
  /** Null when the creator hides earnings: the amounts would add up to them. */
  amountCents: cents.nullable(),
  /** Empty when there is none or the creator does not allow messages. */
  message: z.string(),
  isRecurring: z.boolean(),
  createdAt: z.iso.datetime(),
});

export const publicAchievementSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  unlocked: z.boolean(),
});

/** GET /api/creators/:username: everything the public page shows, with privacy already applied by the server. */
export const publicCreatorProfileSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  bio: z.string(),
  creatorType: z.enum(CREATOR_TYPE_IDS),
  creatorTypeLabel: z.string(),
  /** Null means "draw the default" (initials, gradient cover). */
  profileImageUrl: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  socialLinks: z.array(publicSocialLinkSchema),
  followers: count,
  /** Null when the creator hides it (privacy: showSupporterCount). */
  supporterCount: count.nullable(),
  /** Null when the creator hides earnings (privacy: showEarnings). */
  totalEarnedCents: cents.nullable(),
  /** This calendar month (UTC); null when earnings are hidden. */
  monthlyEarnedCents: cents.nullable(),
  /** Null when the creator set no goal amount. */
  goal: publicGoalSchema.nullable(),
  tiers: z.array(publicTierSchema),
  minimumAmountCents: cents,
  /** The currency of every amount on the page (tiers, goal, earnings, supports): the creator's. */
  currency: currencySchema,
  acceptsMessages: z.boolean(),
  /**
   * What the site's payment provider can do; its `cardField` says which field takes the support page's card: the
   * sandbox's card frame or Stripe's Payment Element (mounted once the checkout has started its intent). Absent means
   * the sandbox's.
   */
  paymentCapabilities: paymentCapabilitiesSchema.optional(),
  /** The last ten, newest first. */
  recentSupports: z.array(publicSupportSchema),
  /** The supporter wall's first page (supporters who chose to appear on it, newest first). */
  wall: supporterWallPageSchema,
  achievements: z.array(publicAchievementSchema),
  viewer: z.object({ isOwner: z.boolean(), isFollowing: z.boolean() }),
});

/** POST and DELETE /api/creators/:username/follow. */
export const followStateSchema = z.object({
  following: z.boolean(),
  followers: count,
});

export type PublicCreatorProfileDto = z.infer<typeof publicCreatorProfileSchema>;
export type PublicSocialLinkDto = z.infer<typeof publicSocialLinkSchema>;
export type PublicTierDto = z.infer<typeof publicTierSchema>;
export type PublicGoalDto = z.infer<typeof publicGoalSchema>;
export type PublicSupportDto = z.infer<typeof publicSupportSchema>;
export type FollowStateDto = z.infer<typeof followStateSchema>;
