import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { sessionResponseSchema } from '@beabro/shared/api-schemas/session';
import type { SignInInput } from '@beabro/shared/schemas/auth';
import type { SessionUser } from '@beabro/shared/types/session-user';

export async function signIn(input: SignInInput): Promise<SessionUser> {
  return sessionResponseSchema.parse(await apiRequest<unknown>('/auth/sign-in', { method: 'POST', body: JSON.stringify(input) })).user;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
