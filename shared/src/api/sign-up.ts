import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { sessionResponseSchema } from '@beabro/shared/api-schemas/session';
import type { SignUpInput } from '@beabro/shared/schemas/auth';
import type { SessionUser } from '@beabro/shared/types/session-user';

export async function signUp(input: SignUpInput): Promise<SessionUser> {
  return sessionResponseSchema.parse(
    await apiRequest<unknown>('/auth/sign-up', { method: 'POST', body: JSON.stringify(input) }),
  ).user;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (user) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
