import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { ApiError } from '@beabro/shared/api/api-client';
import { changeEmail, useChangeEmail } from '@beabro/shared/api/change-email';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { json, mockApi } from '@beabro/shared/testing/msw';

const user = {
  id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01',
  email: 'new@example.com',
  username: null,
  displayName: 'Maya',
  isCreator: false,
  userType: 'supporter',
  emailVerified: false,
};

const ROUTE = 'PATCH /api/account/email';

describe('changeEmail', () => {
  it('PATCHes /api/account/email with the CSRF header and returns the parsed session user', async () => {
    const api = mockApi({ [ROUTE]: json(200, { user }) });
    await expect(changeEmail({ email: 'new@example.com', password: 'my password' })).resolves.toEqual(user);
    const [call] = api.calls;
    expect(call?.path).toBe('/api/account/email');
    expect(call?.method).toBe('PATCH');
    expect(call?.body).toEqual({ email: 'new@example.com', password: 'my password' });
    expect(call?.headers.get('X-Requested-With')).toBe('beabro');
  });

  it('throws the field messages of a 400', async () => {
    mockApi({
      [ROUTE]: json(400, {
        message: 'Current password is incorrect',
        fieldErrors: { password: 'Current password is incorrect' },
      }),
    });
    const error = await changeEmail({ email: 'new@example.com', password: 'wrong' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ password: 'Current password is incorrect' });
  });
});

describe('useChangeEmail', () => {
  it('replaces the cached session user with the answer', async () => {
    mockApi({ [ROUTE]: json(200, { user }) });
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, { ...user, email: 'old@example.com', emailVerified: true });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result } = renderHook(() => useChangeEmail(), { wrapper });
    await act(() => result.current.mutateAsync({ email: 'new@example.com', password: 'my password' }));
    await waitFor(() => expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(user));
  });
});
