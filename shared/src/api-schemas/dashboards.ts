import { z } from 'zod';
import { currencySchema } from '@beabro/shared/api-schemas/common';
import { CREATOR_TYPE_IDS } from '@beabro/shared/data/creator-types';
import { nextPayoutSchema } from '@beabro/shared/api-schemas/payouts';
import { subscriptionSchema } from '@beabro/shared/api-schemas/subscriptions';
import { givenSupportSchema, receivedSupportSchema } from '@beabro/shared/api-schemas/supports';

const cents = z.number().int().min(0);
const count = z.number().int().min(0);

/**
 * What supporters paid (gross) and what the creator keeps after both fees (net), both lowered by refunds on
 * the refund's date (so a month with more refunded than received is negative).
 */
export const earningsSchema = z.object({ grossCents: z.number().int(), netCents: z.number().int() });

/** GET /api/creator/dashboard (docs/product-rules.md#creator-dashboard); months are UTC calendar months. */
export const creatorDashboardSchema = z.object({
  /** The creator's currency: every amount below is in it. */
  currency: currencySchema,
  totalEarnings: earningsSchema,
  thisMonth: earningsSchema,
  lastMonth: earningsSchema,
  /** (this month - last month) / last month, in percent with one decimal, on gross; null when last month is 0. */
  growthRatePercent: z.number().nullable(),
  totalSupporters: count,
  /** Supporters whose first support to this creator was this month. */
  newSupporters: count,
  /** Active monthly supports (not paused ones). */
  recurringSupports: count,
  /** Monthly supports paused by their supporters (nothing is charged until they resume). */
  pausedSupports: count,
  /** Monthly supports whose last renewal failed and is being retried (they lapse when the retry window ends). */
  retryingSupports: count,
  /** Views and conversions cover the last `viewsWindowDays` days, today included. */
  viewsWindowDays: count,
  profileViews: count,
  supportPageViews: count,
  /** data/conversion-rate: new supporters (each once) / support page views, in percent, one decimal, at most 100; null without views. */
  conversionRatePercent: z.number().nullable(),
  goal: z
    .object({
      title: z.string(),
      amountCents: cents,
      raisedCents: cents,
      /** Rounded, capped at 100. */
      percent: z.number().int().min(0).max(100),
      supporterCount: count,
    })
    .nullable(),
  /** Newest first, at most 10. */
  recentSupports: z.array(receivedSupportSchema),
  /** Net earned minus paid out. */
  balanceCents: z.number().int(),
  nextPayout: nextPayoutSchema,
});

/** A creator on the supporter's "My Missions" tab. */
export const supportedCreatorSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  profileImageUrl: z.string().nullable(),
  creatorType: z.enum(CREATOR_TYPE_IDS),
  totalSupportedCents: cents,
  /** The creator's currency, that of totalSupportedCents. */
  currency: currencySchema,
  lastSupportedAt: z.iso.datetime({ offset: true }),
  /** A monthly support to this creator is running ("Monthly Support Active"; a paused one is not). */
  isRecurring: z.boolean(),
  /** That monthly support, to pause or cancel it. */
  subscriptionId: z.uuid().nullable(),
  /** The supporter is on this creator's supporter wall (and can leave it). */
  onWall: z.boolean(),
});

/** GET /api/supporter/dashboard (docs/product-rules.md#supporter-dashboard). */
/** A supporter's totals in one currency: amounts of two currencies are never added together. */
export const currencyTotalSchema = z.object({
  currency: currencySchema,
  totalSupportedCents: cents,
  thisMonthCents: cents,
});

export const supporterDashboardSchema = z.object({
  /** One per currency the supporter gave in, the largest total first; empty before the first support. */
  totals: z.array(currencyTotalSchema),
  creatorsSupported: count,
  /** Monthly supports that renew (not paused ones). */
  recurringSupports: count,
  creators: z.array(supportedCreatorSchema),
  /** Monthly supports that still renew, are being retried or are paused. */
  subscriptions: z.array(subscriptionSchema),
  /** Newest first. */
  history: z.array(givenSupportSchema),
  /** Whether guest supports made with this account's email are included (only once the email is verified). */
  includesGuestSupports: z.boolean(),
});

export type CreatorDashboard = z.infer<typeof creatorDashboardSchema>;
export type SupportedCreatorDto = z.infer<typeof supportedCreatorSchema>;
export type SupporterDashboard = z.infer<typeof supporterDashboardSchema>;
