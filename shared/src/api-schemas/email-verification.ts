import { z } from 'zod';
import { sessionUserSchema } from '@beabro/shared/api-schemas/session';

export const EMAIL_VERIFICATION_MESSAGES = {
  invalidLink: 'This verification link is invalid or has expired. Request a new one from your account.',
  alreadyVerified: 'Your email is already verified.',
  /** Shown after a resend. */
  sent: 'We sent you a new verification link. It expires in 48 hours.',
  verified: 'Your email is verified. Thanks!',
  /** What the verification page says about a link, before anything is spent (GET /api/auth/verify-email). */
  linkUnknown:
    'This verification link is not valid. Open the link from the email again (the whole address), or request a new one from your account settings.',
  linkExpired:
    'This verification link has expired: links work for 48 hours. Request a new one from your account settings.',
  linkUsed:
    'This verification link has already been used. If your email is still not verified, request a new link from your account settings.',
  linkOutdated:
    'This link was sent to an address that is no longer the account’s email. Use the link in the latest verification email, or request a new one from your account settings.',
} as const;

/** The page a verification link opens: `/verify-email?token=...` (emails already sent link here: keep it). */
export const VERIFY_EMAIL_PAGE_PATH = '/verify-email';
/**
 * What the page's form (JavaScript off) did, in `?result=` when the server sends the browser back to the
 * page: verified, refused (the page says why from the link) or failed (our side: try again).
 */
export const VERIFY_EMAIL_RESULTS = ['verified', 'refused', 'failed'] as const;

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

/**
 * What a verification link would do, without spending it (GET /api/auth/verify-email?token=...):
 * ready: it verifies `email` when used; already-verified: that address is verified; used, expired and
 * outdated (the account's address changed since): it verifies nothing. An unknown link is a 404.
 */
export const VERIFICATION_LINK_STATES = ['ready', 'already-verified', 'used', 'expired', 'outdated'] as const;

/** GET /api/auth/verify-email: the token, as the link carries it. */
export const verificationLinkQuerySchema = z.object({
  token: z
    .string({ error: EMAIL_VERIFICATION_MESSAGES.linkUnknown })
    .trim()
    .min(1, { error: EMAIL_VERIFICATION_MESSAGES.linkUnknown })
    .max(TOKEN_MAX_LENGTH, { error: EMAIL_VERIFICATION_MESSAGES.linkUnknown }),
});

export const verificationLinkStatusSchema = z.object({
  state: z.enum(VERIFICATION_LINK_STATES),
  /** The address the link verifies: only while it is ready or already verified. */
  email: z.string().nullable(),
  /** Signed in with another account than the one the link is for (false when signed out). */
  signedInAsOther: z.boolean(),
});

/** POST /api/account/email-verification: a new link was queued for `sentTo`. */
export const resendVerificationEmailResponseSchema = z.object({
  sentTo: z.string(),
});

export type VerifyEmailInput = z.input<typeof verifyEmailRequestSchema>;
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;
export type VerificationLinkStatus = z.infer<typeof verificationLinkStatusSchema>;
export type ResendVerificationEmailResponse = z.infer<typeof resendVerificationEmailResponseSchema>;
