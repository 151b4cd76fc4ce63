import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import {
  verifyEmailResponseSchema,
  type VerifyEmailInput,
  type VerifyEmailResponse,
} from '@beabro/shared/api-schemas/email-verification';

/**
 * POST /api/auth/verify-email with the token of a verification link. A bad, used or expired link is a
 * 400 whose message says to request a new one.
 */
export async function verifyEmail(input: VerifyEmailInput): Promise<VerifyEmailResponse> {
  return verifyEmailResponseSchema.parse(
    await apiRequest<unknown>('/auth/verify-email', { method: 'POST', body: JSON.stringify(input) }),
  );
}

/** The session user now says the email is verified: take the server's copy, or refetch it. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (result) => {
      if (result.user) queryClient.setQueryData(SESSION_QUERY_KEY, result.user);
      else return queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
