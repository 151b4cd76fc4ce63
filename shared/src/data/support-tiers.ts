import type { SupportTier } from '@beabro/shared/types/entities';

/** The four sample support tiers of SPEC.md section 3, shown on the profile and the support page. */
export const SUPPORT_TIERS: readonly SupportTier[] = Object.freeze([
  {
    id: 'support-the-mission',
    name: 'Support the Mission',
    amountCents: 500,
    description: 'A one-time boost that shows you believe in what this creator is building.',
    emoji: '🤝',
    isRecurring: false,
    perks: ['A heartfelt thank-you', 'Your name on the supporter wall'],
  },
  {
    id: 'fuel-the-journey',
    name: 'Fuel the Journey',
    amountCents: 1_500,
    description: 'Keeps the lights on and the work moving for another week.',
    emoji: '⛽',
    isRecurring: false,
    perks: ['A heartfelt thank-you', 'Your name on the supporter wall', 'Behind-the-scenes updates'],
  },
  {
    id: 'true-believer',
    name: 'True Believer',
    amountCents: 2_500,
    description: 'Monthly support that lets the creator plan ahead with confidence.',
    emoji: '💎',
    isRecurring: true,
    perks: [
      'Everything in Fuel the Journey',
      'Monthly progress reports',
      'Early access to new work',
      'A monthly thank-you message',
    ],
  },
  {
    id: 'mission-champion',
    name: 'Mission Champion',
    amountCents: 5_000,
    description: 'A major push that can fund a whole milestone of the mission.',
    emoji: '🏆',
    isRecurring: false,
    perks: ['Everything in Fuel the Journey', 'A personal thank-you message', 'Shout-out in the next update'],
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
