import { AUTH_MESSAGES, signInSchema, signUpSchema } from '@beabro/shared/schemas/auth';
import type { ZodType } from 'zod';

/** Messages reported for `path` (dot-joined; '' for the root). */
function messagesAt(schema: ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

const validSignIn = { email: 'bro@example.com', password: 'correct horse' };
const validSignUp = { ...validSignIn, name: 'Bea Bro', confirmPassword: 'correct horse', role: 'creator' };

describe('AUTH_MESSAGES', () => {
  it('carries the field and form messages word for word', () => {
    expect(AUTH_MESSAGES.emailRequired).toBe('Email is required');
    expect(AUTH_MESSAGES.emailInvalid).toBe('Email is invalid');
    expect(AUTH_MESSAGES.passwordRequired).toBe('Password is required');
    expect(AUTH_MESSAGES.passwordTooShort).toBe('Password must be at least 8 characters');
    expect(AUTH_MESSAGES.nameRequired).toBe('Name is required');
    expect(AUTH_MESSAGES.passwordsDoNotMatch).toBe('Passwords do not match');
    expect(AUTH_MESSAGES.authenticationFailed).toBe('Authentication failed. Please try again.');
  });
});

describe('signInSchema', () => {
  it('accepts valid credentials and trims the email', () => {
    expect(signInSchema.parse({ ...validSignIn, email: '  bro@example.com ' })).toEqual(validSignIn);
  });

  it.each([undefined, '', '   '])('reports only "Email is required" for %j', (email) => {
    expect(messagesAt(signInSchema, { ...validSignIn, email }, 'email')).toEqual([AUTH_MESSAGES.emailRequired]);
  });

  it.each(['bro', 'bro@', '@example.com', 'bro@example', 'bro example@x.com'])(
    'reports "Email is invalid" for %j',
    (email) => {
      expect(messagesAt(signInSchema, { ...validSignIn, email }, 'email')).toEqual([AUTH_MESSAGES.emailInvalid]);
    },
  );

  it('rejects an absurdly long email', () => {
    const email = `${'a'.repeat(250)}@example.com`;
    expect(messagesAt(signInSchema, { ...validSignIn, email }, 'email')).toEqual([AUTH_MESSAGES.emailTooLong]);
  });

  it.each([undefined, ''])('reports only "Password is required" for %j', (password) => {
    expect(messagesAt(signInSchema, { ...validSignIn, password }, 'password')).toEqual([
      AUTH_MESSAGES.passwordRequired,
    ]);
  });

  it('reports "Password must be at least 8 characters" for 7 characters and accepts 8', () => {
    expect(messagesAt(signInSchema, { ...validSignIn, password: '1234567' }, 'password')).toEqual([
      AUTH_MESSAGES.passwordTooShort,
    ]);
    expect(signInSchema.safeParse({ ...validSignIn, password: '12345678' }).success).toBe(true);
  });

  it('keeps spaces in passwords (never trims them)', () => {
    expect(signInSchema.parse({ ...validSignIn, password: ' pass word ' }).password).toBe(' pass word ');
  });

  it('rejects passwords over the maximum', () => {
    expect(messagesAt(signInSchema, { ...validSignIn, password: 'x'.repeat(129) }, 'password')).toEqual([
      AUTH_MESSAGES.passwordTooLong,
    ]);
  });
});

describe('signUpSchema', () => {
  it('accepts a valid sign-up', () => {
    expect(signUpSchema.parse(validSignUp)).toEqual(validSignUp);
  });

  it('defaults the role to supporter', () => {
    const { role: _role, ...withoutRole } = validSignUp;
    expect(signUpSchema.parse(withoutRole).role).toBe('supporter');
  });

  it('rejects unknown roles', () => {
    expect(messagesAt(signUpSchema, { ...validSignUp, role: 'admin' }, 'role')).toEqual([AUTH_MESSAGES.roleInvalid]);
  });

  it.each([undefined, '', '  '])('reports "Name is required" for %j', (name) => {
    expect(messagesAt(signUpSchema, { ...validSignUp, name }, 'name')).toEqual([AUTH_MESSAGES.nameRequired]);
  });

  it('rejects names over 100 characters', () => {
    expect(messagesAt(signUpSchema, { ...validSignUp, name: 'n'.repeat(101) }, 'name')).toEqual([
      AUTH_MESSAGES.nameTooLong,
    ]);
  });

  it('reports "Passwords do not match" on confirmPassword', () => {
    expect(messagesAt(signUpSchema, { ...validSignUp, confirmPassword: 'something else' }, 'confirmPassword')).toEqual([
      AUTH_MESSAGES.passwordsDoNotMatch,
    ]);
  });

  it('reports the mismatch even while other fields are invalid', () => {
    const input = { name: '', email: '', password: '12345678', confirmPassword: '1234567' };
    expect(messagesAt(signUpSchema, input, 'confirmPassword')).toEqual([AUTH_MESSAGES.passwordsDoNotMatch]);
    expect(messagesAt(signUpSchema, input, 'name')).toEqual([AUTH_MESSAGES.nameRequired]);
    expect(messagesAt(signUpSchema, input, 'email')).toEqual([AUTH_MESSAGES.emailRequired]);
  });

  it('reports the sign-in rules too', () => {
    expect(messagesAt(signUpSchema, { ...validSignUp, email: 'nope' }, 'email')).toEqual([AUTH_MESSAGES.emailInvalid]);
    expect(
      messagesAt(signUpSchema, { ...validSignUp, password: 'short', confirmPassword: 'short' }, 'password'),
    ).toEqual([AUTH_MESSAGES.passwordTooShort]);
  });

  it('does not throw on non-object input', () => {
    expect(signUpSchema.safeParse(null).success).toBe(false);
    expect(signUpSchema.safeParse('x').success).toBe(false);
  });
});
