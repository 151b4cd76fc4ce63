import { sql, type SQL } from 'drizzle-orm';
import { creatorProfiles, users } from '../../db/schema';
import type { GoalReachedCandidate } from './goal-reached-emails';

/** The creator's columns the goal-reached email needs: select them beside the support's other facts. */
export const goalColumns = {
  notifyGoalReached: users.notifyGoalReached,
  goalTitle: creatorProfiles.goalTitle,
  goalAmountCents: creatorProfiles.goalAmountCents,
  currency: creatorProfiles.currency,
  goalSetAt: creatorProfiles.goalSetAt,
  goalReachedAt: creatorProfiles.goalReachedAt,
};

/**
 * Queues the candidate’s email only when beabro_reach_goal (migrations 0010, 0012) finds that this support
 * takes the goal to its target for the first time; it also marks the goal reached. One statement, run
 * before the support is in the creator's rollup: within the support's own statement (checkout), or in
 * its transaction before the support is inserted (renewals), so the profile is locked before the rollup.
 */
export function reachGoalQuery(candidate: GoalReachedCandidate): SQL {
  const { email, support } = candidate;
  return sql`insert into email_outbox (kind, dedupe_key, to_address, subject, text_body, content)
    select ${email.kind}, ${email.dedupeKey}, ${email.to.toLowerCase()}, ${email.subject}, ${email.text}, ${email.content ? JSON.stringify(email.content) : null}::jsonb
    where beabro_reach_goal(${candidate.creatorId}::uuid, ${candidate.goalSetAt.toISOString()}::timestamptz, ${support.amountCents}::integer, ${support.createdAt.toISOString()}::timestamptz)
    on conflict (dedupe_key) do nothing`;
}
