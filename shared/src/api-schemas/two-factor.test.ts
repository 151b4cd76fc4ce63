import {
  confirmTwoFactorRequestSchema,
  enableTwoFactorRequestSchema,
  normaliseTwoFactorCode,
  signInResultSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorSignInRequestSchema,
} from '@beabro/shared/api-schemas/two-factor';

const codeMessage = (
  schema: {
    safeParse: (v: unknown) => {
      success: boolean;
      error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
    };
  },
  value: unknown,
) => schema.safeParse(value).error?.issues.find((issue) => issue.path[0] === 'code')?.message;

describe('two-factor schemas', () => {
  it('enabling takes a 6-digit code from the app, spaces allowed, and says what is wrong', () => {
    expect(enableTwoFactorRequestSchema.parse({ password: 'pw', code: ' 123 456 ' })).toEqual({
      password: 'pw',
      code: '123456',
    });
    expect(codeMessage(enableTwoFactorRequestSchema, { password: 'pw', code: '' })).toBe(
      TWO_FACTOR_MESSAGES.codeRequired,
    );
    expect(codeMessage(enableTwoFactorRequestSchema, { password: 'pw' })).toBe(TWO_FACTOR_MESSAGES.codeRequired);
    expect(codeMessage(enableTwoFactorRequestSchema, { password: 'pw', code: '12345' })).toBe(
      TWO_FACTOR_MESSAGES.codeFormat,
    );
    // A recovery code does not turn it on: only the app proves the set-up worked.
    expect(codeMessage(enableTwoFactorRequestSchema, { password: 'pw', code: 'abcd-efgh-jkmn-pqrs' })).toBe(
      TWO_FACTOR_MESSAGES.codeFormat,
    );
  });

  it('signing in and turning off take a code or a recovery code, normalised as typed by hand', () => {
    expect(twoFactorSignInRequestSchema.parse({ challenge: 'c', code: 'ABCD EFGH-JKMN pqrs' }).code).toBe(
      'abcdefghjkmnpqrs',
    );
    expect(confirmTwoFactorRequestSchema.parse({ password: 'pw', code: '654321' }).code).toBe('654321');
    expect(normaliseTwoFactorCode('O0IL-1lio')).toBe('00111110');
    expect(codeMessage(twoFactorSignInRequestSchema, { challenge: 'c', code: 'not a code' })).toBe(
      TWO_FACTOR_MESSAGES.codeOrRecoveryFormat,
    );
    expect(codeMessage(twoFactorSignInRequestSchema, { challenge: 'c', code: 'x'.repeat(65) })).toBe(
      TWO_FACTOR_MESSAGES.codeOrRecoveryFormat,
    );
    expect(twoFactorSignInRequestSchema.safeParse({ challenge: '', code: '123456' }).error?.issues[0]?.message).toBe(
      TWO_FACTOR_MESSAGES.challengeInvalid,
    );
  });

  it('a sign-in answer is either a session user or a two-factor challenge', () => {
    expect(
      'twoFactor' in signInResultSchema.parse({ twoFactor: { challenge: 'c', expiresAt: '2026-11-24T10:05:00.000Z' } }),
    ).toBe(true);
    expect(signInResultSchema.safeParse({ something: 'else' }).success).toBe(false);
  });
});
