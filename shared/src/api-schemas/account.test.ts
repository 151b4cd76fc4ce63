import type { ZodType } from 'zod';
import {
  ACCOUNT_MESSAGES,
  changeEmailRequestSchema,
  deleteAccountRequestSchema,
  notificationSettingsPatchSchema,
  notificationSettingsResponseSchema,
} from '@beabro/shared/api-schemas/account';
import { AUTH_MESSAGES } from '@beabro/shared/schemas/auth';
import { SETTINGS_MESSAGES } from '@beabro/shared/schemas/settings';

function fieldMessages(schema: ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.') || '_', issue.message]));
}

describe('changeEmailRequestSchema', () => {
  it('trims the address and keeps the password as typed', () => {
    expect(changeEmailRequestSchema.parse({ email: ' New@Example.com ', password: ' spaced pass ' })).toEqual({
      email: 'New@Example.com',
      password: ' spaced pass ',
    });
  });

  it('uses the sign-up email messages and asks for the current password', () => {
    expect(fieldMessages(changeEmailRequestSchema, { email: '', password: '' })).toEqual({
      email: AUTH_MESSAGES.emailRequired,
      password: ACCOUNT_MESSAGES.currentPasswordRequired,
    });
    expect(fieldMessages(changeEmailRequestSchema, { email: 'nope', password: 'x' })).toEqual({
      email: AUTH_MESSAGES.emailInvalid,
    });
    expect(ACCOUNT_MESSAGES.currentPasswordRequired).toBe(SETTINGS_MESSAGES.currentPasswordRequired);
  });

  it('a password longer than any account can have is simply incorrect', () => {
    expect(fieldMessages(changeEmailRequestSchema, { email: 'a@b.co', password: 'x'.repeat(129) })).toEqual({
      password: 'Current password is incorrect',
    });
  });
});

describe('deleteAccountRequestSchema', () => {
  it('requires the password', () => {
    expect(fieldMessages(deleteAccountRequestSchema, {})).toEqual({
      password: ACCOUNT_MESSAGES.currentPasswordRequired,
    });
    expect(deleteAccountRequestSchema.parse({ password: 'my password' })).toEqual({ password: 'my password' });
  });
});

describe('notificationSettingsPatchSchema', () => {
  it('keeps omitted toggles omitted (no defaults switching them back on)', () => {
    expect(notificationSettingsPatchSchema.parse({ newSupport: false })).toEqual({ newSupport: false });
    expect(notificationSettingsPatchSchema.parse({})).toEqual({});
  });

  it('refuses non-booleans with the settings message', () => {
    expect(fieldMessages(notificationSettingsPatchSchema, { goalReached: 'yes' })).toEqual({
      goalReached: SETTINGS_MESSAGES.mustBeOnOrOff,
    });
  });

  it('refuses unknown settings by name', () => {
    expect(fieldMessages(notificationSettingsPatchSchema, { newSupport: true, weeklyDigest: true })).toEqual({
      _: 'Unknown setting: weeklyDigest',
    });
  });
});

describe('notificationSettingsResponseSchema', () => {
  it('needs all five toggles', () => {
    expect(notificationSettingsResponseSchema.safeParse({ newSupport: true }).success).toBe(false);
  });
});
