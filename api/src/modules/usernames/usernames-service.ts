import { USERNAME_MIN_LENGTH } from '@beabro/shared/data/defaults';
import type { UsernameAvailability } from '@beabro/shared/api-schemas/usernames';
import { ONBOARDING_MESSAGES, normalizeUsername, usernameSchema } from '@beabro/shared/schemas/onboarding';
import type { Db } from '../../db/database';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { findUsernameOwner } from './usernames-repository';

/** The wizard checks as the creator types, so the limit is generous; it only stops bulk enumeration. */
export const USERNAME_CHECK_LIMIT = {
  name: 'username-check:ip',
  limit: 120,
  windowSeconds: 60,
} satisfies RateLimitRule;

/**
 * The availability verdict for what a user typed, normalised the way the username input does it.
 * The signed-in creator's own current username is "available" to them (keeping it is always allowed).
 */
export async function checkUsernameAvailability(
  db: Db,
  input: string,
  viewerUserId: string | null,
  ip: string,
): Promise<UsernameAvailability> {
  await consumeRateLimit(db, USERNAME_CHECK_LIMIT, ip);
  const username = normalizeUsername(input);
  if (username.length < USERNAME_MIN_LENGTH)
    return { username, available: false, message: ONBOARDING_MESSAGES.usernameTooShort };
  // The shared rule covers length and reserved names with the same messages the forms show.
  const parsed = usernameSchema.safeParse(username);
  if (!parsed.success)
    return {
      username,
      available: false,
      message: parsed.error.issues[0]?.message ?? ONBOARDING_MESSAGES.usernameNotAvailable,
    };
  const owner = await findUsernameOwner(db, username);
  if (owner !== undefined && owner !== viewerUserId)
    return { username, available: false, message: ONBOARDING_MESSAGES.usernameNotAvailable };
  return { username, available: true, message: ONBOARDING_MESSAGES.usernameAvailable };
}
