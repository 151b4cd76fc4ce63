import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '@beabro/shared/data/defaults';
import { accountNameSchema, emailSchema } from '@beabro/shared/schemas/auth';
import { SETTINGS_MESSAGES, notificationSettingsSchema } from '@beabro/shared/schemas/settings';

/** Messages of the Account and Notifications settings tabs that the form schemas do not already hold. */
export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: SETTINGS_MESSAGES.currentPasswordRequired,
  currentPasswordIncorrect: 'Current password is incorrect',
  unknownSetting: 'Unknown setting',
  /** "Update Email" with the address the account already has changes nothing. */
  sameEmail: 'This is already your email address.',
} as const;

/**
 * The current password, asked again before a sensitive change. Longer than any password an account can
 * have means it cannot be right, so it reads as incorrect (and bounds the hashing work).
 */
export const currentPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
  .min(1, { error: ACCOUNT_MESSAGES.currentPasswordRequired })
  .max(PASSWORD_MAX_LENGTH, { error: ACCOUNT_MESSAGES.currentPasswordIncorrect });

/** PATCH /api/account/email */
export const changeEmailRequestSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});

/** PATCH /api/account/profile: the name of an account (a supporter's Settings > Profile). */
export const accountProfileRequestSchema = z.object({
  displayName: accountNameSchema,
});
export type AccountProfileValues = z.output<typeof accountProfileRequestSchema>;

/** DELETE /api/account: the password confirms the Danger Zone step. */
export const deleteAccountRequestSchema = z.object({
  password: currentPasswordSchema,
});

/** GET and PATCH /api/account/notifications answer with all five toggles. */
export const notificationSettingsResponseSchema = z.object({
  newSupport: z.boolean(),
  monthlyReport: z.boolean(),
  goalReached: z.boolean(),
  supporterMessages: z.boolean(),
  newPosts: z.boolean(),
});

const toggles = notificationSettingsSchema.shape;

/**
 * PATCH /api/account/notifications: any subset of the five toggles. Built from the form schema's fields
 * without their defaults (a plain `.partial()` would keep them and switch every omitted toggle back on),
 * and strict, so a misspelt setting is refused instead of silently ignored.
 */
export const notificationSettingsPatchSchema = z.strictObject(
  {
    newSupport: toggles.newSupport.unwrap().optional(),
    monthlyReport: toggles.monthlyReport.unwrap().optional(),
    goalReached: toggles.goalReached.unwrap().optional(),
    supporterMessages: toggles.supporterMessages.unwrap().optional(),
    newPosts: toggles.newPosts.unwrap().optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `${ACCOUNT_MESSAGES.unknownSetting}: ${issue.keys.join(', ')}` : undefined,
  },
);

export type ChangeEmailInput = z.input<typeof changeEmailRequestSchema>;
export type ChangeEmailValues = z.output<typeof changeEmailRequestSchema>;
export type DeleteAccountInput = z.input<typeof deleteAccountRequestSchema>;
export type NotificationSettingsResponse = z.output<typeof notificationSettingsResponseSchema>;
export type NotificationSettingsPatch = z.input<typeof notificationSettingsPatchSchema>;
