import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import type { AccountProfileValues } from '@beabro/shared/api-schemas/account';
import { sessionResponseSchema } from '@beabro/shared/api-schemas/session';
import type { SessionUser } from '@beabro/shared/types/session-user';

/** PATCH /api/account/profile: the account's name (a supporter's Settings > Profile). */
export async function updateAccountProfile(input: AccountProfileValues): Promise<SessionUser> {
  return sessionResponseSchema.parse(
    await apiRequest<unknown>('/account/profile', { method: 'PATCH', body: JSON.stringify(input) }),
  ).user;
}

/** The header shows the name, so the session user is replaced with the server's answer. */
export function useUpdateAccountProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountProfile,
    onSuccess: (user) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
