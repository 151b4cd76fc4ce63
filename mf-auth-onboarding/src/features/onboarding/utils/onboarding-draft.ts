import {
  DEFAULT_MINIMUM_AMOUNT_DOLLARS,
  DEFAULT_SUGGESTED_AMOUNTS_DOLLARS,
  ONBOARDING_STEP_COUNT,
} from '@beabro/shared/data/defaults';
import { SOCIAL_PLATFORM_IDS } from '@beabro/shared/data/social-platforms';
import {
  onboardingBasicsSchema,
  onboardingSchema,
  onboardingSocialLinksSchema,
  onboardingSupportStepSchema,
} from '@beabro/shared/schemas/onboarding';
import type { SocialPlatform } from '@beabro/shared/data/social-platforms';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '@beabro/shared/schemas/field-errors';

export type WizardStep = 1 | 2 | 3;
export const WIZARD_STEPS: readonly WizardStep[] = [1, 2, 3];
export const STEP_COUNT = ONBOARDING_STEP_COUNT;

/** What the creator has typed, exactly as typed (amounts too), so Back and a reload give it all back. */
export interface OnboardingDraft {
  displayName: string;
  username: string;
  bio: string;
  /** "" until one is chosen. */
  creatorType: string;
  socialLinks: Record<SocialPlatform, string>;
  minimumAmount: string;
  suggestedAmounts: [string, string, string, string];
  goalTitle: string;
  goalAmount: string;
  /** Payout country code; "" until one is chosen. */
  country: string;
  /** "Show earnings" (needed for the goal's progress on the profile); off until turned on. */
  showEarnings: boolean;
}

export function emptyDraft(): OnboardingDraft {
  const [a, b, c, d] = DEFAULT_SUGGESTED_AMOUNTS_DOLLARS.map(String);
  return {
    displayName: '',
    username: '',
    bio: '',
    creatorType: '',
    socialLinks: Object.fromEntries(SOCIAL_PLATFORM_IDS.map((id) => [id, ''])) as Record<SocialPlatform, string>,
    minimumAmount: String(DEFAULT_MINIMUM_AMOUNT_DOLLARS),
    suggestedAmounts: [a ?? '', b ?? '', c ?? '', d ?? ''],
    goalTitle: '',
    goalAmount: '',
    country: '',
    showEarnings: false,
  };
}

/**
 * The shared schema of each step. They are plain objects, so each one checks only its own keys of the
 * whole draft; together they are the `onboardingSchema` the API validates on launch.
 */
export const STEP_SCHEMAS = {
  1: onboardingBasicsSchema,
  2: onboardingSocialLinksSchema,
  3: onboardingSupportStepSchema,
} as const;

/** The API's onboarding schema, with the country the wizard asks for required (safeExtend: the schema carries the minimum-vs-tiers refinement, which zod will not drop by overwriting a key). */
export const WIZARD_SCHEMA = onboardingSchema.safeExtend({ country: onboardingSupportStepSchema.shape.country });

export function stepErrors(step: WizardStep, draft: OnboardingDraft): FieldErrors {
  return fieldErrorsOf(STEP_SCHEMAS[step], draft);
}

const BASICS_FIELDS = new Set(Object.keys(onboardingBasicsSchema.shape));

/** The step that shows a field, for field errors that come back from the server ("socialLinks.github" -> 2). */
export function stepOfField(field: string): WizardStep {
  const root = field.split('.')[0] ?? '';
  if (BASICS_FIELDS.has(root)) return 1;
  if (root === 'socialLinks') return 2;
  return 3;
}

/** The furthest step the draft may open on: no step after one that is still invalid. */
export function reachableStep(wanted: WizardStep, draft: OnboardingDraft): WizardStep {
  for (const step of WIZARD_STEPS) {
    if (step >= wanted) break;
    if (hasErrors(stepErrors(step, draft))) return step;
  }
  return wanted;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** Reads back a stored draft defensively: anything missing or of the wrong type falls back to the default. */
export function parseStoredDraft(value: unknown): OnboardingDraft {
  const draft = emptyDraft();
  if (typeof value !== 'object' || value === null) return draft;
  const stored = value as Record<string, unknown>;
  for (const key of [
    'displayName',
    'username',
    'bio',
    'creatorType',
    'minimumAmount',
    'goalTitle',
    'goalAmount',
    'country',
  ] as const) {
    const field = stored[key];
    if (isString(field)) draft[key] = field;
  }
  const links = stored.socialLinks;
  if (typeof links === 'object' && links !== null) {
    for (const id of SOCIAL_PLATFORM_IDS) {
      const link = (links as Record<string, unknown>)[id];
      if (isString(link)) draft.socialLinks[id] = link;
    }
  }
  if (typeof stored.showEarnings === 'boolean') draft.showEarnings = stored.showEarnings;
  const amounts = stored.suggestedAmounts;
  if (Array.isArray(amounts) && amounts.length === 4) {
    const [a, b, c, d] = amounts as unknown[];
    if (isString(a) && isString(b) && isString(c) && isString(d)) draft.suggestedAmounts = [a, b, c, d];
  }
  return draft;
}
