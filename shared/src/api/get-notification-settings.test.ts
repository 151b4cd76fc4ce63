import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { getNotificationSettings, useNotificationSettings } from '@beabro/shared/api/get-notification-settings';

const settings = {
  newSupport: true,
  monthlyReport: false,
  goalReached: true,
  supporterMessages: false,
  newPosts: true,
};

function stubFetch(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('getNotificationSettings', () => {
  it('GETs /api/account/notifications and parses all five toggles', async () => {
    const fetchMock = stubFetch(settings);
    await expect(getNotificationSettings()).resolves.toEqual(settings);
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/account/notifications');
  });

  it('refuses an answer that does not match the schema', async () => {
    stubFetch({ newSupport: 'yes' });
    await expect(getNotificationSettings()).rejects.toThrow();
  });
});

describe('useNotificationSettings', () => {
  it('loads the settings', async () => {
    stubFetch(settings);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result } = renderHook(() => useNotificationSettings(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(settings));
  });
});
