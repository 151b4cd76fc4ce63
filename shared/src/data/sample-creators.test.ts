import { SAMPLE_CREATOR_SEEDS, createSampleCreators } from '@beabro/shared/data/sample-creators';
import { isReservedUsername } from '@beabro/shared/data/reserved-usernames';
import { isValidSocialHandle } from '@beabro/shared/data/social-platforms';
import { bioSchema, creatorTypeSchema, displayNameSchema, usernameSchema } from '@beabro/shared/schemas/onboarding';
import type { SocialPlatform } from '@beabro/shared/data/social-platforms';

const NOW = new Date('2025-06-15T12:00:00.000Z');

describe('sample creators', () => {
  const creators = createSampleCreators(NOW);

  it('has three creators, the first one the gaming-flavoured sample mapped to "creator"', () => {
    expect(creators).toHaveLength(3);
    expect(creators[0]?.profile.creatorType).toBe('creator');
    expect(creators[0]?.profile.socialLinks).toEqual(expect.objectContaining({ twitch: expect.any(String), youtube: expect.any(String) }));
  });

  it('every profile passes the onboarding rules', () => {
    for (const { profile } of creators) {
      expect(usernameSchema.parse(profile.username)).toBe(profile.username);
      expect(isReservedUsername(profile.username)).toBe(false);
      expect(displayNameSchema.parse(profile.displayName)).toBe(profile.displayName);
      expect(bioSchema.parse(profile.bio)).toBe(profile.bio);
      expect(creatorTypeSchema.parse(profile.creatorType)).toBe(profile.creatorType);
      for (const [platform, handle] of Object.entries(profile.socialLinks)) {
        expect(isValidSocialHandle(platform as SocialPlatform, handle)).toBe(true);
      }
    }
  });

  it('usernames and support ids are unique', () => {
    expect(new Set(creators.map((c) => c.profile.username)).size).toBe(creators.length);
    const ids = creators.flatMap((c) => c.supports.map((s) => s.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has at least a dozen supports, with a mix of anonymous, named, recurring and messageless ones', () => {
    const supports = creators.flatMap((c) => c.supports);
    expect(creators[0]?.supports.length).toBeGreaterThanOrEqual(12);
    expect(supports.some((s) => s.isAnonymous)).toBe(true);
    expect(supports.some((s) => s.isRecurring)).toBe(true);
    expect(supports.some((s) => s.message === '')).toBe(true);
    for (const support of supports) {
      expect(Number.isSafeInteger(support.amountCents)).toBe(true);
      expect(support.amountCents).toBeGreaterThanOrEqual(100);
      expect(support.message.length).toBeLessThanOrEqual(200);
      if (support.isAnonymous) expect(support.supporterName).toBeNull();
    }
  });

  it('materialises relative dates as ISO strings before now, newest first', () => {
    for (const { supports } of creators) {
      const times = supports.map((s) => Date.parse(s.createdAt));
      for (const s of supports) expect(new Date(s.createdAt).toISOString()).toBe(s.createdAt);
      expect(times.every((t) => t <= NOW.getTime())).toBe(true);
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    }
    expect(creators[0]?.supports[0]?.createdAt).toBe(new Date(NOW.getTime() - 0.1 * 86_400_000).toISOString());
  });

  it('earnings agree with the supports', () => {
    SAMPLE_CREATOR_SEEDS.forEach((seed, i) => {
      const creator = creators[i];
      const all = seed.supports.reduce((sum, s) => sum + s.amountCents, 0);
      const month = seed.supports.filter((s) => s.daysAgo < 30).reduce((sum, s) => sum + s.amountCents, 0);
      expect(creator?.profile.totalEarnedCents).toBe(seed.earnedBeforeSamplesCents + all);
      expect(creator?.profile.monthlyEarnedCents).toBe(month);
      expect(creator?.profile.goalProgressCents).toBeLessThanOrEqual(creator?.profile.totalEarnedCents ?? 0);
    });
  });

  it('settings use the defaults and example.com emails', () => {
    for (const { settings } of creators) {
      expect(settings.email).toMatch(/example\.(com|org)$/);
      expect(settings.suggestedAmountsCents).toEqual([500, 1_500, 2_500, 5_000]);
      expect(settings.minimumAmountCents).toBeGreaterThanOrEqual(100);
      expect(settings.minimumAmountCents).toBeLessThanOrEqual(10_000);
    }
  });

  it('returns fresh objects each call, so a seed run cannot corrupt the next', () => {
    const first = createSampleCreators(NOW);
    first[0]!.profile.socialLinks.github = 'mutated';
    first[0]!.settings.privacy.showEarnings = true;
    const second = createSampleCreators(NOW);
    expect(second[0]?.profile.socialLinks.github).toBeUndefined();
    expect(second[0]?.settings.privacy.showEarnings).toBe(false);
  });
});
