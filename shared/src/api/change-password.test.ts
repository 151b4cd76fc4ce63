import { changePassword } from '@beabro/shared/api/change-password';
import { ApiError } from '@beabro/shared/api/api-client';
import { json, mockApi } from '@beabro/shared/testing/msw';

const ROUTE = 'PATCH /api/account/password';

describe('changePassword', () => {
  const input = { currentPassword: 'old password', newPassword: 'new password', confirmPassword: 'new password' };

  it('PATCHes /api/account/password and accepts the empty 204', async () => {
    const api = mockApi({ [ROUTE]: json(204) });
    await expect(changePassword(input)).resolves.toBeUndefined();
    const [call] = api.calls;
    expect(call?.path).toBe('/api/account/password');
    expect(call?.method).toBe('PATCH');
    expect(call?.body).toEqual(input);
  });

  it('throws the field messages and the wait of a refusal', async () => {
    mockApi({
      [ROUTE]: json(400, {
        message: 'Current password is incorrect',
        fieldErrors: { currentPassword: 'Current password is incorrect' },
      }),
    });
    const error = (await changePassword(input).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.fieldErrors).toEqual({ currentPassword: 'Current password is incorrect' });

    mockApi({
      [ROUTE]: json(429, { message: 'Too many attempts. Please try again in 15 minutes.' }, { 'Retry-After': '900' }),
    });
    const limited = (await changePassword(input).catch((e: unknown) => e)) as ApiError;
    expect(limited.status).toBe(429);
    expect(limited.retryAfterSeconds).toBe(900);
  });
});
