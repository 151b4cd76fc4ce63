import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import type { OutgoingEmail } from '../email/email-outbox';
import { composeEmail, EMAIL_REASONS, notificationSettingsUrl } from '../email/email-template';

export interface GoalCreator {
  userId: string;
  email: string | null;
  displayName: string;
  notifyGoalReached: boolean;
  goalTitle: string;
  goalAmountCents: number | null;
  /** The creator's currency: the goal's and every support's. */
  currency: Currency;
  goalSetAt: Date;
  goalReachedAt: Date | null;
}

/** The support about to be recorded (the goal step runs before it is in the rollups). */
export interface GoalSupport {
  amountCents: number;
  createdAt: Date;
  supporterName: string | null;
  isAnonymous: boolean;
  isRenewal: boolean;
}

/** Prepared email and the facts the database checks before it is queued. */
export interface GoalReachedCandidate {
  email: OutgoingEmail;
  creatorId: string;
  goalSetAt: Date;
  support: GoalSupport;
}

export const goalName = (title: string) => title.trim() || 'Your goal';

/**
 * The goal-reached email this support would send if it turns out to cross the goal, or null when it
 * cannot: no goal, goal already reached, the creator's goalReached setting off, or no address. Rendered
 * before the write, which then queues it only if the database finds the crossing (reachGoalQuery).
 */
export async function goalReachedCandidate(
  creator: GoalCreator,
  support: GoalSupport,
  origin: string,
): Promise<GoalReachedCandidate | null> {
  const goal = creator.goalAmountCents;
  if (!creator.email || !creator.notifyGoalReached || goal === null || goal <= 0 || creator.goalReachedAt !== null)
    return null;
  const base = origin.replace(/\/+$/, '');
  const name = goalName(creator.goalTitle);
  const who =
    support.isAnonymous || !support.supporterName?.trim() ? 'an anonymous supporter' : support.supporterName.trim();
  const what = support.isRenewal
    ? `The monthly support of ${formatMoney(support.amountCents, creator.currency)} that ${who} renewed`
    : `The support of ${formatMoney(support.amountCents, creator.currency)} from ${who}`;
  const subject = `Goal reached: ${name}`;
  const email = await composeEmail(
    {
      kind: 'creator-goal-reached',
      dedupeKey: `goal-reached:${creator.userId}:${creator.goalSetAt.toISOString()}`,
      to: creator.email,
      subject,
    },
    {
      heading: `You reached your goal, ${creator.displayName}!`,
      blocks: [
        `Your goal "${name}" of ${formatMoney(goal, creator.currency)} is reached. ${what} took you over the line.`,
        'A good moment to thank your supporters, and to set your next goal: your page keeps showing this one at 100% until you change it.',
      ],
      action: { label: 'Set your next goal', url: `${base}/settings?tab=support` },
      reason: EMAIL_REASONS.creatorNotification,
      notificationSettingsUrl: notificationSettingsUrl(origin),
    },
  );
  return { email, creatorId: creator.userId, goalSetAt: creator.goalSetAt, support };
}
