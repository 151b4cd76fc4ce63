import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { ApiError } from '@beabro/shared/api/api-client';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { verifyEmail, useVerifyEmail } from '@beabro/shared/api/verify-email';
import { EMAIL_VERIFICATION_MESSAGES } from '@beabro/shared/api-schemas/email-verification';
import { json, mockApi } from '@beabro/shared/testing/msw';

const user = {
  id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01',
  email: 'maya@example.com',
  username: null,
  displayName: 'Maya',
  isCreator: false,
  userType: 'supporter',
  emailVerified: true,
};

const ROUTE = 'POST /api/auth/verify-email';

function wrapperWith(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
}

describe('verifyEmail', () => {
  it('POSTs the token to /api/auth/verify-email with the CSRF header and returns the parsed answer', async () => {
    const api = mockApi({ [ROUTE]: json(200, { verified: true, email: 'maya@example.com', user: null }) });
    await expect(verifyEmail({ token: 'abc' })).resolves.toEqual({
      verified: true,
      email: 'maya@example.com',
      user: null,
    });
    const [call] = api.calls;
    expect(call?.path).toBe('/api/auth/verify-email');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ token: 'abc' });
    expect(call?.headers.get('X-Requested-With')).toBe('beabro');
  });

  it('throws the invalid-link message of a 400', async () => {
    mockApi({ [ROUTE]: json(400, { message: EMAIL_VERIFICATION_MESSAGES.invalidLink }) });
    const error = await verifyEmail({ token: 'used' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'This verification link is invalid or has expired. Request a new one from your account.',
    });
  });

  it('rejects an answer that does not match the contract', async () => {
    mockApi({ [ROUTE]: json(200, { verified: false }) });
    await expect(verifyEmail({ token: 'abc' })).rejects.toThrow();
  });
});

describe('useVerifyEmail', () => {
  it('puts the verified session user in the session query when the server sends it', async () => {
    mockApi({ [ROUTE]: json(200, { verified: true, email: user.email, user }) });
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, { ...user, emailVerified: false });
    const { result } = renderHook(() => useVerifyEmail(), { wrapper: wrapperWith(queryClient) });
    await act(() => result.current.mutateAsync({ token: 'abc' }));
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(user);
  });

  it('otherwise marks the session query stale so it is fetched again', async () => {
    mockApi({ [ROUTE]: json(200, { verified: true, email: user.email, user: null }) });
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    const { result } = renderHook(() => useVerifyEmail(), { wrapper: wrapperWith(queryClient) });
    await act(() => result.current.mutateAsync({ token: 'abc' }));
    expect(queryClient.getQueryState(SESSION_QUERY_KEY)?.isInvalidated).toBe(true);
  });
});
