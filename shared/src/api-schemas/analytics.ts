import { z } from 'zod';
import { currencySchema } from '@beabro/shared/api-schemas/common';
import type { Currency } from '@beabro/shared/money/currencies';
import { DEFAULT_ANALYTICS_PERIOD } from '@beabro/shared/data/defaults';

/*
 * GET /api/creator/analytics?period=7d|30d|90d|1y and GET /api/creator/analytics/export.csv?period=...
 *
 * Periods end now and are UTC days (the page-view counters and every monthly figure are UTC):
 * - 7d / 30d / 90d: today and the 6 / 29 / 89 days before it;
 * - 1y: this calendar month and the 11 before it (so each bar is a whole month).
 * The previous period is the same span just before. Earnings are bucketed by day (7d, 30d), by ISO week,
 * Monday to Sunday (90d), or by calendar month (1y); buckets at the edges are clipped to the period.
 */

export const ANALYTICS_MESSAGES = {
  periodInvalid: 'Choose a period: 7d, 30d, 90d or 1y',
} as const;

/** The selector's periods in order (the same list as ANALYTICS_PERIODS in data/defaults, as a tuple for zod). */
export const ANALYTICS_PERIOD_IDS = ['7d', '30d', '90d', '1y'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIOD_IDS)[number];

export const analyticsPeriodSchema = z.enum(ANALYTICS_PERIOD_IDS, { error: ANALYTICS_MESSAGES.periodInvalid });

export const analyticsQuerySchema = z.object({
  period: analyticsPeriodSchema.default(DEFAULT_ANALYTICS_PERIOD),
});

export const ANALYTICS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type AnalyticsGranularity = (typeof ANALYTICS_GRANULARITIES)[number];

export interface SupportDistributionRange {
  label: string;
  /** Inclusive, in cents. */
  minCents: number;
  /** Inclusive, in cents; null for the open top range. */
  maxCents: number | null;
}

/**
 * The ranges of docs/product-rules.md#analytics, with $51+, contiguous in cents so no support is dropped: an
 * amount with cents that falls between two labels (say $5.50) belongs to the higher range ("$6-15" reads
 * "over $5, up to $15").
 */
export const SUPPORT_DISTRIBUTION_RANGES: readonly SupportDistributionRange[] = Object.freeze([
  { label: '$1-5', minCents: 100, maxCents: 500 },
  { label: '$6-15', minCents: 501, maxCents: 1_500 },
  { label: '$16-25', minCents: 1_501, maxCents: 2_500 },
  { label: '$26-50', minCents: 2_501, maxCents: 5_000 },
  { label: '$51+', minCents: 5_001, maxCents: null },
]);

/** How many names the Top Supporters list shows. */
export const TOP_SUPPORTERS_LIMIT = 10;
/** How many events Recent Activity shows. */
export const RECENT_ACTIVITY_LIMIT = 15;
/** The name every anonymous support is counted under in Top Supporters. */
export const ANONYMOUS_SUPPORTER_NAME = 'Anonymous';

const cents = z.number().int().min(0);
const count = z.number().int().min(0);
const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });
/** A change against the previous period in percent with one decimal; null when the previous period had none. */
const changePercent = z.number().nullable();

/** Money of a period, lowered by the refunds made in it (on the refund's date): negative when more went back than came in. */
const money = z.number().int();

export const analyticsSummarySchema = z.object({
  /** What supporters paid in the period, minus what was refunded in it. */
  grossCents: money,
  /** What the creator keeps after both fees, minus what refunds in the period took off their balance. */
  netCents: money,
  supports: count,
  /** Distinct supporters (an account, else an email address) who gave in the period. */
  supporters: count,
  /** Supporters whose first support to this creator ever falls in the period. */
  newSupporters: count,
  /** Gross / supports, rounded to the cent; 0 without supports. */
  averageSupportCents: cents,
  /** Supports in the period that were monthly (first payments and renewals). */
  recurringSupports: count,
  /** Monthly supports paused right now by their supporters (not a figure of the period: nothing is charged while paused). */
  pausedSupports: count,
  previous: z.object({ grossCents: money, netCents: money, supports: count, supporters: count }),
  change: z.object({ grossPercent: changePercent, supportsPercent: changePercent, supportersPercent: changePercent }),
});

export const earningsBucketSchema = z.object({
  /** First UTC day of the bucket inside the period. */
  start: isoDate,
  /** Last UTC day of the bucket inside the period (today for the current one). */
  end: isoDate,
  grossCents: money,
  netCents: money,
  supports: count,
});

export const supportsByAmountSchema = z.object({
  range: z.string(),
  minCents: cents,
  maxCents: cents.nullable(),
  count,
  /** Share of the period's supports, one decimal, each rounded on its own (0 when there are none). */
  percentage: z.number().min(0).max(100),
});

export const topSupporterSchema = z.object({
  /** "anonymous" gathers every anonymous support of the period under one "Anonymous" row. */
  kind: z.enum(['supporter', 'anonymous']),
  /** The name they gave (their latest), else their account name; null when they never gave one. */
  name: z.string().nullable(),
  totalSupportCents: cents,
  supports: count,
  /** At least one of these supports was monthly. */
  isRecurring: z.boolean(),
  lastSupportAt: isoDateTime,
});

export const supportActivitySchema = z.object({
  type: z.literal('support'),
  date: isoDateTime,
  amountCents: cents,
  /** Null when anonymous or no name was given. */
  supporter: z.string().nullable(),
  isAnonymous: z.boolean(),
  isRecurring: z.boolean(),
  /** A monthly renewal charged automatically. */
  isRenewal: z.boolean(),
});

export const newSupporterActivitySchema = z.object({
  type: z.literal('new_supporter'),
  date: isoDateTime,
  supporter: z.string().nullable(),
  isAnonymous: z.boolean(),
});

export const goalReachedActivitySchema = z.object({
  type: z.literal('goal_reached'),
  /** When the total raised first reached the current goal amount. */
  date: isoDateTime,
  goalName: z.string(),
  goalAmountCents: cents,
});

export const recentActivitySchema = z.discriminatedUnion('type', [
  supportActivitySchema,
  newSupporterActivitySchema,
  goalReachedActivitySchema,
]);

export const trafficSchema = z.object({
  profileViews: count,
  supportPageViews: count,
  /** People who made a new support in the period, each counted once (renewals and repeat supports are not new). */
  checkouts: count,
  /** data/conversion-rate: checkouts / support page views in percent, one decimal, at most 100; null without views. */
  conversionRatePercent: z.number().nullable(),
  previous: z.object({ profileViews: count, supportPageViews: count }),
});

export const creatorAnalyticsSchema = z.object({
  /** The creator's currency: every amount below is in it. */
  currency: currencySchema,
  period: analyticsPeriodSchema,
  range: z.object({ start: isoDate, end: isoDate, previousStart: isoDate, previousEnd: isoDate }),
  summary: analyticsSummarySchema,
  earnings: z.object({ granularity: z.enum(ANALYTICS_GRANULARITIES), buckets: z.array(earningsBucketSchema) }),
  supportsByAmount: z.array(supportsByAmountSchema),
  /** Highest total first, at most TOP_SUPPORTERS_LIMIT. */
  topSupporters: z.array(topSupporterSchema),
  /** Newest first, at most RECENT_ACTIVITY_LIMIT, within the period. */
  recentActivity: z.array(recentActivitySchema),
  traffic: trafficSchema,
});

export type AnalyticsPeriodValue = z.infer<typeof analyticsPeriodSchema>;
export type CreatorAnalytics = z.infer<typeof creatorAnalyticsSchema>;
export type AnalyticsSummaryDto = z.infer<typeof analyticsSummarySchema>;
export type EarningsBucketDto = z.infer<typeof earningsBucketSchema>;
export type SupportsByAmountDto = z.infer<typeof supportsByAmountSchema>;
export type TopSupporterDto = z.infer<typeof topSupporterSchema>;
export type RecentActivityDto = z.infer<typeof recentActivitySchema>;
export type TrafficDto = z.infer<typeof trafficSchema>;

/** The columns of the CSV export, in order. */
export function analyticsCsvColumns(currency: Currency): string[] {
  const code = currency.toUpperCase();
  return [
    'Date (UTC)',
    'Supporter',
    `Amount (${code})`,
    `Platform fee (${code})`,
    `Processing fee (${code})`,
    `You receive (${code})`,
    'Type',
    'Message',
  ];
}

/** The download name: "beabro-supports-pixelpat-30d-2025-06-15.csv". */
export function analyticsCsvFilename(username: string, period: AnalyticsPeriodValue, endDay: string): string {
  return `beabro-supports-${username}-${period}-${endDay}.csv`;
}
