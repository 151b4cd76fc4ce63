/*
 * Achievements on a public profile, unlocked from real figures (the API computes the figures from the
 * ledger). An achievement that would give away a figure the creator hides (earnings, supporter count)
 * is left out of the public list rather than shown as locked, which would be misleading.
 */

export type AchievementId =
  | 'first-supporter'
  | 'ten-supporters'
  | 'fifty-supporters'
  | 'first-monthly-supporter'
  | 'raised-100'
  | 'raised-1000'
  | 'goal-reached';

/** The figures achievements are computed from. */
export interface AchievementStats {
  /** Distinct supporters. */
  supporterCount: number;
  /** Supports marked recurring (monthly). */
  recurringSupportCount: number;
  /** Sum of every support amount. */
  totalRaisedCents: number;
  /** Null (or 0) when the creator has no funding goal. */
  goalAmountCents: number | null;
}

/** Which private figure an achievement discloses, if any. */
export type AchievementReveals = 'supporterCount' | 'earnings' | null;

export interface AchievementDefinition {
  id: AchievementId;
  name: string;
  /** An emoji, shown as the badge. */
  icon: string;
  description: string;
  reveals: AchievementReveals;
  isUnlocked: (stats: AchievementStats) => boolean;
}

export interface ProfileAchievement {
  id: AchievementId;
  name: string;
  icon: string;
  description: string;
  unlocked: boolean;
}

export interface AchievementVisibility {
  showEarnings: boolean;
  showSupporterCount: boolean;
}

const supporters = (n: number) => (s: AchievementStats) => s.supporterCount >= n;
const raised = (cents: number) => (s: AchievementStats) => s.totalRaisedCents >= cents;

export const ACHIEVEMENTS: readonly AchievementDefinition[] = Object.freeze(
  (
    [
      { id: 'first-supporter', name: 'First Supporter', icon: '🎉', description: 'Received support from a first bro.', reveals: 'supporterCount', isUnlocked: supporters(1) },
      { id: 'ten-supporters', name: '10 Supporters', icon: '⭐', description: 'Ten different bros have backed the mission.', reveals: 'supporterCount', isUnlocked: supporters(10) },
      { id: 'fifty-supporters', name: '50 Supporters', icon: '🚀', description: 'Fifty different bros have backed the mission.', reveals: 'supporterCount', isUnlocked: supporters(50) },
      {
        id: 'first-monthly-supporter',
        name: 'First Monthly Bro',
        icon: '🔁',
        description: 'A bro signed up to support every month.',
        reveals: null,
        isUnlocked: (s) => s.recurringSupportCount > 0,
      },
      { id: 'raised-100', name: '$100 Raised', icon: '💵', description: 'Supporters have given $100 in total.', reveals: 'earnings', isUnlocked: raised(10_000) },
      { id: 'raised-1000', name: '$1,000 Raised', icon: '💰', description: 'Supporters have given $1,000 in total.', reveals: 'earnings', isUnlocked: raised(100_000) },
      {
        id: 'goal-reached',
        name: 'Goal Reached',
        icon: '🏆',
        description: 'The funding goal was fully reached.',
        // Reached means "raised at least the (public) target": an earnings figure.
        reveals: 'earnings',
        isUnlocked: (s) => s.goalAmountCents !== null && s.goalAmountCents > 0 && s.totalRaisedCents >= s.goalAmountCents,
      },
    ] satisfies AchievementDefinition[]
  ).map((a) => Object.freeze(a)),
);

const EVERYTHING_VISIBLE: AchievementVisibility = { showEarnings: true, showSupporterCount: true };

/** Every achievement the visibility allows, in definition order, each with whether it is unlocked. */
export function computeAchievements(stats: AchievementStats, visibility: AchievementVisibility = EVERYTHING_VISIBLE): ProfileAchievement[] {
  return ACHIEVEMENTS.filter(
    (a) => (a.reveals !== 'earnings' || visibility.showEarnings) && (a.reveals !== 'supporterCount' || visibility.showSupporterCount),
  ).map(({ id, name, icon, description, isUnlocked }) => ({ id, name, icon, description, unlocked: isUnlocked(stats) }));
}
