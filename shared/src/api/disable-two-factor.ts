import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { TWO_FACTOR_STATUS_QUERY_KEY } from '@beabro/shared/api/get-two-factor-status';
import type { ConfirmTwoFactorInput } from '@beabro/shared/api-schemas/two-factor';

/** POST /api/account/two-factor/disable: the password and a code (or a recovery code). */
export async function disableTwoFactor(input: ConfirmTwoFactorInput): Promise<void> {
  await apiRequest<null>('/account/two-factor/disable', { method: 'POST', body: JSON.stringify(input) });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_STATUS_QUERY_KEY }),
  });
}
