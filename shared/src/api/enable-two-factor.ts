import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { TWO_FACTOR_STATUS_QUERY_KEY } from '@beabro/shared/api/get-two-factor-status';
import { recoveryCodesResponseSchema, type EnableTwoFactorInput } from '@beabro/shared/api-schemas/two-factor';

/** POST /api/account/two-factor/enable: on; answers with the recovery codes, shown this once. */
export async function enableTwoFactor(input: EnableTwoFactorInput): Promise<string[]> {
  return recoveryCodesResponseSchema.parse(
    await apiRequest<unknown>('/account/two-factor/enable', { method: 'POST', body: JSON.stringify(input) }),
  ).recoveryCodes;
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_STATUS_QUERY_KEY }),
  });
}
