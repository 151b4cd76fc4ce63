import { ApiError } from '@beabro/shared/api/api-client';
import { resendVerificationEmail } from '@beabro/shared/api/resend-verification-email';
import { EMAIL_VERIFICATION_MESSAGES } from '@beabro/shared/api-schemas/email-verification';
import { json, mockApi } from '@beabro/shared/testing/msw';

const ROUTE = 'POST /api/account/email-verification';

describe('resendVerificationEmail', () => {
  it('POSTs to /api/account/email-verification with the CSRF header and returns where the link went', async () => {
    const api = mockApi({ [ROUTE]: json(202, { sentTo: 'maya@example.com' }) });
    await expect(resendVerificationEmail()).resolves.toEqual({ sentTo: 'maya@example.com' });
    const [call] = api.calls;
    expect(call?.path).toBe('/api/account/email-verification');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('X-Requested-With')).toBe('beabro');
  });

  it('throws "already verified" and the wait of a 429', async () => {
    mockApi({ [ROUTE]: json(400, { message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified }) });
    expect(await resendVerificationEmail().catch((e: unknown) => e)).toMatchObject({
      status: 400,
      message: 'Your email is already verified.',
    });

    mockApi({
      [ROUTE]: json(429, { message: 'Too many attempts. Please try again in 40 minutes.' }, { 'Retry-After': '2400' }),
    });
    const limited = await resendVerificationEmail().catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ApiError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 2400 });
  });
});
