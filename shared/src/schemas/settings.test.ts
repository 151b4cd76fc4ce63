import type { ZodType } from 'zod';
import {
  SETTINGS_MESSAGES,
  changePasswordSchema,
  notificationSettingsSchema,
  privacySettingsSchema,
  profileSettingsSchema,
  supportSettingsSchema,
} from '@beabro/shared/schemas/settings';
import { ONBOARDING_MESSAGES } from '@beabro/shared/schemas/onboarding';

function messagesAt(schema: ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

describe('profileSettingsSchema', () => {
  const valid = { displayName: 'Pixel Pat', username: 'pixelpat', bio: 'Hi', socialLinks: { github: 'octocat' } };

  it('accepts a valid profile', () => {
    expect(profileSettingsSchema.parse(valid)).toEqual(valid);
  });

  it('lowercases the username', () => {
    expect(profileSettingsSchema.parse({ ...valid, username: 'PixelPat' }).username).toBe('pixelpat');
  });

  it('applies the onboarding username rules', () => {
    expect(messagesAt(profileSettingsSchema, { ...valid, username: 'ab' }, 'username')).toEqual([
      ONBOARDING_MESSAGES.usernameTooShort,
    ]);
    expect(messagesAt(profileSettingsSchema, { ...valid, username: 'admin' }, 'username')).toEqual([
      ONBOARDING_MESSAGES.usernameNotAvailable,
    ]);
  });

  it('bio: may be empty, at most 200', () => {
    expect(profileSettingsSchema.parse({ ...valid, bio: '' }).bio).toBe('');
    expect(profileSettingsSchema.parse({ displayName: 'P', username: 'pat' })).toEqual({
      displayName: 'P',
      username: 'pat',
      bio: '',
      socialLinks: {},
    });
    expect(messagesAt(profileSettingsSchema, { ...valid, bio: 'b'.repeat(201) }, 'bio')).toEqual([
      SETTINGS_MESSAGES.bioTooLong,
    ]);
  });

  it('display name is required', () => {
    expect(messagesAt(profileSettingsSchema, { ...valid, displayName: '' }, 'displayName')).toEqual([
      SETTINGS_MESSAGES.displayNameRequired,
    ]);
  });
});

describe('supportSettingsSchema (messages, never silent fallbacks)', () => {
  it('minimum amount outside 1..100', () => {
    for (const minimumAmount of [0, 101, '', 'x']) {
      expect(messagesAt(supportSettingsSchema, { minimumAmount }, 'minimumAmount')).toEqual([
        SETTINGS_MESSAGES.minimumAmountRange,
      ]);
    }
  });

  it('suggested amounts below 1', () => {
    expect(messagesAt(supportSettingsSchema, { suggestedAmounts: [5, 0, 25, 50] }, 'suggestedAmounts.1')).toEqual([
      SETTINGS_MESSAGES.suggestedAmountTooSmall,
    ]);
  });

  it('negative goal amount', () => {
    expect(messagesAt(supportSettingsSchema, { goalAmount: -10 }, 'goalAmount')).toEqual([
      SETTINGS_MESSAGES.goalAmountNegative,
    ]);
  });

  it('valid values pass', () => {
    expect(
      supportSettingsSchema.parse({ minimumAmount: 1, suggestedAmounts: [1, 2, 3, 4], goalAmount: 0, goalTitle: 'x' }),
    ).toEqual({
      minimumAmount: 1,
      suggestedAmounts: [1, 2, 3, 4],
      goalAmount: 0,
      goalTitle: 'x',
    });
  });
});

describe('notificationSettingsSchema', () => {
  it('has five toggles, on by default', () => {
    expect(notificationSettingsSchema.parse({})).toEqual({
      newSupport: true,
      monthlyReport: true,
      goalReached: true,
      supporterMessages: true,
      newPosts: true,
    });
    expect(
      notificationSettingsSchema.parse({
        newSupport: false,
        monthlyReport: false,
        goalReached: false,
        supporterMessages: false,
        newPosts: false,
      }),
    ).toEqual({
      newSupport: false,
      monthlyReport: false,
      goalReached: false,
      supporterMessages: false,
      newPosts: false,
    });
  });

  it('rejects non-booleans', () => {
    expect(messagesAt(notificationSettingsSchema, { newSupport: 'yes' }, 'newSupport')).toEqual([
      SETTINGS_MESSAGES.mustBeOnOrOff,
    ]);
  });
});

describe('privacySettingsSchema', () => {
  it('defaults: showEarnings off, showSupporterCount on, allowMessages on', () => {
    expect(privacySettingsSchema.parse({})).toEqual({
      showEarnings: false,
      showSupporterCount: true,
      allowMessages: true,
    });
  });

  it('rejects non-booleans', () => {
    expect(messagesAt(privacySettingsSchema, { allowMessages: 1 }, 'allowMessages')).toEqual([
      SETTINGS_MESSAGES.mustBeOnOrOff,
    ]);
  });
});

describe('changePasswordSchema', () => {
  const valid = { currentPassword: 'old password', newPassword: 'new password', confirmPassword: 'new password' };

  it('accepts a valid change', () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it('current password is required', () => {
    expect(messagesAt(changePasswordSchema, { ...valid, currentPassword: '' }, 'currentPassword')).toEqual([
      SETTINGS_MESSAGES.currentPasswordRequired,
    ]);
  });

  it('new password is required', () => {
    expect(messagesAt(changePasswordSchema, { ...valid, newPassword: '', confirmPassword: '' }, 'newPassword')).toEqual(
      [SETTINGS_MESSAGES.newPasswordRequired],
    );
  });

  it('new password: "Password must be at least 8 characters"', () => {
    expect(SETTINGS_MESSAGES.passwordTooShort).toBe('Password must be at least 8 characters');
    expect(
      messagesAt(changePasswordSchema, { ...valid, newPassword: 'short', confirmPassword: 'short' }, 'newPassword'),
    ).toEqual([SETTINGS_MESSAGES.passwordTooShort]);
  });

  it('confirmation must match: "Passwords do not match"', () => {
    expect(SETTINGS_MESSAGES.passwordsDoNotMatch).toBe('Passwords do not match');
    expect(messagesAt(changePasswordSchema, { ...valid, confirmPassword: 'other' }, 'confirmPassword')).toEqual([
      SETTINGS_MESSAGES.passwordsDoNotMatch,
    ]);
    // also while another field is wrong
    expect(
      messagesAt(changePasswordSchema, { ...valid, currentPassword: '', confirmPassword: 'other' }, 'confirmPassword'),
    ).toEqual([SETTINGS_MESSAGES.passwordsDoNotMatch]);
  });

  it('new password must differ from the current one', () => {
    expect(
      messagesAt(
        changePasswordSchema,
        { currentPassword: 'same password', newPassword: 'same password', confirmPassword: 'same password' },
        'newPassword',
      ),
    ).toEqual([SETTINGS_MESSAGES.newPasswordSameAsCurrent]);
  });
});
