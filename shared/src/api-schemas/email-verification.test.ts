import {
  EMAIL_VERIFICATION_MESSAGES,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@beabro/shared/api-schemas/email-verification';

describe('verifyEmailRequestSchema', () => {
  it('takes a token, trimmed', () => {
    expect(verifyEmailRequestSchema.parse({ token: ' abc_DEF-123 ' })).toEqual({ token: 'abc_DEF-123' });
  });

  it('answers a missing, empty or absurd token with the invalid-link message', () => {
    for (const input of [{}, { token: '' }, { token: '   ' }, { token: 7 }, { token: 'x'.repeat(201) }]) {
      const result = verifyEmailRequestSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(EMAIL_VERIFICATION_MESSAGES.invalidLink);
    }
    expect(EMAIL_VERIFICATION_MESSAGES.invalidLink).toBe(
      'This verification link is invalid or has expired. Request a new one from your account.',
    );
    expect(EMAIL_VERIFICATION_MESSAGES.alreadyVerified).toBe('Your email is already verified.');
  });
});

describe('verifyEmailResponseSchema', () => {
  it('carries the verified address and, when signed in to that account, the session user', () => {
    expect(verifyEmailResponseSchema.parse({ verified: true, email: 'maya@example.com', user: null }).user).toBeNull();
    expect(
      verifyEmailResponseSchema.safeParse({ verified: false, email: 'maya@example.com', user: null }).success,
    ).toBe(false);
  });
});
