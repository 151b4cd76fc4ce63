import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { MY_CREATOR_PROFILE_QUERY_KEY } from '@beabro/shared/api/get-my-creator-profile';
import {
  creatorProfileResponseSchema,
  type ImageKind,
  type OwnCreatorProfileDto,
} from '@beabro/shared/api-schemas/creator-profile';

/** Removes the profile or cover image (the page then shows the placeholder). */
export async function deleteProfileImage(kind: ImageKind): Promise<OwnCreatorProfileDto> {
  const body = await apiRequest<unknown>(`/creator-profile/images/${kind}`, { method: 'DELETE' });
  return creatorProfileResponseSchema.parse(body).profile;
}

export function useDeleteProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfileImage,
    onSuccess: (profile) => queryClient.setQueryData(MY_CREATOR_PROFILE_QUERY_KEY, profile),
  });
}
