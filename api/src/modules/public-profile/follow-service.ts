import type { FollowStateDto } from '@beabro/shared/api-schemas/public-profile';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { countFollowers, deleteFollow, insertFollow } from './public-profile-repository';
import { creatorNotFound, isPossibleUsername } from './public-profile-service';
import { findLiveCreator } from '../creator-profile/find-live-creator';

export const CANNOT_FOLLOW_YOURSELF_MESSAGE = "You can't follow yourself.";

async function liveCreatorId(db: Db, rawUsername: string): Promise<string> {
  const username = rawUsername.trim().toLowerCase();
  const creator = isPossibleUsername(username) ? await findLiveCreator(db, username) : undefined;
  if (!creator) throw creatorNotFound();
  return creator.userId;
}

/** Idempotent: following twice is fine and still counts once. */
export async function followCreator(db: Db, follower: SessionUser, username: string): Promise<FollowStateDto> {
  const creatorId = await liveCreatorId(db, username);
  if (creatorId === follower.id) throw new AppError('validation', CANNOT_FOLLOW_YOURSELF_MESSAGE);
  await insertFollow(db, follower.id, creatorId);
  return { following: true, followers: await countFollowers(db, creatorId) };
}

/** Idempotent: unfollowing someone not followed (yourself included) is fine. */
export async function unfollowCreator(db: Db, follower: SessionUser, username: string): Promise<FollowStateDto> {
  const creatorId = await liveCreatorId(db, username);
  await deleteFollow(db, follower.id, creatorId);
  return { following: false, followers: await countFollowers(db, creatorId) };
}
