import { z } from 'zod';
import { whenBothStrings } from '@beabro/shared/schemas/check-guards';
import { AUTH_MESSAGES, emailSchema, passwordSchema } from '@beabro/shared/schemas/auth';

/** How long a reset link works, in minutes (said in the email, on the page and in Help). */
export const PASSWORD_RESET_LINK_MINUTES = 30;

export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to a request, whether or not the address has an account. */
  requested: `If an account uses this address, we sent it a link to choose a new password. The link works once, for ${PASSWORD_RESET_LINK_MINUTES} minutes. Check your spam folder if nothing arrives.`,
  invalidLink: 'This password reset link is invalid, used or expired. Request a new one below.',
  done: 'Your password is changed and every device was signed out. Sign in with your new password.',
} as const;

/** The page a reset link opens: `/reset-password?token=...` (emails already sent link here: keep it). */
export const RESET_PASSWORD_PAGE_PATH = '/reset-password';

/** Tokens are 32 random bytes in base64url (43 characters); anything far off is refused like an unknown token. */
const TOKEN_MAX_LENGTH = 200;

/** POST /api/auth/password-reset */
export const requestPasswordResetSchema = z.object({ email: emailSchema });

/** POST /api/auth/password-reset/confirm: the link's token and the new password, typed twice. */
export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: PASSWORD_RESET_MESSAGES.invalidLink })
      .trim()
      .min(1, { error: PASSWORD_RESET_MESSAGES.invalidLink })
      .max(TOKEN_MAX_LENGTH, { error: PASSWORD_RESET_MESSAGES.invalidLink }),
    password: passwordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDoNotMatch }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: whenBothStrings('password', 'confirmPassword'),
  });

export const requestPasswordResetResponseSchema = z.object({ message: z.string() });
export const resetPasswordResponseSchema = z.object({ reset: z.literal(true) });

export type RequestPasswordResetInput = z.input<typeof requestPasswordResetSchema>;
export type RequestPasswordResetValues = z.output<typeof requestPasswordResetSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;
