import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { supports } from '../../db/schema';

/**
 * A user's supports: made signed in, or as a guest with their email once that email is verified
 * (both index-backed: supports_supporter_user_idx and supports_supporter_email_idx).
 */
export function givenBy(userId: string, verifiedEmail: string | null): SQL {
  const mine = eq(supports.supporterUserId, userId);
  return (
    verifiedEmail ? or(mine, and(isNull(supports.supporterUserId), eq(supports.supporterEmail, verifiedEmail))) : mine
  ) as SQL;
}
