import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { creatorProfileQueryKey } from '@beabro/shared/api/get-creator-profile';
import type { FollowStateDto, PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';

const followPath = (username: string) => `/creators/${encodeURIComponent(username)}/follow`;

/** Follows a creator (signed in only); following twice is fine. */
export async function followCreator(username: string): Promise<FollowStateDto> {
  return apiRequest<FollowStateDto>(followPath(username), { method: 'POST' });
}

/** Stops following; unfollowing someone not followed is fine. */
export async function unfollowCreator(username: string): Promise<FollowStateDto> {
  return apiRequest<FollowStateDto>(followPath(username), { method: 'DELETE' });
}

function useFollowMutation(username: string, mutationFn: (username: string) => Promise<FollowStateDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => mutationFn(username),
    // The answer carries the new count, so the cached profile is updated without refetching it.
    onSuccess: (state) =>
      queryClient.setQueryData<PublicCreatorProfileDto>(creatorProfileQueryKey(username), (profile) =>
        profile
          ? { ...profile, followers: state.followers, viewer: { ...profile.viewer, isFollowing: state.following } }
          : profile,
      ),
  });
}

export function useFollowCreator(username: string) {
  return useFollowMutation(username, followCreator);
}

export function useUnfollowCreator(username: string) {
  return useFollowMutation(username, unfollowCreator);
}
