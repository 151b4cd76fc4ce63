import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { NOTIFICATION_SETTINGS_QUERY_KEY } from '@beabro/shared/api/get-notification-settings';
import {
  updateNotificationSettings,
  useUpdateNotificationSettings,
} from '@beabro/shared/api/update-notification-settings';
import { json, mockApi } from '@beabro/shared/testing/msw';

const settings = {
  newSupport: false,
  monthlyReport: true,
  goalReached: true,
  supporterMessages: true,
  newPosts: false,
};

const ROUTE = 'PATCH /api/account/notifications';

describe('updateNotificationSettings', () => {
  it('PATCHes only the toggles given and returns all five', async () => {
    const api = mockApi({ [ROUTE]: json(200, settings) });
    await expect(updateNotificationSettings({ newSupport: false })).resolves.toEqual(settings);
    const [call] = api.calls;
    expect(call?.path).toBe('/api/account/notifications');
    expect(call?.method).toBe('PATCH');
    expect(call?.body).toEqual({ newSupport: false });
  });
});

describe('useUpdateNotificationSettings', () => {
  it('puts the answer in the settings query', async () => {
    mockApi({ [ROUTE]: json(200, settings) });
    const queryClient = new QueryClient();
    queryClient.setQueryData(NOTIFICATION_SETTINGS_QUERY_KEY, { ...settings, newSupport: true });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result } = renderHook(() => useUpdateNotificationSettings(), { wrapper });
    await act(() => result.current.mutateAsync({ newSupport: false }));
    expect(queryClient.getQueryData(NOTIFICATION_SETTINGS_QUERY_KEY)).toEqual(settings);
  });
});
