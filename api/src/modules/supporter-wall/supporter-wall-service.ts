import {
  SUPPORTER_WALL_MESSAGES,
  SUPPORTER_WALL_PAGE_SIZE,
  type SupporterWallPageDto,
  type WallVisibilityResponse,
} from '@beabro/shared/api-schemas/supporter-wall';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { findSupporterOfSupport, leaveWall, listWallPage, setWallHidden } from './supporter-wall-repository';
import { findLiveCreator } from '../creator-profile/find-live-creator';

/** Hiding, showing and leaving: generous for people, short for a script. */
export const WALL_CHANGES = {
  name: 'supporter-wall:change',
  limit: 60,
  windowSeconds: 60 * 60,
} satisfies RateLimitRule;

const CREATOR_NOT_FOUND = 'Creator not found';

async function countWallChange(db: Db, userId: string, now: Date): Promise<void> {
  try {
    await consumeRateLimit(db, WALL_CHANGES, userId, now);
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited')
      throw new AppError('rate_limited', SUPPORTER_WALL_MESSAGES.changesLimited, {}, error.retryAfterSeconds);
    throw error;
  }
}

/** One page of a creator's wall (page 1 is also part of the public profile). */
export async function getWallPage(db: Db, creatorId: string, page: number): Promise<SupporterWallPageDto> {
  const { entries, total } = await listWallPage(
    db,
    creatorId,
    SUPPORTER_WALL_PAGE_SIZE,
    (page - 1) * SUPPORTER_WALL_PAGE_SIZE,
  );
  return {
    entries: entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    page,
    pageCount: Math.max(1, Math.ceil(total / SUPPORTER_WALL_PAGE_SIZE)),
    total,
  };
}

/** GET /api/creators/:username/wall. */
export async function getWallPageOf(db: Db, username: string, page: number): Promise<SupporterWallPageDto> {
  const creator = await findLiveCreator(db, username);
  if (!creator) throw new AppError('not_found', CREATOR_NOT_FOUND);
  return getWallPage(db, creator.userId, page);
}

/** PUT /api/creator/supports/:supportId/wall: the creator hides (or shows again) the supporter behind a support. */
export async function setSupporterHidden(
  db: Db,
  creator: SessionUser,
  supportId: string,
  hidden: boolean,
  now = new Date(),
): Promise<WallVisibilityResponse> {
  const support = await findSupporterOfSupport(db, creator.id, supportId);
  if (!support) throw new AppError('not_found', SUPPORTER_WALL_MESSAGES.supportNotFound);
  await countWallChange(db, creator.id, now);
  const standing = await setWallHidden(db, creator.id, support.supporterId, hidden, now);
  if (standing === 0) throw new AppError('conflict', SUPPORTER_WALL_MESSAGES.notOnWall);
  return { wall: hidden ? 'hidden' : 'shown' };
}

/** DELETE /api/supporter/wall/:username: the signed-in supporter leaves a creator's wall. */
export async function leaveSupporterWall(
  db: Db,
  user: SessionUser,
  username: string,
  now = new Date(),
): Promise<{ onWall: false }> {
  const creator = await findLiveCreator(db, username);
  if (!creator) throw new AppError('not_found', CREATOR_NOT_FOUND);
  await countWallChange(db, user.id, now);
  const verifiedEmail = user.emailVerified ? user.email.toLowerCase() : null;
  const changed = await leaveWall(db, creator.userId, user.id, verifiedEmail, now);
  if (changed === 0) throw new AppError('not_found', SUPPORTER_WALL_MESSAGES.notSupporter);
  return { onWall: false };
}
