import type { PublicCreatorProfileDto, PublicSocialLinkDto } from '@beabro/shared/api-schemas/public-profile';
import { computeAchievements } from '@beabro/shared/data/achievements';
import { creatorTypeLabel, isCreatorType } from '@beabro/shared/data/creator-types';
import { USERNAME_PATTERN } from '@beabro/shared/data/defaults';
import { SOCIAL_PLATFORM_IDS, socialPlatformUrl } from '@beabro/shared/data/social-platforms';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { imageUrl } from '../images/images-service';
import { getWallPage } from '../supporter-wall/supporter-wall-service';
import { findProfileWithStats, listRecentSupports, listTiers } from './public-profile-repository';

export const CREATOR_NOT_FOUND_MESSAGE = 'Creator not found';
export const RECENT_SUPPORTS_SHOWN = 10;

export function creatorNotFound(): AppError {
  return new AppError('not_found', CREATOR_NOT_FOUND_MESSAGE);
}

/** Usernames are stored lower-cased and only ever match a-z, 0-9 and _; anything else cannot exist. */
export function isPossibleUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username);
}

/** Goal progress as the page's bar shows it: rounded, capped at 100 (docs/product-rules.md#goal-and-progress). */
export function goalPercent(raisedCents: number, goalAmountCents: number): number {
  if (goalAmountCents <= 0) return 0;
  return Math.min(100, Math.round((raisedCents * 100) / goalAmountCents));
}

/** https links built from the stored handles, in the platforms' display order; invalid stored values are dropped. */
export function publicSocialLinks(stored: Record<string, string>): PublicSocialLinkDto[] {
  const links: PublicSocialLinkDto[] = [];
  for (const platform of SOCIAL_PLATFORM_IDS) {
    const handle = stored[platform];
    if (typeof handle !== 'string') continue;
    const url = socialPlatformUrl(platform, handle);
    if (url) links.push({ platform, handle, url });
  }
  return links;
}

/**
 * Everything /{username} shows, in a few aggregate queries. Privacy is applied here, not by the page:
 * hidden figures are null, and messages are blanked when the creator does not accept them. With earnings
 * hidden, nothing that adds up to them is public either: no support amounts, no goal progress (the goal's
 * title and target stay), no achievement that reveals a total.
 */
export async function getPublicProfile(
  db: Db,
  rawUsername: string,
  viewer: SessionUser | null,
  now = new Date(),
): Promise<PublicCreatorProfileDto> {
  const username = rawUsername.trim().toLowerCase();
  if (!isPossibleUsername(username)) throw creatorNotFound();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const found = await findProfileWithStats(db, username, monthStart, viewer?.id ?? null);
  if (!found) throw creatorNotFound();
  const { profile } = found;
  const [tiers, recent, wall] = await Promise.all([
    listTiers(db, profile.userId),
    listRecentSupports(db, profile.userId, RECENT_SUPPORTS_SHOWN),
    getWallPage(db, profile.userId, 1),
  ]);

  const { showEarnings, showSupporterCount, allowMessages } = profile;
  const supporterCount = showSupporterCount ? found.supporterCount : null;
  const goalAmountCents = profile.goalAmountCents && profile.goalAmountCents > 0 ? profile.goalAmountCents : null;
  // A stored type outside the eight (there is a check in the onboarding schema, not in the table) reads as "other".
  const creatorType = isCreatorType(profile.creatorType) ? profile.creatorType : 'other';
  const isOwner = viewer?.id === profile.userId;

  return {
    username: profile.username,
    displayName: profile.displayName,
    bio: profile.bio,
    creatorType,
    creatorTypeLabel: creatorTypeLabel(creatorType),
    profileImageUrl: imageUrl(profile.profileImage),
    coverImageUrl: imageUrl(profile.coverImage),
    socialLinks: publicSocialLinks(profile.socialLinks),
    followers: found.followers,
    supporterCount,
    totalEarnedCents: showEarnings ? found.totalRaisedCents : null,
    monthlyEarnedCents: showEarnings ? found.monthRaisedCents : null,
    goal:
      goalAmountCents === null
        ? null
        : {
            title: profile.goalTitle,
            amountCents: goalAmountCents,
            raisedCents: showEarnings ? found.totalRaisedCents : null,
            // Progress times the public target is the total raised: hidden with it.
            percent: showEarnings ? goalPercent(found.totalRaisedCents, goalAmountCents) : null,
            supporterCount,
          },
    tiers: tiers.map((t) => ({ ...t, perks: [...t.perks] })),
    minimumAmountCents: profile.minimumAmountCents,
    currency: profile.currency,
    acceptsMessages: allowMessages,
    recentSupports: recent.map((s) => ({
      id: s.id,
      name: s.isAnonymous ? null : s.supporterName?.trim() || null,
      // Ten amounts (and the ones before, seen on earlier visits) add up to the earnings.
      amountCents: showEarnings ? s.amountCents : null,
      message: allowMessages ? s.message : '',
      isRecurring: s.isRecurring,
      createdAt: s.createdAt.toISOString(),
    })),
    wall,
    achievements: computeAchievements(
      {
        supporterCount: found.supporterCount,
        recurringSupportCount: found.recurringSupportCount,
        totalRaisedCents: found.totalRaisedCents,
        goalAmountCents,
      },
      { showEarnings, showSupporterCount },
    ),
    viewer: { isOwner, isFollowing: viewer ? found.viewerFollows : false },
  };
}
