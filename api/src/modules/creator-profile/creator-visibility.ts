import { and, isNull, sql } from 'drizzle-orm';
import { creatorProfiles } from '../../db/schema';

/** The creator's account is not suspended by an operator. */
export const creatorNotSuspended = sql`not exists (select 1 from account_suspensions where account_suspensions.user_id = ${creatorProfiles.userId})`;

/** The page may be shown to the public: not hidden after a report and its creator not suspended. */
export const creatorPubliclyVisible = and(isNull(creatorProfiles.hiddenAt), creatorNotSuspended);
