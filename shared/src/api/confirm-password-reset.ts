import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { resetPasswordResponseSchema, type ResetPasswordInput } from '@beabro/shared/api-schemas/password-reset';

/**
 * POST /api/auth/password-reset/confirm: the new password, with the token of a reset link. Nobody is
 * signed in by it (two-factor sign-in still asks for its code): every session of the account ends.
 */
export async function confirmPasswordReset(input: ResetPasswordInput): Promise<void> {
  resetPasswordResponseSchema.parse(
    await apiRequest<unknown>('/auth/password-reset/confirm', { method: 'POST', body: JSON.stringify(input) }),
  );
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
