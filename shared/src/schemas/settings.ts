import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PRIVACY_SETTINGS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@beabro/shared/data/defaults';
import { AUTH_MESSAGES } from '@beabro/shared/schemas/auth';
import { whenBothStrings, whenNonEmptyString } from '@beabro/shared/schemas/check-guards';
import {
  ONBOARDING_MESSAGES,
  displayNameSchema,
  onboardingSupportSchema,
  socialLinksSchema,
  usernameSchema,
} from '@beabro/shared/schemas/onboarding';

/**
 * Settings messages (docs/product-rules.md#settings): every rule reports a field message, never a silent fallback.
 * Shared wording comes from the onboarding and auth messages so the same mistake reads the same everywhere.
 */
export const SETTINGS_MESSAGES = {
  displayNameRequired: ONBOARDING_MESSAGES.displayNameRequired,
  bioTooLong: ONBOARDING_MESSAGES.bioTooLong,
  minimumAmountRange: ONBOARDING_MESSAGES.minimumAmountRange,
  suggestedAmountTooSmall: ONBOARDING_MESSAGES.suggestedAmountTooSmall,
  goalAmountNegative: ONBOARDING_MESSAGES.goalAmountNegative,
  mustBeOnOrOff: 'Choose on or off',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  passwordTooShort: AUTH_MESSAGES.passwordTooShort,
  passwordTooLong: AUTH_MESSAGES.passwordTooLong,
  passwordsDoNotMatch: AUTH_MESSAGES.passwordsDoNotMatch,
  newPasswordSameAsCurrent: 'New password must be different from your current password',
} as const;

/** Profile tab. The username follows the onboarding rules (lowercased, a-z 0-9 _, 3-30, not reserved). */
export const profileSettingsSchema = z.object({
  displayName: displayNameSchema,
  username: usernameSchema,
  // Optional here (unlike onboarding): a creator may clear their bio. Limit on the raw text, like the counter.
  bio: z
    .string({ error: SETTINGS_MESSAGES.bioTooLong })
    .max(BIO_MAX_LENGTH, { error: SETTINGS_MESSAGES.bioTooLong })
    .trim()
    .default(''),
  socialLinks: socialLinksSchema.default(() => ({})),
});

/** Support Settings tab: same fields and rules as onboarding step 3 (whole dollars). */
export const supportSettingsSchema = onboardingSupportSchema;

const toggle = (defaultValue: boolean) => z.boolean({ error: SETTINGS_MESSAGES.mustBeOnOrOff }).default(defaultValue);

/** Notifications tab: five email toggles. */
export const notificationSettingsSchema = z.object({
  newSupport: toggle(DEFAULT_NOTIFICATION_SETTINGS.newSupport),
  monthlyReport: toggle(DEFAULT_NOTIFICATION_SETTINGS.monthlyReport),
  goalReached: toggle(DEFAULT_NOTIFICATION_SETTINGS.goalReached),
  supporterMessages: toggle(DEFAULT_NOTIFICATION_SETTINGS.supporterMessages),
  newPosts: toggle(DEFAULT_NOTIFICATION_SETTINGS.newPosts),
});

/** The Notifications tab's words for the newPosts toggle (every account has it, creator or not). */
export const NEW_POSTS_NOTIFICATION = {
  label: 'New posts from creators I support',
  description: 'An email when a creator you support publishes a post you can read.',
} as const;

/** Privacy tab: defaults showEarnings off, showSupporterCount on, allowMessages on. */
export const privacySettingsSchema = z.object({
  showEarnings: toggle(DEFAULT_PRIVACY_SETTINGS.showEarnings),
  showSupporterCount: toggle(DEFAULT_PRIVACY_SETTINGS.showSupporterCount),
  allowMessages: toggle(DEFAULT_PRIVACY_SETTINGS.allowMessages),
});

/** Account tab, change-password form. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: SETTINGS_MESSAGES.currentPasswordRequired })
      .min(1, { error: SETTINGS_MESSAGES.currentPasswordRequired }),
    newPassword: z
      .string({ error: SETTINGS_MESSAGES.newPasswordRequired })
      .min(1, { error: SETTINGS_MESSAGES.newPasswordRequired })
      .refine((password) => password.length >= PASSWORD_MIN_LENGTH, {
        error: SETTINGS_MESSAGES.passwordTooShort,
        when: whenNonEmptyString,
      })
      .max(PASSWORD_MAX_LENGTH, { error: SETTINGS_MESSAGES.passwordTooLong }),
    confirmPassword: z.string({ error: SETTINGS_MESSAGES.passwordsDoNotMatch }),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    error: SETTINGS_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: whenBothStrings('newPassword', 'confirmPassword'),
  })
  .refine((values) => values.newPassword === '' || values.newPassword !== values.currentPassword, {
    error: SETTINGS_MESSAGES.newPasswordSameAsCurrent,
    path: ['newPassword'],
    when: whenBothStrings('currentPassword', 'newPassword'),
  });

export type NotificationSettingsValues = z.output<typeof notificationSettingsSchema>;
export type PrivacySettingsValues = z.output<typeof privacySettingsSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordValues = z.output<typeof changePasswordSchema>;
