import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { ApiError } from '@beabro/shared/api/api-client';
import { changeEmail, useChangeEmail } from '@beabro/shared/api/change-email';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';

const user = {
  id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01',
  email: 'new@example.com',
  username: null,
  displayName: 'Maya',
  isCreator: false,
  userType: 'supporter',
  emailVerified: false,
};

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('changeEmail', () => {
  it('PATCHes /api/account/email with the CSRF header and returns the parsed session user', async () => {
    const fetchMock = stubFetch(200, { user });
    await expect(changeEmail({ email: 'new@example.com', password: 'my password' })).resolves.toEqual(user);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/account/email');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'new@example.com', password: 'my password' });
    expect(new Headers(init.headers).get('X-Requested-With')).toBe('beabro');
  });

  it('throws the field messages of a 400', async () => {
    stubFetch(400, {
      message: 'Current password is incorrect',
      fieldErrors: { password: 'Current password is incorrect' },
    });
    const error = await changeEmail({ email: 'new@example.com', password: 'wrong' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ password: 'Current password is incorrect' });
  });
});

describe('useChangeEmail', () => {
  it('replaces the cached session user with the answer', async () => {
    stubFetch(200, { user });
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, { ...user, email: 'old@example.com', emailVerified: true });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result } = renderHook(() => useChangeEmail(), { wrapper });
    await act(() => result.current.mutateAsync({ email: 'new@example.com', password: 'my password' }));
    await waitFor(() => expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(user));
  });
});
