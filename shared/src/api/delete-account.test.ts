import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { deleteAccount, useDeleteAccount } from '@beabro/shared/api/delete-account';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { NOTIFICATION_SETTINGS_QUERY_KEY } from '@beabro/shared/api/get-notification-settings';

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('deleteAccount', () => {
  it('sends DELETE /api/account with the password', async () => {
    const fetchMock = stubFetch(204, null);
    await deleteAccount({ password: 'my password' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/account');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ password: 'my password' });
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
    stubFetch(204, null);
    const { queryClient, result } = setup();
    await act(() => result.current.mutateAsync({ password: 'my password' }));
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryData(NOTIFICATION_SETTINGS_QUERY_KEY)).toBeUndefined();
  });

  it('keeps everything when the password is refused', async () => {
    stubFetch(400, {
      message: 'Current password is incorrect',
      fieldErrors: { password: 'Current password is incorrect' },
    });
    const { queryClient, result } = setup();
    await act(() => result.current.mutateAsync({ password: 'wrong' }).catch(() => undefined));
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual({ id: 'me' });
  });
});
