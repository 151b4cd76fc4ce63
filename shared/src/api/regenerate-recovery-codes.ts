import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { TWO_FACTOR_STATUS_QUERY_KEY } from '@beabro/shared/api/get-two-factor-status';
import { recoveryCodesResponseSchema, type ConfirmTwoFactorInput } from '@beabro/shared/api-schemas/two-factor';

/** POST /api/account/two-factor/recovery-codes: ten new codes (shown this once); the old ones stop working. */
export async function regenerateRecoveryCodes(input: ConfirmTwoFactorInput): Promise<string[]> {
  return recoveryCodesResponseSchema.parse(
    await apiRequest<unknown>('/account/two-factor/recovery-codes', { method: 'POST', body: JSON.stringify(input) }),
  ).recoveryCodes;
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_STATUS_QUERY_KEY }),
  });
}
