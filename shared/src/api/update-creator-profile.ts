import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { MY_CREATOR_PROFILE_QUERY_KEY } from '@beabro/shared/api/get-my-creator-profile';
import {
  creatorProfileResponseSchema,
  type OwnCreatorProfileDto,
  type UpdateCreatorProfileInput,
} from '@beabro/shared/api-schemas/creator-profile';

/** Settings "Save Changes": sends only the fields given; `goalAmount: null` removes the goal. */
export async function updateCreatorProfile(input: UpdateCreatorProfileInput): Promise<OwnCreatorProfileDto> {
  const body = await apiRequest<unknown>('/creator-profile', { method: 'PATCH', body: JSON.stringify(input) });
  return creatorProfileResponseSchema.parse(body).profile;
}

/** The username is part of the session user, so a saved change refetches the session too. */
export function useUpdateCreatorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCreatorProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(MY_CREATOR_PROFILE_QUERY_KEY, profile);
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
