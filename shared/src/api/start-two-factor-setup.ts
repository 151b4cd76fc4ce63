import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { twoFactorSetupSchema, type TwoFactorSetup } from '@beabro/shared/api-schemas/two-factor';

/** POST /api/account/two-factor/setup: a new secret and its QR code; nothing is on until /enable confirms it. */
export async function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return twoFactorSetupSchema.parse(await apiRequest<unknown>('/account/two-factor/setup', { method: 'POST' }));
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}
