import type { CreatorDashboard } from '@beabro/shared/api-schemas/dashboards';
import type { PayoutPayer } from '@beabro/shared/api-schemas/payouts';
import { conversionRatePercent } from '@beabro/shared/data/conversion-rate';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isoDay } from '../payouts/payout-weeks';
import { estimateNextPayout } from '../payouts/payouts-service';
import { goalPercent } from '../public-profile/public-profile-service';
import { toReceivedSupportDto } from '../refunds/received-support';
import { listRefundFigures } from '../refunds/refunds-repository';
import { findWallStates } from '../supporter-wall/supporter-wall-repository';
import {
  countNewSupportersSince,
  countPausedSubscriptions,
  countRenewingSubscriptions,
  countRetryingSubscriptions,
  countSupporters,
  findDashboardCreator,
  listRecentReceivedSupports,
  sumCreatorLedger,
  sumPageViews,
} from './dashboards-repository';
import { CREATOR_PROFILE_REQUIRED } from '../../lib/messages';

export const RECENT_SUPPORTS_ON_DASHBOARD = 10;
/** Views and conversion cover this many days, today included. */
export const VIEWS_WINDOW_DAYS = 30;

const DAY_MS = 86_400_000;

/** `part / whole` as a percentage with one decimal; null when there is nothing to compare with. */
export function percentOneDecimal(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part * 1000) / whole) / 10;
}

/** (this month - last) / last, one decimal; null when last month is 0 (docs/product-rules.md#growth-rate). */
export function growthRatePercent(thisMonthCents: number, lastMonthCents: number): number | null {
  return percentOneDecimal(thisMonthCents - lastMonthCents, lastMonthCents);
}

export function monthStarts(now: Date): { thisMonth: Date; lastMonth: Date } {
  return {
    thisMonth: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    lastMonth: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)),
  };
}

/** GET /api/creator/dashboard: every figure from the creator's own rows (ledger, supports, subscriptions, views). */
export async function getCreatorDashboard(
  db: Db,
  creatorId: string,
  now = new Date(),
  paidBy: PayoutPayer = 'platform',
): Promise<CreatorDashboard> {
  const creator = await findDashboardCreator(db, creatorId);
  if (!creator) throw new AppError('not_found', CREATOR_PROFILE_REQUIRED);
  const months = monthStarts(now);
  const windowStart = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (VIEWS_WINDOW_DAYS - 1) * DAY_MS,
  );

  const money = await sumCreatorLedger(db, creatorId, months.thisMonth, months.lastMonth);
  const supporters = await countSupporters(db, creatorId, months.thisMonth);
  const recurringSupports = await countRenewingSubscriptions(db, creatorId);
  const pausedSupports = await countPausedSubscriptions(db, creatorId);
  const retryingSupports = await countRetryingSubscriptions(db, creatorId);
  const views = await sumPageViews(db, creatorId, isoDay(windowStart));
  const newSupporters = await countNewSupportersSince(db, creatorId, windowStart);
  const recent = await listRecentReceivedSupports(db, creatorId, RECENT_SUPPORTS_ON_DASHBOARD);
  const refundFigures = await listRefundFigures(
    db,
    recent.map((s) => s.id),
  );
  const wallStates = await findWallStates(db, creatorId, [...new Set(recent.map((s) => s.supporterId))]);
  const nextPayout = await estimateNextPayout(db, creatorId, creator.country, now, paidBy);
  const goalAmountCents = creator.goalAmountCents && creator.goalAmountCents > 0 ? creator.goalAmountCents : null;

  return {
    currency: creator.currency,
    totalEarnings: { grossCents: money.totalGross, netCents: money.totalNet },
    thisMonth: { grossCents: money.thisGross, netCents: money.thisNet },
    lastMonth: { grossCents: money.lastGross, netCents: money.lastNet },
    growthRatePercent: growthRatePercent(money.thisGross, money.lastGross),
    totalSupporters: supporters.total,
    newSupporters: supporters.fresh,
    recurringSupports,
    pausedSupports,
    retryingSupports,
    viewsWindowDays: VIEWS_WINDOW_DAYS,
    profileViews: views.profile,
    supportPageViews: views.support,
    conversionRatePercent: conversionRatePercent(newSupporters, views.support),
    goal:
      goalAmountCents === null
        ? null
        : {
            title: creator.goalTitle,
            amountCents: goalAmountCents,
            raisedCents: money.totalGross,
            percent: goalPercent(money.totalGross, goalAmountCents),
            supporterCount: supporters.total,
          },
    recentSupports: recent.map((s) =>
      toReceivedSupportDto(s, refundFigures.get(s.id), wallStates.get(s.supporterId) ?? null),
    ),
    balanceCents: money.totalNet + money.paidOut,
    nextPayout,
  };
}
