import { defaultSupportTiers, SUPPORT_TIERS } from '@beabro/shared/data/support-tiers';

describe('support tiers', () => {
  it('are the four SPEC samples, in order, priced in cents', () => {
    expect(SUPPORT_TIERS.map((t) => [t.name, t.amountCents, t.isRecurring])).toEqual([
      ['Support the Mission', 500, false],
      ['Fuel the Journey', 1_500, false],
      ['True Believer', 2_500, true],
      ['Mission Champion', 5_000, false],
    ]);
  });

  it('each has a unique id, an emoji, a description and 2-4 perks', () => {
    expect(new Set(SUPPORT_TIERS.map((t) => t.id)).size).toBe(4);
    for (const tier of SUPPORT_TIERS) {
      expect(tier.emoji).toMatch(/\p{Extended_Pictographic}/u);
      expect(tier.description.length).toBeGreaterThan(10);
      expect(tier.perks.length).toBeGreaterThanOrEqual(2);
      expect(tier.perks.length).toBeLessThanOrEqual(4);
    }
  });

  it('promise nothing the product does not have, and call the creator a creator', () => {
    const text = SUPPORT_TIERS.flatMap((t) => [t.description, ...t.perks]).join(' ').toLowerCase();
    expect(text).not.toContain('bro ');
    expect(text).not.toContain('badge');
    expect(text).not.toContain('supporter profile');
  });

  it('cannot be mutated by a consumer', () => {
    expect(Object.isFrozen(SUPPORT_TIERS)).toBe(true);
    expect(Object.isFrozen(SUPPORT_TIERS[0])).toBe(true);
    expect(Object.isFrozen(SUPPORT_TIERS[0]?.perks)).toBe(true);
  });
});

describe('defaultSupportTiers', () => {
  it('gives the samples at their positions, with the amounts given or the samples’ own', () => {
    const tiers = defaultSupportTiers([700, 1_200]);
    expect(tiers.map((t) => [t.position, t.name, t.amountCents])).toEqual([
      [0, 'Support the Mission', 700],
      [1, 'Fuel the Journey', 1_200],
      [2, 'True Believer', 2_500],
      [3, 'Mission Champion', 5_000],
    ]);
    expect(tiers[2]?.isRecurring).toBe(true);
  });

  it('returns arrays the caller may change', () => {
    const [first] = defaultSupportTiers();
    first?.perks.push('extra');
    expect(SUPPORT_TIERS[0]?.perks).not.toContain('extra');
    expect(defaultSupportTiers()[0]?.perks).not.toContain('extra');
  });
});
