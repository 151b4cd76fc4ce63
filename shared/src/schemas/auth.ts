import { z } from 'zod';
import { whenBothStrings, whenNonEmptyString } from '@beabro/shared/schemas/check-guards';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@beabro/shared/data/defaults';

/** Sign-in and sign-up messages, word for word as docs/product-rules.md#accounts-and-sign-in lists them. */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  emailTooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  roleInvalid: 'Choose Mission Builder or Supporter',
  /** Form-level error box (docs/product-rules.md#form-level-messages). */
  authenticationFailed: 'Authentication failed. Please try again.',
} as const;

/**
 * Email field shared by sign-in, sign-up and the support page. Surrounding spaces are trimmed (pasted
 * addresses often carry them).
 */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.emailRequired })
  .max(EMAIL_MAX_LENGTH, { error: AUTH_MESSAGES.emailTooLong })
  // The pipe only runs when the checks above passed, so an empty field shows just "required".
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

/** Password as typed: never trimmed, since spaces may be part of it. */
export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired })
  .refine((password) => password.length >= PASSWORD_MIN_LENGTH, {
    error: AUTH_MESSAGES.passwordTooShort,
    when: whenNonEmptyString,
  })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong });

export const USER_ROLES = ['creator', 'supporter'] as const;

export const signInSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});

/** The account's name: what sign-up asks for, and what creators see of a supporter who gives a name-less support. */
export const accountNameSchema = z
  .string({ error: AUTH_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.nameRequired })
  .max(NAME_MAX_LENGTH, { error: AUTH_MESSAGES.nameTooLong });

export const signUpSchema = z
  .object({
    name: accountNameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDoNotMatch }),
    role: z.enum(USER_ROLES, { error: AUTH_MESSAGES.roleInvalid }).default('supporter'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    // Run even when other fields are invalid, so the mismatch shows together with their messages,
    // but only once both passwords are strings (otherwise the field's own type message is enough).
    when: whenBothStrings('password', 'confirmPassword'),
  });

export type SignInInput = z.input<typeof signInSchema>;
export type SignInValues = z.output<typeof signInSchema>;
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpValues = z.output<typeof signUpSchema>;
