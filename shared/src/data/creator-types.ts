export interface CreatorTypeOption {
  id: CreatorType;
  label: string;
}

/** Ids in display order; a tuple so zod's `z.enum` can take it directly. */
export const CREATOR_TYPE_IDS = [
  'creator',
  'entrepreneur',
  'artist',
  'business',
  'nonprofit',
  'educator',
  'changemaker',
  'other',
] as const;

/** The eight creator type ids (docs/product-rules.md#creator-types). */
export type CreatorType = (typeof CREATOR_TYPE_IDS)[number];

const LABELS: Record<CreatorType, string> = {
  creator: 'Content Creator',
  entrepreneur: 'Entrepreneur',
  artist: 'Artist/Creative',
  business: 'Business Owner',
  nonprofit: 'Nonprofit/Social Impact',
  educator: 'Educator/Teacher',
  changemaker: 'Changemaker/Activist',
  other: 'Other',
};

/** The creator type choices of the onboarding select, in display order. */
export const CREATOR_TYPES: readonly CreatorTypeOption[] = Object.freeze(
  CREATOR_TYPE_IDS.map((id) => Object.freeze({ id, label: LABELS[id] })),
);

export function isCreatorType(value: unknown): value is CreatorType {
  return typeof value === 'string' && (CREATOR_TYPE_IDS as readonly string[]).includes(value);
}

export function creatorTypeLabel(id: CreatorType): string {
  return LABELS[id];
}
