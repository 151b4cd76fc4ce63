import type { SupportTier } from '@beabro/shared/types/entities';

/**
 * Perks Be a Bro delivers by itself, whatever the creator does: the only perks the default tiers promise.
 * The tier editor marks a perk with one of these texts as delivered by the product; any other perk is the
 * creator's own promise to keep.
 */
export const DELIVERED_PERKS = Object.freeze({
  thankYou: 'A thank-you and a receipt by email',
  wall: 'Your name on the supporter wall, if you choose',
  monthlyReceipt: 'A receipt by email every month',
  pauseOrCancel: 'Pause or cancel anytime from My Missions',
});

const DELIVERED_PERK_KEYS = new Set(Object.values(DELIVERED_PERKS).map((perk) => perk.toLowerCase()));

/** Whether a perk's text is one the product delivers by itself (spaces around it and case aside). */
export function isDeliveredPerk(perk: string): boolean {
  return DELIVERED_PERK_KEYS.has(perk.trim().toLowerCase());
}

/** The four sample support tiers (docs/product-rules.md#tiers), shown on the profile and the support page. */
export const SUPPORT_TIERS: readonly SupportTier[] = Object.freeze([
  {
    id: 'support-the-mission',
    name: 'Support the Mission',
    amountCents: 500,
    description: 'A one-time boost that shows you believe in what this creator is building.',
    emoji: '🤝',
    isRecurring: false,
    perks: [DELIVERED_PERKS.thankYou, DELIVERED_PERKS.wall],
  },
  {
    id: 'fuel-the-journey',
    name: 'Fuel the Journey',
    amountCents: 1_500,
    description: 'Keeps the lights on and the work moving for another week.',
    emoji: '⛽',
    isRecurring: false,
    perks: [DELIVERED_PERKS.thankYou, DELIVERED_PERKS.wall],
  },
  {
    id: 'true-believer',
    name: 'True Believer',
    amountCents: 2_500,
    description: 'Monthly support that lets the creator plan ahead with confidence.',
    emoji: '💎',
    isRecurring: true,
    perks: [DELIVERED_PERKS.monthlyReceipt, DELIVERED_PERKS.wall, DELIVERED_PERKS.pauseOrCancel],
  },
  {
    id: 'mission-champion',
    name: 'Mission Champion',
    amountCents: 5_000,
    description: 'A major push that can fund a whole milestone of the mission.',
    emoji: '🏆',
    isRecurring: false,
    perks: [DELIVERED_PERKS.thankYou, DELIVERED_PERKS.wall],
  },
].map((tier) => Object.freeze({ ...tier, perks: Object.freeze(tier.perks) as string[] })));

/** A creator's tier as stored and edited: the sample tier of its position with the creator's amount. */
export interface DefaultSupportTier {
  position: number;
  name: string;
  emoji: string;
  description: string;
  perks: string[];
  isRecurring: boolean;
  amountCents: number;
}

/**
 * The tiers a new creator starts with: the four samples, each at `amountsCents[position]` (the
 * suggested amounts the creator chose) or, where none is given, the sample's own amount. Every call
 * returns fresh arrays, so a caller may change what it gets.
 */
export function defaultSupportTiers(amountsCents: readonly number[] = []): DefaultSupportTier[] {
  return SUPPORT_TIERS.map((sample, position) => ({
    position,
    name: sample.name,
    emoji: sample.emoji,
    description: sample.description,
    perks: [...sample.perks],
    isRecurring: sample.isRecurring,
    amountCents: amountsCents[position] ?? sample.amountCents,
  }));
}
