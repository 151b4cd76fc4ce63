import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';

/** Query key of one public profile; follow/unfollow update it in place. */
export function creatorProfileQueryKey(username: string) {
  return ['creator-profile', username.toLowerCase()] as const;
}

/** Everything the public page /{username} shows; throws `ApiError` with status 404 for an unknown creator. */
export async function getCreatorProfile(username: string): Promise<PublicCreatorProfileDto> {
  return apiRequest<PublicCreatorProfileDto>(`/creators/${encodeURIComponent(username)}`);
}

export function creatorProfileQueryOptions(username: string) {
  return queryOptions({
    queryKey: creatorProfileQueryKey(username),
    queryFn: () => getCreatorProfile(username),
    staleTime: 30_000,
  });
}

export function useCreatorProfile(username: string) {
  return useQuery(creatorProfileQueryOptions(username));
}
