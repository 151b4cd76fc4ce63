import { ACHIEVEMENTS, computeAchievements, type AchievementStats } from '@beabro/shared/data/achievements';

const none: AchievementStats = { supporterCount: 0, recurringSupportCount: 0, totalRaisedCents: 0, goalAmountCents: null };
const unlockedIds = (stats: AchievementStats) =>
  computeAchievements(stats)
    .filter((a) => a.unlocked)
    .map((a) => a.id);

describe('achievements', () => {
  it('are seven, each with a unique id, an emoji badge and a description', () => {
    expect(ACHIEVEMENTS.map((a) => a.id)).toEqual([
      'first-supporter',
      'ten-supporters',
      'fifty-supporters',
      'first-monthly-supporter',
      'raised-100',
      'raised-1000',
      'goal-reached',
    ]);
    for (const a of ACHIEVEMENTS) {
      expect(a.icon).toMatch(/\p{Extended_Pictographic}/u);
      expect(a.description.length).toBeGreaterThan(10);
    }
    expect(Object.isFrozen(ACHIEVEMENTS)).toBe(true);
  });

  it('are all locked with no supports', () => {
    expect(unlockedIds(none)).toEqual([]);
    expect(computeAchievements(none)).toHaveLength(7);
  });

  it('unlock supporter milestones exactly at 1, 10 and 50 distinct supporters', () => {
    expect(unlockedIds({ ...none, supporterCount: 1 })).toEqual(['first-supporter']);
    expect(unlockedIds({ ...none, supporterCount: 9 })).toEqual(['first-supporter']);
    expect(unlockedIds({ ...none, supporterCount: 10 })).toEqual(['first-supporter', 'ten-supporters']);
    expect(unlockedIds({ ...none, supporterCount: 49 })).toEqual(['first-supporter', 'ten-supporters']);
    expect(unlockedIds({ ...none, supporterCount: 50 })).toEqual(['first-supporter', 'ten-supporters', 'fifty-supporters']);
  });

  it('unlock money milestones at $100 and $1,000 to the cent, and the first monthly bro on any recurring support', () => {
    expect(unlockedIds({ ...none, totalRaisedCents: 9_999 })).toEqual([]);
    expect(unlockedIds({ ...none, totalRaisedCents: 10_000 })).toEqual(['raised-100']);
    expect(unlockedIds({ ...none, totalRaisedCents: 99_999 })).toEqual(['raised-100']);
    expect(unlockedIds({ ...none, totalRaisedCents: 100_000 })).toEqual(['raised-100', 'raised-1000']);
    expect(unlockedIds({ ...none, recurringSupportCount: 1 })).toEqual(['first-monthly-supporter']);
  });

  it('unlock goal reached only when a positive goal is met', () => {
    expect(unlockedIds({ ...none, goalAmountCents: 5_000, totalRaisedCents: 4_999 })).toEqual([]);
    expect(unlockedIds({ ...none, goalAmountCents: 5_000, totalRaisedCents: 5_000 })).toEqual(['goal-reached']);
    expect(unlockedIds({ ...none, goalAmountCents: 0, totalRaisedCents: 5_000 })).toEqual([]);
    expect(unlockedIds({ ...none, goalAmountCents: null, totalRaisedCents: 500_000 })).toEqual(['raised-100', 'raised-1000']);
  });

  it('leave out the achievements that would give away a hidden figure', () => {
    const stats = { supporterCount: 12, recurringSupportCount: 1, totalRaisedCents: 150_000, goalAmountCents: 100_000 };
    const ids = (visibility: { showEarnings: boolean; showSupporterCount: boolean }) => computeAchievements(stats, visibility).map((a) => a.id);
    expect(ids({ showEarnings: false, showSupporterCount: true })).toEqual(['first-supporter', 'ten-supporters', 'fifty-supporters', 'first-monthly-supporter']);
    expect(ids({ showEarnings: true, showSupporterCount: false })).toEqual(['first-monthly-supporter', 'raised-100', 'raised-1000', 'goal-reached']);
    expect(ids({ showEarnings: false, showSupporterCount: false })).toEqual(['first-monthly-supporter']);
  });
});
