import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { signInResultSchema, type TwoFactorChallenge } from '@beabro/shared/api-schemas/two-factor';
import type { SignInInput } from '@beabro/shared/schemas/auth';
import type { SessionUser } from '@beabro/shared/types/session-user';

/** Signed in, or the password was right and the account asks for a two-factor code next (no session yet). */
export type SignInResult =
  { kind: 'signed-in'; user: SessionUser } | { kind: 'two-factor'; challenge: TwoFactorChallenge };

export async function signIn(input: SignInInput): Promise<SignInResult> {
  const body = signInResultSchema.parse(
    await apiRequest<unknown>('/auth/sign-in', { method: 'POST', body: JSON.stringify(input) }),
  );
  return 'user' in body ? { kind: 'signed-in', user: body.user } : { kind: 'two-factor', challenge: body.twoFactor };
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      if (result.kind === 'signed-in') queryClient.setQueryData(SESSION_QUERY_KEY, result.user);
    },
  });
}
