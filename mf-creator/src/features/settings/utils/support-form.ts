import type {
  OwnCreatorProfileDto,
  SupportTiersInput,
  UpdateCreatorProfileInput,
} from '@beabro/shared/api-schemas/creator-profile';

export interface TierFormValues {
  name: string;
  emoji: string;
  description: string;
  perks: string[];
  isRecurring: boolean;
  /** Whole dollars as typed. */
  amount: string;
}

/** The Support Settings tab's inputs, as typed (amounts in whole dollars). */
export interface SupportFormValues {
  minimumAmount: string;
  goalTitle: string;
  goalAmount: string;
  /** '' while no country is chosen. */
  country: string;
  tiers: TierFormValues[];
}

const dollars = (cents: number) => String(cents / 100);

export function supportFormValues(profile: OwnCreatorProfileDto): SupportFormValues {
  return {
    minimumAmount: dollars(profile.minimumAmountCents),
    goalTitle: profile.goalTitle,
    goalAmount: profile.goalAmountCents === null ? '' : dollars(profile.goalAmountCents),
    country: profile.country ?? '',
    tiers: profile.tiers.map((tier) => ({
      name: tier.name,
      emoji: tier.emoji,
      description: tier.description,
      perks: [...tier.perks],
      isRecurring: tier.isRecurring,
      amount: dollars(tier.amountCents),
    })),
  };
}

/** PATCH /api/creator-profile part: an emptied goal amount removes the goal; no country stays "not chosen". */
export function supportProfilePatch(values: SupportFormValues) {
  return {
    minimumAmount: values.minimumAmount,
    goalTitle: values.goalTitle,
    goalAmount: values.goalAmount.trim() === '' ? null : values.goalAmount,
    country: values.country === '' ? null : values.country,
  } satisfies UpdateCreatorProfileInput;
}

/** PUT /api/creator-profile/tiers body; the tier amounts are the creator's suggested amounts. */
export function supportTiersBody(values: SupportFormValues): SupportTiersInput {
  const [a, b, c, d] = values.tiers.map((tier) => ({ ...tier, perks: [...tier.perks] }));
  if (!a || !b || !c || !d) throw new Error('The Support Settings form always holds four tiers');
  return { tiers: [a, b, c, d] };
}
