import { DELIVERED_PERKS, defaultSupportTiers, isDeliveredPerk } from '@beabro/shared/data/support-tiers';

describe('default support tiers', () => {
  it('promise only perks the product delivers by itself', () => {
    for (const tier of defaultSupportTiers()) {
      expect(tier.perks.length).toBeGreaterThan(0);
      for (const perk of tier.perks) expect(isDeliveredPerk(perk), `${tier.name}: ${perk}`).toBe(true);
    }
  });

  it('promise monthly receipts and pausing or cancelling only on a monthly tier', () => {
    for (const tier of defaultSupportTiers()) {
      const monthlyOnly = tier.perks.includes(DELIVERED_PERKS.monthlyReceipt) || tier.perks.includes(DELIVERED_PERKS.pauseOrCancel);
      expect(monthlyOnly).toBe(tier.isRecurring);
    }
  });
});

describe('isDeliveredPerk', () => {
  it('knows the delivered perks whatever the case and surrounding spaces, and nothing else', () => {
    expect(isDeliveredPerk(`  ${DELIVERED_PERKS.wall.toUpperCase()} `)).toBe(true);
    expect(isDeliveredPerk('Behind-the-scenes updates')).toBe(false);
    expect(isDeliveredPerk('')).toBe(false);
  });
});
