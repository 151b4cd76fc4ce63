import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { creatorNotFound, isPossibleUsername } from '../public-profile/public-profile-service';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { isBotUserAgent, isPrefetchRequest } from './page-view-filters';
import { incrementDailyViews, type ViewedPage } from './page-views-repository';
import { findLiveCreator } from '../creator-profile/find-live-creator';

/** A reload, or coming back within half an hour, is the same visit: one view per visitor, page and window. */
export const PAGE_VIEW_RULE: RateLimitRule = { name: 'page-view', limit: 1, windowSeconds: 30 * 60 };

export interface PageViewRequest {
  username: string;
  page: ViewedPage;
  viewerId: string | null;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

export type PageViewOutcome = 'counted' | 'bot' | 'prefetch' | 'owner' | 'repeat';

/** The UTC calendar day of `now`, as the page_views table stores it. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The visitor's address is only needed to tell visits apart, so only a hash of it is stored. */
function visitorKey(creatorId: string, page: ViewedPage, ip: string): string {
  return `${creatorId}:${page}:${createHash('sha256').update(ip).digest('hex').slice(0, 32)}`;
}

/**
 * Counts one view of a creator's profile or support page for analytics, unless it is a bot, a
 * prefetch, the creator looking at their own page, or a repeat visit. Unknown creators are 404.
 */
export async function recordPageView(db: Db, view: PageViewRequest, now = new Date()): Promise<PageViewOutcome> {
  const username = view.username.trim().toLowerCase();
  if (!isPossibleUsername(username)) throw creatorNotFound();
  const creator = await findLiveCreator(db, username);
  if (!creator) throw creatorNotFound();

  const userAgent = view.headers['user-agent'];
  if (isBotUserAgent(Array.isArray(userAgent) ? userAgent.join(' ') : userAgent)) return 'bot';
  if (isPrefetchRequest(view.headers)) return 'prefetch';
  if (view.viewerId === creator.userId) return 'owner';

  try {
    await consumeRateLimit(db, PAGE_VIEW_RULE, visitorKey(creator.userId, view.page, view.ip), now);
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') return 'repeat';
    throw error;
  }
  await incrementDailyViews(db, creator.userId, view.page, utcDay(now));
  return 'counted';
}
