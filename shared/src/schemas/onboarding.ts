import { z, type core } from 'zod';
import { CREATOR_TYPE_IDS } from '@beabro/shared/data/creator-types';
import {
  BIO_MAX_LENGTH,
  DEFAULT_MINIMUM_AMOUNT_DOLLARS,
  DEFAULT_SUGGESTED_AMOUNTS_DOLLARS,
  DISPLAY_NAME_MAX_LENGTH,
  GOAL_AMOUNT_MAX_DOLLARS,
  GOAL_AMOUNT_MIN_DOLLARS,
  GOAL_TITLE_MAX_LENGTH,
  MAX_SINGLE_SUPPORT_DOLLARS,
  MINIMUM_AMOUNT_MAX_DOLLARS,
  MINIMUM_AMOUNT_MIN_DOLLARS,
  SUGGESTED_AMOUNT_MIN_DOLLARS,
  USERNAME_DISALLOWED_CHARS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@beabro/shared/data/defaults';
import { isReservedUsername } from '@beabro/shared/data/reserved-usernames';
import { SOCIAL_PLATFORM_IDS, getSocialPlatform } from '@beabro/shared/data/social-platforms';
import { dollarsToCents } from '@beabro/shared/money/dollars-to-cents';
import { whenNoIssues, whenNonEmptyString } from '@beabro/shared/schemas/check-guards';
import { COUNTRY_MESSAGES, countrySchema } from '@beabro/shared/schemas/country';
import { dollarAmountSchema, optionalDollarAmountSchema } from '@beabro/shared/schemas/dollar-amount';
import type { CreatorProfileDraft, SocialLinks } from '@beabro/shared/types/entities';
import type { SocialPlatform } from '@beabro/shared/data/social-platforms';

const usd = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;

/** Onboarding messages, word for word as docs/product-rules.md#onboarding lists them. */
export const ONBOARDING_MESSAGES = {
  displayNameRequired: 'Display name is required',
  displayNameTooLong: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
  usernameRequired: 'Username is required',
  usernameTooShort: `Username must be at least ${USERNAME_MIN_LENGTH} characters`,
  usernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  usernameInvalidChars: 'Username can only contain letters, numbers, and underscores',
  /** Taken, or reserved for the site's own pages. */
  usernameNotAvailable: 'Username is not available',
  /** Positive feedback of the availability check. */
  usernameAvailable: 'Username is available!',
  bioRequired: 'Bio is required',
  bioTooLong: `Bio must be at most ${BIO_MAX_LENGTH} characters`,
  creatorTypeRequired: 'Creator type is required',
  minimumAmountRange: `Minimum amount must be between ${usd(MINIMUM_AMOUNT_MIN_DOLLARS)} and ${usd(MINIMUM_AMOUNT_MAX_DOLLARS)}`,
  minimumAmountWhole: 'Minimum amount must be a whole number of dollars',
  /** A support option below the minimum could never be paid. */
  minimumAboveSupportOptions: 'Minimum amount cannot be above your smallest suggested amount',
  suggestedAmountTooSmall: `Suggested amounts must be at least ${usd(SUGGESTED_AMOUNT_MIN_DOLLARS)}`,
  /** A quick-pick amount above the single-support cap could never be paid. */
  suggestedAmountTooLarge: `Suggested amounts must be at most ${usd(MAX_SINGLE_SUPPORT_DOLLARS)}`,
  suggestedAmountsCount: 'Enter four suggested amounts',
  suggestedAmountWhole: 'Suggested amounts must be whole numbers of dollars',
  goalAmountNegative: 'Goal amount cannot be negative',
  showEarningsOnOrOff: 'Choose on or off',
  goalAmountTooLarge: `Goal amount must be at most ${usd(GOAL_AMOUNT_MAX_DOLLARS)}`,
  goalAmountWhole: 'Goal amount must be a whole number of dollars',
  goalTitleTooLong: `Goal title must be at most ${GOAL_TITLE_MAX_LENGTH} characters`,
  /** Form-level error box on launch (docs/product-rules.md#form-level-messages). */
  profileCreationFailed: 'Failed to create profile. Please try again.',
} as const;

/** Messages of the step-2 social links (docs/product-rules.md#social-links). */
export const SOCIAL_LINK_MESSAGES = {
  websiteHttpsOnly: 'Website must start with https:// (or enter just the domain, e.g. example.com)',
  websiteInvalid: 'Enter a valid website address, e.g. example.com',
  websiteTooLong: 'Website address must be at most 200 characters',
  notText: 'Enter the link as text',
  /** One message per platform, spelling out that platform's naming rule. */
  handleInvalid: Object.fromEntries(
    SOCIAL_PLATFORM_IDS.map((id) => {
      const platform = getSocialPlatform(id);
      return [
        id,
        id === 'website'
          ? 'Enter a valid website address, e.g. example.com'
          : `Enter a valid ${platform.label} handle: ${platform.rule}`,
      ];
    }),
  ) as Readonly<Record<SocialPlatform, string>>,
} as const;

/**
 * What the username input does on every keystroke: lowercase, then drop every character outside a-z, 0-9
 * and underscore (docs/product-rules.md#username-rules).
 */
export function normalizeUsername(input: string): string {
  return input.toLowerCase().replace(USERNAME_DISALLOWED_CHARS, '');
}

export const displayNameSchema = z
  .string({ error: ONBOARDING_MESSAGES.displayNameRequired })
  .trim()
  .min(1, { error: ONBOARDING_MESSAGES.displayNameRequired })
  .max(DISPLAY_NAME_MAX_LENGTH, { error: ONBOARDING_MESSAGES.displayNameTooLong });

/**
 * Username as stored. It validates rather than normalises (beyond lowercasing, as the input does too), so
 * characters the input would have stripped are reported instead of silently changing the user's URL.
 * Reserved names get the same "not available" message as taken ones; the server still checks for taken.
 */
export const usernameSchema = z
  .string({ error: ONBOARDING_MESSAGES.usernameRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: ONBOARDING_MESSAGES.usernameRequired })
  .refine((username) => username.length >= USERNAME_MIN_LENGTH, {
    error: ONBOARDING_MESSAGES.usernameTooShort,
    when: whenNonEmptyString,
  })
  .max(USERNAME_MAX_LENGTH, { error: ONBOARDING_MESSAGES.usernameTooLong })
  .refine((username) => USERNAME_PATTERN.test(username), {
    error: ONBOARDING_MESSAGES.usernameInvalidChars,
    when: whenNonEmptyString,
  })
  // Only a well-formed username is worth an availability verdict.
  .refine((username) => !isReservedUsername(username), {
    error: ONBOARDING_MESSAGES.usernameNotAvailable,
    when: whenNoIssues,
  });

/** Bio as typed: the length limit applies to the raw text, matching the live "n/200" counter. */
export const bioSchema = z
  .string({ error: ONBOARDING_MESSAGES.bioRequired })
  .max(BIO_MAX_LENGTH, { error: ONBOARDING_MESSAGES.bioTooLong })
  .trim()
  .min(1, { error: ONBOARDING_MESSAGES.bioRequired });

/** An empty select value ("") or anything outside the eight ids reads as "not chosen yet". */
export const creatorTypeSchema = z.enum(CREATOR_TYPE_IDS, { error: ONBOARDING_MESSAGES.creatorTypeRequired });

export const minimumAmountSchema = dollarAmountSchema(
  { min: MINIMUM_AMOUNT_MIN_DOLLARS, max: MINIMUM_AMOUNT_MAX_DOLLARS },
  {
    required: ONBOARDING_MESSAGES.minimumAmountRange,
    whole: ONBOARDING_MESSAGES.minimumAmountWhole,
    tooSmall: ONBOARDING_MESSAGES.minimumAmountRange,
    tooLarge: ONBOARDING_MESSAGES.minimumAmountRange,
  },
);

export const suggestedAmountSchema = dollarAmountSchema(
  { min: SUGGESTED_AMOUNT_MIN_DOLLARS, max: MAX_SINGLE_SUPPORT_DOLLARS },
  {
    required: ONBOARDING_MESSAGES.suggestedAmountTooSmall,
    whole: ONBOARDING_MESSAGES.suggestedAmountWhole,
    tooSmall: ONBOARDING_MESSAGES.suggestedAmountTooSmall,
    tooLarge: ONBOARDING_MESSAGES.suggestedAmountTooLarge,
  },
);

/** Exactly four amounts; errors land on `suggestedAmounts.0` .. `suggestedAmounts.3`. */
export const suggestedAmountsSchema = z.tuple(
  [suggestedAmountSchema, suggestedAmountSchema, suggestedAmountSchema, suggestedAmountSchema],
  { error: ONBOARDING_MESSAGES.suggestedAmountsCount },
);

export const goalAmountSchema = optionalDollarAmountSchema(
  { min: GOAL_AMOUNT_MIN_DOLLARS, max: GOAL_AMOUNT_MAX_DOLLARS },
  {
    required: ONBOARDING_MESSAGES.goalAmountWhole,
    whole: ONBOARDING_MESSAGES.goalAmountWhole,
    tooSmall: ONBOARDING_MESSAGES.goalAmountNegative,
    tooLarge: ONBOARDING_MESSAGES.goalAmountTooLarge,
  },
);

export const goalTitleSchema = z
  .string({ error: ONBOARDING_MESSAGES.goalTitleTooLong })
  .trim()
  .max(GOAL_TITLE_MAX_LENGTH, { error: ONBOARDING_MESSAGES.goalTitleTooLong });

export type SocialHandleResult = { ok: true; value: string | undefined } | { ok: false; message: string };

// Any other scheme: "http://...", "ftp://...", and the script-carrying ones that need no "//".
const OTHER_SCHEME = /^(?:[a-z][a-z0-9+.-]*:\/\/|(?:javascript|vbscript|data|file|blob|about|mailto):)/i;
const HTTPS = /^https:\/\//i;
// "host/path?query#hash" with an optional http(s) scheme, to recognise a pasted profile URL.
const PASTED_URL = /^(?:https?:\/\/)?([^/?#@\s]+)([^?#]*)/i;

function normalizeWebsite(input: string): SocialHandleResult {
  let rest = input;
  if (HTTPS.test(rest)) rest = rest.slice('https://'.length);
  else if (OTHER_SCHEME.test(rest)) return { ok: false, message: SOCIAL_LINK_MESSAGES.websiteHttpsOnly };
  let url: URL;
  try {
    url = new URL(`https://${rest}`);
  } catch {
    return { ok: false, message: SOCIAL_LINK_MESSAGES.websiteInvalid };
  }
  // Credentials and ports have no place in a public profile link and are a classic phishing disguise.
  if (url.username || url.password || url.port) return { ok: false, message: SOCIAL_LINK_MESSAGES.websiteInvalid };
  const value = url.hostname + (url.pathname === '/' ? '' : url.pathname) + url.search + url.hash;
  if (value.length > 200) return { ok: false, message: SOCIAL_LINK_MESSAGES.websiteTooLong };
  if (!getSocialPlatform('website').pattern.test(value))
    return { ok: false, message: SOCIAL_LINK_MESSAGES.websiteInvalid };
  return { ok: true, value };
}

function normalizeHandle(platform: SocialPlatform, input: string): SocialHandleResult {
  const info = getSocialPlatform(platform);
  let handle = input;
  // A pasted profile link ("https://www.github.com/octocat/") is reduced to its handle.
  const pasted = PASTED_URL.exec(input);
  const host = pasted?.[1]?.toLowerCase();
  if (pasted && host && info.hosts.includes(host)) {
    const expectedPath = new URL(info.urlPrefix).pathname;
    const path = (pasted[2] ?? '').replace(/\/+$/, '');
    handle = path.startsWith(expectedPath) ? path.slice(expectedPath.length) : path.replace(/^\//, '');
  }
  if (handle.startsWith('@')) handle = handle.slice(1);
  if (!info.pattern.test(handle)) return { ok: false, message: SOCIAL_LINK_MESSAGES.handleInvalid[platform] };
  return { ok: true, value: handle };
}

/**
 * Turns what a creator typed for `platform` into the stored handle: "@name" or "name" for the @-platforms,
 * a handle or a pasted profile URL for the others, a domain or https URL (stored without scheme) for the
 * website. Empty input means "not linked" (value undefined).
 */
export function normalizeSocialHandle(platform: SocialPlatform, input: string): SocialHandleResult {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  return platform === 'website' ? normalizeWebsite(trimmed) : normalizeHandle(platform, trimmed);
}

/** One platform's field: optional; empty means not linked; output is the stored handle. */
export function socialHandleSchema(platform: SocialPlatform) {
  return z
    .string({ error: SOCIAL_LINK_MESSAGES.notText })
    .optional()
    .transform((input, ctx) => {
      if (input === undefined) return undefined;
      const result = normalizeSocialHandle(platform, input);
      if (result.ok) return result.value;
      ctx.issues.push({ code: 'custom', message: result.message, input });
      return z.NEVER;
    });
}

const socialLinksShape = Object.fromEntries(SOCIAL_PLATFORM_IDS.map((id) => [id, socialHandleSchema(id)])) as {
  [P in SocialPlatform]: ReturnType<typeof socialHandleSchema>;
};

/** Step 2: every platform optional; the output drops unlinked platforms, so it is a `SocialLinks`. */
export const socialLinksSchema = z.object(socialLinksShape).transform((links): SocialLinks => {
  const result: SocialLinks = {};
  for (const id of SOCIAL_PLATFORM_IDS) {
    const value = links[id];
    if (value !== undefined) result[id] = value;
  }
  return result;
});

/** Step 1 "basics". */
export const onboardingBasicsSchema = z.object({
  displayName: displayNameSchema,
  username: usernameSchema,
  bio: bioSchema,
  creatorType: creatorTypeSchema,
});

/** Step 2 "connect platforms". */
export const onboardingSocialLinksSchema = z.object({
  socialLinks: socialLinksSchema.default(() => ({})),
});

/** True unless the minimum is above the smallest suggested amount (each tier's price): that tier could not be paid. */
export function minimumFitsSupportOptions(minimumAmount: number, suggestedAmounts: readonly number[]): boolean {
  return suggestedAmounts.every((amount) => amount >= minimumAmount);
}

/** The cross-field check, once both fields are numbers (their own checks have spoken otherwise). */
const minimumFitsCheck = [
  (values: { minimumAmount?: unknown; suggestedAmounts?: unknown }) =>
    minimumFitsSupportOptions(values.minimumAmount as number, values.suggestedAmounts as number[]),
  {
    error: ONBOARDING_MESSAGES.minimumAboveSupportOptions,
    path: ['minimumAmount'] as PropertyKey[],
    when: (payload: core.ParsePayload) => {
      const value = payload.value as { minimumAmount?: unknown; suggestedAmounts?: unknown } | null;
      const fieldsFailed = payload.issues.some(
        (issue) => issue.path?.[0] === 'minimumAmount' || issue.path?.[0] === 'suggestedAmounts',
      );
      return (
        !fieldsFailed &&
        typeof value?.minimumAmount === 'number' &&
        Array.isArray(value.suggestedAmounts) &&
        value.suggestedAmounts.every((amount) => typeof amount === 'number')
      );
    },
  },
] as const;

/** Step 3 "support settings" (amounts in whole dollars). Settings reuses it for its Support Settings tab. */
export const onboardingSupportSchema = z
  .object({
    minimumAmount: minimumAmountSchema.default(DEFAULT_MINIMUM_AMOUNT_DOLLARS),
    // A fresh array per parse, so one form mutating its values cannot change another's defaults.
    suggestedAmounts: suggestedAmountsSchema.default((): [number, number, number, number] => {
      const [a, b, c, d] = DEFAULT_SUGGESTED_AMOUNTS_DOLLARS;
      return [a, b, c, d];
    }),
    goalAmount: goalAmountSchema,
    goalTitle: goalTitleSchema.default(''),
  })
  .refine(...minimumFitsCheck);

/**
 * The payout country, also on step 3 (without one every payout is held). The API takes a launch without
 * it (stored as none, as before), so an empty choice is "not given".
 */
export const onboardingCountrySchema = z.object({
  country: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    countrySchema.optional(),
  ),
});

/** The wizard's step 3 asks for the country: one of the payout countries or the creator's own elsewhere. */
export const onboardingSupportStepSchema = onboardingSupportSchema.extend({
  country: z
    .string({ error: COUNTRY_MESSAGES.required })
    .trim()
    .min(1, { error: COUNTRY_MESSAGES.required })
    .pipe(countrySchema),
});

/**
 * "Show earnings", asked next to the goal on step 3: the public profile shows goal progress only with it on
 * (it shows how much was raised). Off unless the creator turns it on, as in Settings > Privacy.
 */
export const onboardingShowEarningsSchema = z.object({
  showEarnings: z.boolean({ error: ONBOARDING_MESSAGES.showEarningsOnOrOff }).default(false),
});

/** The whole wizard, as validated again on "Launch Your Mission". */
export const onboardingSchema = z
  .object({
    ...onboardingBasicsSchema.shape,
    ...onboardingSocialLinksSchema.shape,
    ...onboardingSupportSchema.shape,
    ...onboardingCountrySchema.shape,
    ...onboardingShowEarningsSchema.shape,
  })
  .refine(...minimumFitsCheck);

export type OnboardingInput = z.input<typeof onboardingSchema>;
export type OnboardingValues = z.output<typeof onboardingSchema>;

/** Parsed wizard values (dollars) to the draft entity (cents) the API stores. */
export function toCreatorProfileDraft(values: OnboardingValues): CreatorProfileDraft {
  const [a, b, c, d] = values.suggestedAmounts;
  return {
    displayName: values.displayName,
    username: values.username,
    bio: values.bio,
    creatorType: values.creatorType,
    socialLinks: values.socialLinks,
    minimumAmountCents: dollarsToCents(values.minimumAmount),
    suggestedAmountsCents: [dollarsToCents(a), dollarsToCents(b), dollarsToCents(c), dollarsToCents(d)],
    goalAmountCents: values.goalAmount === undefined ? null : dollarsToCents(values.goalAmount),
    goalTitle: values.goalTitle,
  };
}
