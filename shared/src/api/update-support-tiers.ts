import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { MY_CREATOR_PROFILE_QUERY_KEY } from '@beabro/shared/api/get-my-creator-profile';
import {
  creatorProfileResponseSchema,
  type OwnCreatorProfileDto,
  type SupportTiersInput,
} from '@beabro/shared/api-schemas/creator-profile';

/** Replaces the four support tiers (amounts in whole dollars). */
export async function updateSupportTiers(input: SupportTiersInput): Promise<OwnCreatorProfileDto> {
  const body = await apiRequest<unknown>('/creator-profile/tiers', { method: 'PUT', body: JSON.stringify(input) });
  return creatorProfileResponseSchema.parse(body).profile;
}

export function useUpdateSupportTiers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupportTiers,
    onSuccess: (profile) => queryClient.setQueryData(MY_CREATOR_PROFILE_QUERY_KEY, profile),
  });
}
