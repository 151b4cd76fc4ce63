import {
  ANONYMOUS_SUPPORTER_NAME,
  RECENT_ACTIVITY_LIMIT,
  SUPPORT_DISTRIBUTION_RANGES,
  TOP_SUPPORTERS_LIMIT,
  analyticsCsvFilename,
  type AnalyticsPeriodValue,
  type CreatorAnalytics,
  type RecentActivityDto,
  type SupportsByAmountDto,
  type TopSupporterDto,
} from '@beabro/shared/api-schemas/analytics';
import { CREATOR_PROFILE_MESSAGES } from '@beabro/shared/api-schemas/creator-profile';
import { conversionRatePercent } from '@beabro/shared/data/conversion-rate';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { analyticsWindow, earningsBuckets, windowDays } from './analytics-period';
import { countPausedSubscriptions } from '../dashboards/dashboards-repository';
import {
  countByAmount,
  countNewSupporters,
  findAnalyticsCreator,
  findGoalReachedAt,
  listFirstSupports,
  listRefunds,
  listSupports,
  sumByDay,
  sumRefunds,
  sumRefundsByDay,
  sumPeriod,
  sumViews,
} from './analytics-repository';
import { supportsCsv } from './analytics-csv';
import { listTopSupporters } from './analytics-top-supporters';

/** `part / whole` in percent with one decimal; null when there is nothing to compare with. */
export function percentOneDecimal(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part * 1000) / whole) / 10;
}

/** The growth rate (docs/product-rules.md#growth-rate) of any two periods: (now - before) / before, one decimal. */
export function changePercent(current: number, previous: number): number | null {
  return percentOneDecimal(current - previous, previous);
}

/**
 * Counts per SUPPORT_DISTRIBUTION_RANGES, each with its share to one decimal. Every share is rounded on
 * its own, so equal counts always show equal shares; nothing on the page adds them up, so the total may
 * read 99.9 % or 100.1 % (largest-remainder rounding had shown 8.4 % and 8.3 % for two equal counts).
 */
export function supportDistribution(amounts: readonly { amountCents: number; count: number }[]): SupportsByAmountDto[] {
  const counts = SUPPORT_DISTRIBUTION_RANGES.map((range) =>
    amounts
      .filter((a) => a.amountCents >= range.minCents && (range.maxCents === null || a.amountCents <= range.maxCents))
      .reduce((sum, a) => sum + a.count, 0),
  );
  const total = counts.reduce((sum, c) => sum + c, 0);
  return SUPPORT_DISTRIBUTION_RANGES.map((range, i) => ({
    range: range.label,
    minCents: range.minCents,
    maxCents: range.maxCents,
    count: counts[i] ?? 0,
    percentage: percentOneDecimal(counts[i] ?? 0, total) ?? 0,
  }));
}

const nameOf = (name: string | null | undefined) => name?.trim() || null;

/**
 * Newest first: supports, supporters' first supports and the goal being reached. Events at the same
 * instant read as consequence before cause: goal reached, then new supporter, then the support.
 */
export function mergeActivity(events: RecentActivityDto[], limit: number): RecentActivityDto[] {
  const rank: Record<RecentActivityDto['type'], number> = { goal_reached: 0, new_supporter: 1, support: 2 };
  return [...events].sort((a, b) => b.date.localeCompare(a.date) || rank[a.type] - rank[b.type]).slice(0, limit);
}

async function requireCreator(db: Db, creatorId: string) {
  const creator = await findAnalyticsCreator(db, creatorId);
  if (!creator) throw new AppError('not_found', CREATOR_PROFILE_MESSAGES.notFound);
  return creator;
}

/** A period's money minus the refunds made in it (on the refund's date). */
function lessRefunds<T extends { grossCents: number; netCents: number }>(
  totals: T,
  refunded: { grossCents: number; netCents: number },
): T {
  return {
    ...totals,
    grossCents: totals.grossCents - refunded.grossCents,
    netCents: totals.netCents - refunded.netCents,
  };
}

/** GET /api/creator/analytics: the signed-in creator's figures for the period ending now. */
export async function getCreatorAnalytics(
  db: Db,
  creatorId: string,
  period: AnalyticsPeriodValue,
  now = new Date(),
): Promise<CreatorAnalytics> {
  const creator = await requireCreator(db, creatorId);
  const window = analyticsWindow(period, now);
  const days = windowDays(window);
  const { start, end, previousStart } = window;

  // One after the other: PGlite runs one query at a time anyway, and a pool is not worth holding for this.
  const current = lessRefunds(await sumPeriod(db, creatorId, start, end), await sumRefunds(db, creatorId, start, end));
  const previous = lessRefunds(
    await sumPeriod(db, creatorId, previousStart, start, { checkouts: false }),
    await sumRefunds(db, creatorId, previousStart, start),
  );
  const newSupporters = await countNewSupporters(db, creatorId, start, end);
  const byDay = [...(await sumByDay(db, creatorId, start, end)), ...(await sumRefundsByDay(db, creatorId, start, end))];
  const byAmount = await countByAmount(db, creatorId, start, end);
  const top = await listTopSupporters(db, creatorId, start, end, TOP_SUPPORTERS_LIMIT, { now });
  const recent = await listSupports(db, creatorId, start, end, { order: 'newest', limit: RECENT_ACTIVITY_LIMIT });
  const firsts = await listFirstSupports(db, creatorId, start, end, RECENT_ACTIVITY_LIMIT);
  const goalCents = creator.goalAmountCents && creator.goalAmountCents > 0 ? creator.goalAmountCents : null;
  const goalReachedAt = goalCents === null ? undefined : await findGoalReachedAt(db, creatorId, goalCents, now);
  const views = await sumViews(db, creatorId, days.start, days.end);
  const previousViews = await sumViews(db, creatorId, days.previousStart, days.previousEnd);
  const pausedSupports = await countPausedSubscriptions(db, creatorId);

  const topSupporters = top.map((row): TopSupporterDto => ({
    kind: row.isAnonymousGroup ? 'anonymous' : 'supporter',
    name: row.isAnonymousGroup ? ANONYMOUS_SUPPORTER_NAME : (nameOf(row.latestName) ?? nameOf(row.accountName)),
    totalSupportCents: row.totalCents,
    supports: row.supports,
    isRecurring: row.isRecurring,
    lastSupportAt: row.lastAt.toISOString(),
  }));

  const activity: RecentActivityDto[] = [
    ...recent.map((s): RecentActivityDto => ({
      type: 'support',
      date: s.createdAt.toISOString(),
      amountCents: s.amountCents,
      supporter: s.isAnonymous ? null : nameOf(s.supporterName),
      isAnonymous: s.isAnonymous,
      isRecurring: s.isRecurring,
      isRenewal: s.isRenewal,
    })),
    ...firsts.map((s): RecentActivityDto => ({
      type: 'new_supporter',
      date: s.createdAt.toISOString(),
      supporter: s.isAnonymous ? null : nameOf(s.supporterName),
      isAnonymous: s.isAnonymous,
    })),
  ];
  if (goalCents !== null && goalReachedAt && goalReachedAt >= start && goalReachedAt < end) {
    activity.push({
      type: 'goal_reached',
      date: goalReachedAt.toISOString(),
      goalName: creator.goalTitle.trim() || 'Your goal',
      goalAmountCents: goalCents,
    });
  }

  return {
    currency: creator.currency,
    period,
    range: days,
    summary: {
      grossCents: current.grossCents,
      netCents: current.netCents,
      supports: current.supports,
      supporters: current.supporters,
      newSupporters,
      averageSupportCents: current.supports === 0 ? 0 : Math.max(0, Math.round(current.grossCents / current.supports)),
      recurringSupports: current.recurringSupports,
      pausedSupports,
      previous: {
        grossCents: previous.grossCents,
        netCents: previous.netCents,
        supports: previous.supports,
        supporters: previous.supporters,
      },
      change: {
        grossPercent: changePercent(current.grossCents, previous.grossCents),
        supportsPercent: changePercent(current.supports, previous.supports),
        supportersPercent: changePercent(current.supporters, previous.supporters),
      },
    },
    earnings: { granularity: window.granularity, buckets: earningsBuckets(window, byDay) },
    supportsByAmount: supportDistribution(byAmount),
    topSupporters,
    recentActivity: mergeActivity(activity, RECENT_ACTIVITY_LIMIT),
    traffic: {
      profileViews: views.profile,
      supportPageViews: views.support,
      checkouts: current.checkouts,
      conversionRatePercent: conversionRatePercent(current.checkouts, views.support),
      previous: { profileViews: previousViews.profile, supportPageViews: previousViews.support },
    },
  };
}

/** GET /api/creator/analytics/export.csv: the period's supports as a spreadsheet-safe CSV, with its file name. */
export async function exportCreatorAnalyticsCsv(
  db: Db,
  creatorId: string,
  period: AnalyticsPeriodValue,
  now = new Date(),
) {
  const creator = await requireCreator(db, creatorId);
  const window = analyticsWindow(period, now);
  const rows = await listSupports(db, creatorId, window.start, window.end, { order: 'oldest' });
  const refunded = await listRefunds(db, creatorId, window.start, window.end);
  return {
    filename: analyticsCsvFilename(creator.username, period, windowDays(window).end),
    csv: supportsCsv(creator.currency, rows, refunded),
  };
}
