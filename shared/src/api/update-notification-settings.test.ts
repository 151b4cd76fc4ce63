import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { NOTIFICATION_SETTINGS_QUERY_KEY } from '@beabro/shared/api/get-notification-settings';
import {
  updateNotificationSettings,
  useUpdateNotificationSettings,
} from '@beabro/shared/api/update-notification-settings';

const settings = {
  newSupport: false,
  monthlyReport: true,
  goalReached: true,
  supporterMessages: true,
  newPosts: false,
};

function stubFetch(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('updateNotificationSettings', () => {
  it('PATCHes only the toggles given and returns all five', async () => {
    const fetchMock = stubFetch(settings);
    await expect(updateNotificationSettings({ newSupport: false })).resolves.toEqual(settings);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/account/notifications');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ newSupport: false });
  });
});

describe('useUpdateNotificationSettings', () => {
  it('puts the answer in the settings query', async () => {
    stubFetch(settings);
    const queryClient = new QueryClient();
    queryClient.setQueryData(NOTIFICATION_SETTINGS_QUERY_KEY, { ...settings, newSupport: true });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result } = renderHook(() => useUpdateNotificationSettings(), { wrapper });
    await act(() => result.current.mutateAsync({ newSupport: false }));
    expect(queryClient.getQueryData(NOTIFICATION_SETTINGS_QUERY_KEY)).toEqual(settings);
  });
});
