import { z } from 'zod';
import { currentPasswordSchema } from '@beabro/shared/api-schemas/account';
import { sessionUserSchema } from '@beabro/shared/api-schemas/session';

/** How many one-time recovery codes an account gets when two-factor sign-in is turned on (or they are renewed). */
export const RECOVERY_CODE_COUNT = 10;

/** Messages of two-factor sign-in (Settings > Account and the second step of sign-in). */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is the 6 digits your authenticator app shows',
  codeOrRecoveryFormat: 'Enter the 6-digit code from your app, or a recovery code (like abcd-efgh-jkmn-pqrs)',
  codeInvalid: 'That code is not valid. Check your authenticator app and try again.',
  codeOrRecoveryInvalid: 'That code is not valid. Check your authenticator app, or use an unused recovery code.',
  codeAlreadyUsed: 'That code was just used. Wait for the next code in your app.',
  challengeInvalid: 'This sign-in has expired. Enter your email and password again.',
  alreadyEnabled: 'Two-factor authentication is already on.',
  notEnabled: 'Two-factor authentication is off.',
  setupMissing: 'Start the set-up again: scan a new QR code.',
} as const;

/** Recovery codes: 16 characters of Crockford's base32 (80 bits), shown in four groups of four. */
export const RECOVERY_CODE_PATTERN = /^[0-9a-hjkmnp-tv-z]{16}$/;

/**
 * What a person types, made comparable: spaces and dashes dropped, lower case, and the letters Crockford's
 * base32 reads as digits (i and l as 1, o as 0), so a code copied by hand still matches.
 */
export function normaliseTwoFactorCode(raw: string): string {
  return raw.replace(/[\s-]/g, '').toLowerCase().replace(/[il]/g, '1').replace(/o/g, '0');
}

const rawCode = (required: string) =>
  z
    .string({ error: required })
    .max(64, { error: TWO_FACTOR_MESSAGES.codeOrRecoveryFormat })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => value.length > 0, { error: required });

/** A 6-digit code from the authenticator app (spaces allowed, "123 456"). */
export const totpCodeSchema = rawCode(TWO_FACTOR_MESSAGES.codeRequired).pipe(
  z.string().regex(/^\d{6}$/, { error: TWO_FACTOR_MESSAGES.codeFormat }),
);

/** A 6-digit code or one of the recovery codes. */
export const totpOrRecoveryCodeSchema = rawCode(TWO_FACTOR_MESSAGES.codeRequired)
  .transform(normaliseTwoFactorCode)
  .pipe(
    z.string().refine((value) => /^\d{6}$/.test(value) || RECOVERY_CODE_PATTERN.test(value), {
      error: TWO_FACTOR_MESSAGES.codeOrRecoveryFormat,
    }),
  );

/** GET /api/account/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.iso.datetime().nullable(),
  recoveryCodesLeft: z.number().int().min(0),
});

/** POST /api/account/two-factor/setup: a new secret to add to an authenticator app (not on until confirmed). */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUrl: z.string(),
  /** The QR code as an SVG data URL. */
  qrCodeDataUrl: z.string(),
});

/** POST /api/account/two-factor/enable */
export const enableTwoFactorRequestSchema = z.object({
  password: currentPasswordSchema,
  code: totpCodeSchema,
});

/** POST /api/account/two-factor/disable and /recovery-codes: the password and a code (or a recovery code). */
export const confirmTwoFactorRequestSchema = z.object({
  password: currentPasswordSchema,
  code: totpOrRecoveryCodeSchema,
});

/** The recovery codes, in plain text this once (the server keeps only their hashes). */
export const recoveryCodesResponseSchema = z.object({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});

/** POST /api/auth/sign-in answers 202 with this when the password was right and a second step is due. */
export const twoFactorChallengeResponseSchema = z.object({
  twoFactor: z.object({
    /** Single use, valid a few minutes: it is not a session, only the right to try a code. */
    challenge: z.string(),
    expiresAt: z.iso.datetime(),
  }),
});

/** POST /api/auth/sign-in/two-factor */
export const twoFactorSignInRequestSchema = z.object({
  challenge: z
    .string({ error: TWO_FACTOR_MESSAGES.challengeInvalid })
    .min(1, { error: TWO_FACTOR_MESSAGES.challengeInvalid })
    .max(200, { error: TWO_FACTOR_MESSAGES.challengeInvalid }),
  code: totpOrRecoveryCodeSchema,
});

export const signInResultSchema = z.union([z.object({ user: sessionUserSchema }), twoFactorChallengeResponseSchema]);

export type TwoFactorStatus = z.output<typeof twoFactorStatusSchema>;
export type TwoFactorSetup = z.output<typeof twoFactorSetupSchema>;
export type EnableTwoFactorInput = z.input<typeof enableTwoFactorRequestSchema>;
export type EnableTwoFactorValues = z.output<typeof enableTwoFactorRequestSchema>;
export type ConfirmTwoFactorInput = z.input<typeof confirmTwoFactorRequestSchema>;
export type ConfirmTwoFactorValues = z.output<typeof confirmTwoFactorRequestSchema>;
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInRequestSchema>;
export type TwoFactorSignInValues = z.output<typeof twoFactorSignInRequestSchema>;
export type TwoFactorChallenge = z.output<typeof twoFactorChallengeResponseSchema>['twoFactor'];
