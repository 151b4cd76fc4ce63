import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import {
  notificationSettingsResponseSchema,
  type NotificationSettingsResponse,
} from '@beabro/shared/api-schemas/account';

export const NOTIFICATION_SETTINGS_QUERY_KEY = ['account', 'notifications'] as const;

/** GET /api/account/notifications: the four email toggles of the signed-in user. */
export async function getNotificationSettings(): Promise<NotificationSettingsResponse> {
  return notificationSettingsResponseSchema.parse(await apiRequest<unknown>('/account/notifications'));
}

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: NOTIFICATION_SETTINGS_QUERY_KEY,
  queryFn: getNotificationSettings,
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}
