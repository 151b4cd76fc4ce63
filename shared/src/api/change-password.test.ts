import { changePassword } from '@beabro/shared/api/change-password';
import { ApiError } from '@beabro/shared/api/api-client';

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('changePassword', () => {
  const input = { currentPassword: 'old password', newPassword: 'new password', confirmPassword: 'new password' };

  it('PATCHes /api/account/password and accepts the empty 204', async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await expect(changePassword(input)).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/account/password');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual(input);
  });

  it('throws the field messages and the wait of a refusal', async () => {
    stubFetch(
      () =>
        new Response(
          JSON.stringify({
            message: 'Current password is incorrect',
            fieldErrors: { currentPassword: 'Current password is incorrect' },
          }),
          { status: 400 },
        ),
    );
    const error = (await changePassword(input).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.fieldErrors).toEqual({ currentPassword: 'Current password is incorrect' });

    stubFetch(
      () =>
        new Response(JSON.stringify({ message: 'Too many attempts. Please try again in 15 minutes.' }), {
          status: 429,
          headers: { 'Retry-After': '900' },
        }),
    );
    const limited = (await changePassword(input).catch((e: unknown) => e)) as ApiError;
    expect(limited.status).toBe(429);
    expect(limited.retryAfterSeconds).toBe(900);
  });
});
