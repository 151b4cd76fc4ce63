import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { deleteAccount, useDeleteAccount } from '@beabro/shared/api/delete-account';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { NOTIFICATION_SETTINGS_QUERY_KEY } from '@beabro/shared/api/get-notification-settings';
import { json, mockApi } from '@beabro/shared/testing/msw';

const ROUTE = 'DELETE /api/account';

describe('deleteAccount', () => {
  it('sends DELETE /api/account with the password', async () => {
    const api = mockApi({ [ROUTE]: json(204) });
    await deleteAccount({ password: 'my password' });
    const [call] = api.calls;
    expect(call?.path).toBe('/api/account');
    expect(call?.method).toBe('DELETE');
    expect(call?.body).toEqual({ password: 'my password' });
  });
});

describe('useDeleteAccount', () => {
  function setup() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, { id: 'me' });
    queryClient.setQueryData(NOTIFICATION_SETTINGS_QUERY_KEY, { newSupport: true });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result } = renderHook(() => useDeleteAccount(), { wrapper });
    return { queryClient, result };
  }

  it('becomes a visitor and forgets the account data', async () => {
    mockApi({ [ROUTE]: json(204) });
    const { queryClient, result } = setup();
    await act(() => result.current.mutateAsync({ password: 'my password' }));
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryData(NOTIFICATION_SETTINGS_QUERY_KEY)).toBeUndefined();
  });

  it('keeps everything when the password is refused', async () => {
    mockApi({
      [ROUTE]: json(400, {
        message: 'Current password is incorrect',
        fieldErrors: { password: 'Current password is incorrect' },
      }),
    });
    const { queryClient, result } = setup();
    await act(() => result.current.mutateAsync({ password: 'wrong' }).catch(() => undefined));
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual({ id: 'me' });
  });
});
