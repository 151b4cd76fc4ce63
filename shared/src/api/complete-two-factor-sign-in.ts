import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { sessionResponseSchema } from '@beabro/shared/api-schemas/session';
import type { TwoFactorSignInInput } from '@beabro/shared/api-schemas/two-factor';
import type { SessionUser } from '@beabro/shared/types/session-user';

/** POST /api/auth/sign-in/two-factor: the challenge from the password step and a code (or a recovery code). */
export async function completeTwoFactorSignIn(input: TwoFactorSignInInput): Promise<SessionUser> {
  return sessionResponseSchema.parse(
    await apiRequest<unknown>('/auth/sign-in/two-factor', { method: 'POST', body: JSON.stringify(input) }),
  ).user;
}

export function useCompleteTwoFactorSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeTwoFactorSignIn,
    onSuccess: (user) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
