import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { NOTIFICATION_SETTINGS_QUERY_KEY } from '@beabro/shared/api/get-notification-settings';
import {
  notificationSettingsResponseSchema,
  type NotificationSettingsPatch,
  type NotificationSettingsResponse,
} from '@beabro/shared/api-schemas/account';

/** PATCH /api/account/notifications: send only the toggles that changed; the answer holds all four. */
export async function updateNotificationSettings(
  patch: NotificationSettingsPatch,
): Promise<NotificationSettingsResponse> {
  return notificationSettingsResponseSchema.parse(
    await apiRequest<unknown>('/account/notifications', { method: 'PATCH', body: JSON.stringify(patch) }),
  );
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(NOTIFICATION_SETTINGS_QUERY_KEY, settings),
  });
}
