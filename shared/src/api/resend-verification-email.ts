import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import {
  resendVerificationEmailResponseSchema,
  type ResendVerificationEmailResponse,
} from '@beabro/shared/api-schemas/email-verification';

/**
 * POST /api/account/email-verification: emails a new verification link to the signed-in account. A 400
 * means the address is already verified; a 429 (with Retry-After) that three were sent this hour.
 */
export async function resendVerificationEmail(): Promise<ResendVerificationEmailResponse> {
  return resendVerificationEmailResponseSchema.parse(
    await apiRequest<unknown>('/account/email-verification', { method: 'POST' }),
  );
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
