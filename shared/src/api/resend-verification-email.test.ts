import { ApiError } from '@beabro/shared/api/api-client';
import { resendVerificationEmail } from '@beabro/shared/api/resend-verification-email';
import { EMAIL_VERIFICATION_MESSAGES } from '@beabro/shared/api-schemas/email-verification';

function stubFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('resendVerificationEmail', () => {
  it('POSTs to /api/account/email-verification with the CSRF header and returns where the link went', async () => {
    const fetchMock = stubFetch(202, { sentTo: 'maya@example.com' });
    await expect(resendVerificationEmail()).resolves.toEqual({ sentTo: 'maya@example.com' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/account/email-verification');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('X-Requested-With')).toBe('beabro');
  });

  it('throws "already verified" and the wait of a 429', async () => {
    stubFetch(400, { message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified });
    expect(await resendVerificationEmail().catch((e: unknown) => e)).toMatchObject({
      status: 400,
      message: 'Your email is already verified.',
    });

    stubFetch(429, { message: 'Too many attempts. Please try again in 40 minutes.' }, { 'Retry-After': '2400' });
    const limited = await resendVerificationEmail().catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ApiError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 2400 });
  });
});
