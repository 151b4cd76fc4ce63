import type { SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import { isCreatorType } from '@beabro/shared/data/creator-types';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import { imageUrl } from '../images/images-service';
import { listRefundFigures } from '../refunds/refunds-repository';
import { listCreatorsWithUserOnWall } from '../supporter-wall/supporter-wall-repository';
import { listSubscriptionViewsOwnedBy } from '../subscriptions/subscriptions-repository';
import { toSubscriptionDto } from '../subscriptions/subscriptions-service';
import { listSubscriptionsAwaitingConfirmation } from '../subscriptions/subscriptions-repository';
import { monthStarts } from './creator-dashboard-service';
import { listGivenSupports, listSupportedCreators, sumGivenSupports } from './dashboards-repository';

/** The history lists this many supports, newest first (the totals always count them all). */
export const SUPPORT_HISTORY_LIMIT = 500;

/**
 * GET /api/supporter/dashboard. A user's supports are those made signed in, plus guest supports
 * made with their email once that email is verified (otherwise anyone could claim a stranger's history).
 */
export async function getSupporterDashboard(db: Db, user: SessionUser, now = new Date()): Promise<SupporterDashboard> {
  const verifiedEmail = user.emailVerified ? user.email.toLowerCase() : null;
  const totals = await sumGivenSupports(db, user.id, verifiedEmail, monthStarts(now).thisMonth);
  const creators = await listSupportedCreators(db, user.id, verifiedEmail);
  const onWall = await listCreatorsWithUserOnWall(db, user.id, verifiedEmail);
  const history = await listGivenSupports(db, user.id, verifiedEmail, SUPPORT_HISTORY_LIMIT);
  const subscriptionViews = await listSubscriptionViewsOwnedBy(db, user.id, verifiedEmail, [
    'active',
    'past_due',
    'paused',
  ]);

  // The subscription that still renews for each creator ("Monthly Support Active"; not a paused one).
  const renewing = new Map<string, string>();
  for (const view of subscriptionViews) {
    const sub = view.subscription;
    if (!sub.cancelAtPeriodEnd && sub.status !== 'paused' && !renewing.has(sub.creatorId))
      renewing.set(sub.creatorId, sub.id);
  }

  const refunded = await listRefundFigures(
    db,
    history.map((h) => h.support.id),
  );
  const awaitingConfirmation = await listSubscriptionsAwaitingConfirmation(
    db,
    subscriptionViews.map((view) => view.subscription.id),
  );
  return {
    totals: totals.map((t) => ({ currency: t.currency, totalSupportedCents: t.total, thisMonthCents: t.thisMonth })),
    creatorsSupported: creators.length,
    recurringSupports: renewing.size,
    creators: creators.map((c) => ({
      username: c.username,
      displayName: c.displayName,
      profileImageUrl: imageUrl(c.profileImage),
      creatorType: isCreatorType(c.creatorType) ? c.creatorType : 'other',
      totalSupportedCents: c.total,
      currency: c.currency,
      lastSupportedAt: c.lastAt.toISOString(),
      isRecurring: renewing.has(c.creatorId),
      subscriptionId: renewing.get(c.creatorId) ?? null,
      onWall: onWall.has(c.creatorId),
    })),
    subscriptions: subscriptionViews.map((view) =>
      toSubscriptionDto(view.subscription, view, awaitingConfirmation.has(view.subscription.id)),
    ),
    history: history.map(({ support: s, creatorUsername, creatorDisplayName }) => ({
      id: s.id,
      creatorUsername,
      creatorDisplayName,
      amountCents: s.amountCents,
      currency: s.currency,
      platformFeeCents: s.platformFeeCents,
      processingFeeCents: s.processingFeeCents,
      creatorNetCents: s.creatorNetCents,
      message: s.message,
      isAnonymous: s.isAnonymous,
      isRecurring: s.isRecurring,
      isRenewal: s.isRenewal,
      asGuest: s.supporterUserId === null,
      refundedCents: refunded.get(s.id)?.refundedCents ?? 0,
      createdAt: s.createdAt.toISOString(),
    })),
    includesGuestSupports: verifiedEmail !== null,
  };
}
