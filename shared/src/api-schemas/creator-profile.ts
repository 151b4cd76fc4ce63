import { z } from 'zod';
import { currencySchema } from '@beabro/shared/api-schemas/common';
import { CREATOR_TYPE_IDS } from '@beabro/shared/data/creator-types';
import { MAX_SINGLE_SUPPORT_DOLLARS, SUGGESTED_AMOUNT_MIN_DOLLARS } from '@beabro/shared/data/defaults';
import { SOCIAL_PLATFORM_IDS } from '@beabro/shared/data/social-platforms';
import { whenNonEmptyString } from '@beabro/shared/schemas/check-guards';
import { COUNTRY_MESSAGES, countrySchema } from '@beabro/shared/schemas/country';
import { dollarAmountSchema } from '@beabro/shared/schemas/dollar-amount';
import {
  creatorTypeSchema,
  displayNameSchema,
  goalAmountSchema,
  goalTitleSchema,
  minimumAmountSchema,
  onboardingSchema,
  socialLinksSchema,
  suggestedAmountsSchema,
  usernameSchema,
} from '@beabro/shared/schemas/onboarding';
import { privacySettingsSchema, profileSettingsSchema } from '@beabro/shared/schemas/settings';

/*
 * The creator's own profile API (/api/creator-profile): onboarding, settings edits, the four support tiers
 * and the profile/cover images. Request bodies reuse the onboarding and settings form schemas, so a form and
 * the server report the same mistake with the same words.
 */

export const TIER_COUNT = 4;
export const TIER_NAME_MAX_LENGTH = 40;
/** Counted in code points, so a skin-toned or ZWJ emoji (👩🏽‍💻, 👨‍👩‍👧‍👦) still fits. */
export const TIER_EMOJI_MAX_CHARS = 8;
export const TIER_DESCRIPTION_MAX_LENGTH = 200;
export const TIER_PERKS_MAX = 6;
export const TIER_PERK_MAX_LENGTH = 80;

export const IMAGE_KINDS = ['profile', 'cover'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest side and pixel count an upload may declare: a small file may declare a huge image (a decompression bomb). */
export const IMAGE_MAX_SIDE = 8000;
export const IMAGE_MAX_PIXELS = 40_000_000;
/** What the upload accepts (checked by the file's content on the server, not by its declared type). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

export const CREATOR_PROFILE_MESSAGES = {
  alreadyExists: 'You already have a creator page.',
  notFound: 'You have no creator page yet.',
  countryInvalid: COUNTRY_MESSAGES.invalid,
  /** A change of payout country that would change the currency of a creator who has supports (decision 0015). */
  currencyLocked: (currencyName: string) =>
    `You have supports in ${currencyName}, so your payout country must be one that pays in ${currencyName}.`,
  imageType: 'Choose a PNG, JPEG or WebP image.',
  imageTooLarge: 'Images must be at most 5 MB.',
  imageDimensions: 'Images must be at most 8000 pixels on each side and 40 megapixels in all.',
  imageUnreadable: 'This image could not be read. Choose another PNG, JPEG or WebP image.',
} as const;

export const TIER_MESSAGES = {
  count: 'Enter exactly four tiers',
  nameRequired: 'Tier name is required',
  nameTooLong: `Tier name must be at most ${TIER_NAME_MAX_LENGTH} characters`,
  emojiRequired: 'Choose an emoji',
  emojiInvalid: 'Use an emoji here',
  emojiTooLong: 'Use a single emoji',
  descriptionTooLong: `Description must be at most ${TIER_DESCRIPTION_MAX_LENGTH} characters`,
  perksTooMany: `At most ${TIER_PERKS_MAX} perks`,
  perkRequired: 'A perk cannot be empty',
  perkTooLong: `A perk must be at most ${TIER_PERK_MAX_LENGTH} characters`,
  recurringRequired: 'Choose one-time or monthly',
  amountRequired: 'Tier amount is required',
  amountTooSmall: `Tier amount must be at least $${SUGGESTED_AMOUNT_MIN_DOLLARS}`,
  amountTooLarge: `Tier amount must be at most $${MAX_SINGLE_SUPPORT_DOLLARS.toLocaleString('en-US')}`,
  amountWhole: 'Tier amount must be a whole number of dollars',
} as const;

const UTC_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "You can change your username again on March 5, 2025." (the UTC date of `availableAt`). */
export function usernameChangeTooSoonMessage(availableAt: Date): string {
  return `You can change your username again on ${UTC_DATE.format(availableAt)}.`;
}

// Kept here too for existing imports; the country rules live in schemas/country (onboarding needs them).
export { COUNTRY_CODES, countrySchema } from '@beabro/shared/schemas/country';

// Only emoji building blocks (pictographs, skin tones, ZWJ, variation selectors, keycaps, flags, tags)...
const EMOJI_PARTS = /^(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\p{Emoji_Presentation})+$/u;
// ...and at least one real emoji among them, so "#" or "1" alone is not an emoji.
const EMOJI_BASE = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

export const tierEmojiSchema = z
  .string({ error: TIER_MESSAGES.emojiRequired })
  .trim()
  .min(1, { error: TIER_MESSAGES.emojiRequired })
  .refine((emoji) => EMOJI_PARTS.test(emoji) && EMOJI_BASE.test(emoji), {
    error: TIER_MESSAGES.emojiInvalid,
    when: whenNonEmptyString,
  })
  .refine((emoji) => [...emoji].length <= TIER_EMOJI_MAX_CHARS, {
    error: TIER_MESSAGES.emojiTooLong,
    when: whenNonEmptyString,
  });

export const tierAmountSchema = dollarAmountSchema(
  { min: SUGGESTED_AMOUNT_MIN_DOLLARS, max: MAX_SINGLE_SUPPORT_DOLLARS },
  {
    required: TIER_MESSAGES.amountRequired,
    whole: TIER_MESSAGES.amountWhole,
    tooSmall: TIER_MESSAGES.amountTooSmall,
    tooLarge: TIER_MESSAGES.amountTooLarge,
  },
);

/** One tier as the creator edits it (amount in whole dollars, like every form amount). */
export const supportTierInputSchema = z.object({
  name: z
    .string({ error: TIER_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: TIER_MESSAGES.nameRequired })
    .max(TIER_NAME_MAX_LENGTH, { error: TIER_MESSAGES.nameTooLong }),
  emoji: tierEmojiSchema,
  description: z
    .string({ error: TIER_MESSAGES.descriptionTooLong })
    .trim()
    .max(TIER_DESCRIPTION_MAX_LENGTH, { error: TIER_MESSAGES.descriptionTooLong })
    .default(''),
  perks: z
    .array(
      z
        .string({ error: TIER_MESSAGES.perkRequired })
        .trim()
        .min(1, { error: TIER_MESSAGES.perkRequired })
        .max(TIER_PERK_MAX_LENGTH, { error: TIER_MESSAGES.perkTooLong }),
      { error: TIER_MESSAGES.perksTooMany },
    )
    .max(TIER_PERKS_MAX, { error: TIER_MESSAGES.perksTooMany })
    .default(() => []),
  isRecurring: z.boolean({ error: TIER_MESSAGES.recurringRequired }),
  amount: tierAmountSchema,
});

/** PUT /api/creator-profile/tiers: all four tiers at once, in display order (errors land on `tiers.N.field`). */
export const supportTiersSchema = z.object({
  tiers: z.tuple([supportTierInputSchema, supportTierInputSchema, supportTierInputSchema, supportTierInputSchema], {
    error: TIER_MESSAGES.count,
  }),
});

export type SupportTiersInput = z.input<typeof supportTiersSchema>;
export type SupportTiersValues = z.output<typeof supportTiersSchema>;

/** POST /api/creator-profile: the whole onboarding wizard, exactly as the wizard validates it. */
export const createCreatorProfileSchema = onboardingSchema;

/**
 * PATCH /api/creator-profile: any subset of the settings fields, same rules and messages as the settings
 * forms. An absent field stays as it is; `goalAmount: null` (or an emptied input) removes the goal.
 */
export const updateCreatorProfileSchema = z.object({
  displayName: displayNameSchema.optional(),
  username: usernameSchema.optional(),
  // Settings lets a creator clear their bio (onboarding does not); `.unwrap()` drops the form default.
  bio: profileSettingsSchema.shape.bio.unwrap().optional(),
  creatorType: creatorTypeSchema.optional(),
  socialLinks: socialLinksSchema.optional(),
  minimumAmount: minimumAmountSchema.optional(),
  suggestedAmounts: suggestedAmountsSchema.optional(),
  goalTitle: goalTitleSchema.optional(),
  goalAmount: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      goalAmountSchema.nullable(),
    )
    .optional(),
  country: countrySchema.nullable().optional(),
  showEarnings: privacySettingsSchema.shape.showEarnings.unwrap().optional(),
  showSupporterCount: privacySettingsSchema.shape.showSupporterCount.unwrap().optional(),
  allowMessages: privacySettingsSchema.shape.allowMessages.unwrap().optional(),
});

export type UpdateCreatorProfileInput = z.input<typeof updateCreatorProfileSchema>;
export type UpdateCreatorProfileValues = z.output<typeof updateCreatorProfileSchema>;

export const imageKindParamsSchema = z.object({ kind: z.enum(IMAGE_KINDS) });

export const creatorTierSchema = z.object({
  /** 0..3, the display order. */
  position: z
    .number()
    .int()
    .min(0)
    .max(TIER_COUNT - 1),
  name: z.string(),
  emoji: z.string(),
  description: z.string(),
  perks: z.array(z.string()),
  isRecurring: z.boolean(),
  amountCents: z.number().int(),
});

export const socialLinkSchema = z.object({
  platform: z.enum(SOCIAL_PLATFORM_IDS),
  /** The stored handle (for `website`, the address without scheme): what the settings input shows. */
  handle: z.string(),
  /** Built by the server from the handle; always https on the platform's own host. */
  url: z.url({ protocol: /^https$/ }),
});

/** The owner's view: everything /settings needs. Money in cents. */
export const ownCreatorProfileSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  bio: z.string(),
  creatorType: z.enum(CREATOR_TYPE_IDS),
  /** Linked platforms in the onboarding order. */
  socialLinks: z.array(socialLinkSchema),
  minimumAmountCents: z.number().int(),
  /** The four tier amounts, in tier order. */
  suggestedAmountsCents: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
  goalTitle: z.string(),
  goalAmountCents: z.number().int().nullable(),
  /** ISO 3166-1 alpha-2, or null when not chosen yet. */
  country: z.string().nullable(),
  /** The creator's currency, their payout country's (decision 0015); fixed once they have a support. */
  currency: currencySchema,
  /** True once the currency is fixed (a support, or a payment under way); false while it follows the country. */
  currencyLocked: z.boolean(),
  profileImageUrl: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  privacy: z.object({ showEarnings: z.boolean(), showSupporterCount: z.boolean(), allowMessages: z.boolean() }),
  tiers: z.array(creatorTierSchema).length(TIER_COUNT),
  /** When the username may next be changed (ISO), or null when it may be changed now. */
  usernameChangeAvailableAt: z.iso.datetime({ offset: true }).nullable(),
});

export const creatorProfileResponseSchema = z.object({ profile: ownCreatorProfileSchema });

export type OwnCreatorProfileDto = z.infer<typeof ownCreatorProfileSchema>;
export type CreatorTierDto = z.infer<typeof creatorTierSchema>;
