import { z } from 'zod';
import { sessionUserSchema } from '@beabro/shared/api-schemas/session';

export const EMAIL_VERIFICATION_MESSAGES = {
  invalidLink: 'This verification link is invalid or has expired. Request a new one from your account.',
  alreadyVerified: 'Your email is already verified.',
  /** Shown after a resend. */
  sent: 'We sent you a new verification link. It expires in 48 hours.',
  verified: 'Your email is verified. Thanks!',
} as const;

/** Tokens are 32 random bytes in base64url (43 characters); anything far off is refused like an unknown token. */
const TOKEN_MAX_LENGTH = 200;

/** POST /api/auth/verify-email */
export const verifyEmailRequestSchema = z.object({
  token: z
    .string({ error: EMAIL_VERIFICATION_MESSAGES.invalidLink })
    .trim()
    .min(1, { error: EMAIL_VERIFICATION_MESSAGES.invalidLink })
    .max(TOKEN_MAX_LENGTH, { error: EMAIL_VERIFICATION_MESSAGES.invalidLink }),
});

/**
 * The address now verified; `user` is the refreshed session user when the link was opened signed in
 * to that same account (null otherwise: the link works signed out or in another browser too).
 */
export const verifyEmailResponseSchema = z.object({
  verified: z.literal(true),
  email: z.string(),
  user: sessionUserSchema.nullable(),
});

/** POST /api/account/email-verification: a new link was queued for `sentTo`. */
export const resendVerificationEmailResponseSchema = z.object({
  sentTo: z.string(),
});

export type VerifyEmailInput = z.input<typeof verifyEmailRequestSchema>;
export type VerifyEmailValues = z.output<typeof verifyEmailRequestSchema>;
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;
export type ResendVerificationEmailResponse = z.infer<typeof resendVerificationEmailResponseSchema>;
