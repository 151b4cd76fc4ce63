import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import type { ChangeEmailInput } from '@beabro/shared/api-schemas/account';
import { sessionResponseSchema } from '@beabro/shared/api-schemas/session';
import type { SessionUser } from '@beabro/shared/types/session-user';

/** PATCH /api/account/email: needs the current password; the new address starts unverified. */
export async function changeEmail(input: ChangeEmailInput): Promise<SessionUser> {
  return sessionResponseSchema.parse(
    await apiRequest<unknown>('/account/email', { method: 'PATCH', body: JSON.stringify(input) }),
  ).user;
}

/** The header and menus show the email, so the session user is replaced with the server's answer. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (user) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
