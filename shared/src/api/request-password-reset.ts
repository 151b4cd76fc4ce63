import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import {
  requestPasswordResetResponseSchema,
  type RequestPasswordResetInput,
} from '@beabro/shared/api-schemas/password-reset';

/** POST /api/auth/password-reset: one answer whether or not the address has an account. */
export async function requestPasswordReset(input: RequestPasswordResetInput): Promise<{ message: string }> {
  return requestPasswordResetResponseSchema.parse(
    await apiRequest<unknown>('/auth/password-reset', { method: 'POST', body: JSON.stringify(input) }),
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
