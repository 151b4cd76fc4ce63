import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { MY_CREATOR_PROFILE_QUERY_KEY } from '@beabro/shared/api/get-my-creator-profile';
import { creatorProfileResponseSchema, type OwnCreatorProfileDto } from '@beabro/shared/api-schemas/creator-profile';
import type { OnboardingInput } from '@beabro/shared/schemas/onboarding';

/** "Launch Your Mission": creates the creator page from the whole wizard. */
export async function createCreatorProfile(input: OnboardingInput): Promise<OwnCreatorProfileDto> {
  const body = await apiRequest<unknown>('/creator-profile', { method: 'POST', body: JSON.stringify(input) });
  return creatorProfileResponseSchema.parse(body).profile;
}

/** After it succeeds the session user has a username and isCreator, so the session is refetched. */
export function useCreateCreatorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCreatorProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(MY_CREATOR_PROFILE_QUERY_KEY, profile);
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
