import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { getNotificationSettings, useNotificationSettings } from '@beabro/shared/api/get-notification-settings';
import { json, mockApi } from '@beabro/shared/testing/msw';

const settings = {
  newSupport: true,
  monthlyReport: false,
  goalReached: true,
  supporterMessages: false,
  newPosts: true,
};

const ROUTE = 'GET /api/account/notifications';

describe('getNotificationSettings', () => {
  it('GETs /api/account/notifications and parses all five toggles', async () => {
    const api = mockApi({ [ROUTE]: json(200, settings) });
    await expect(getNotificationSettings()).resolves.toEqual(settings);
    expect(api.calls[0]?.path).toBe('/api/account/notifications');
  });

  it('refuses an answer that does not match the schema', async () => {
    mockApi({ [ROUTE]: json(200, { newSupport: 'yes' }) });
    await expect(getNotificationSettings()).rejects.toThrow();
  });
});

describe('useNotificationSettings', () => {
  it('loads the settings', async () => {
    mockApi({ [ROUTE]: json(200, settings) });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result } = renderHook(() => useNotificationSettings(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(settings));
  });
});
