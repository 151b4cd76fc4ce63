import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import type { ChangePasswordInput } from '@beabro/shared/schemas/settings';

/** PATCH /api/account/password: this session stays signed in, every other one is signed out. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiRequest<null>('/account/password', { method: 'PATCH', body: JSON.stringify(input) });
}

/** Nothing cached changes: the session user looks the same after a new password. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
