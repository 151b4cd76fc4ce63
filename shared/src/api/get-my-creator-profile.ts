import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@beabro/shared/api/api-client';
import { creatorProfileResponseSchema, type OwnCreatorProfileDto } from '@beabro/shared/api-schemas/creator-profile';

/** Query key of the signed-in creator's own profile; every profile mutation writes its answer here. */
export const MY_CREATOR_PROFILE_QUERY_KEY = ['creator-profile', 'mine'] as const;

/** The signed-in user's own creator page, or null before onboarding. */
export async function getMyCreatorProfile(): Promise<OwnCreatorProfileDto | null> {
  try {
    return creatorProfileResponseSchema.parse(await apiRequest<unknown>('/creator-profile')).profile;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const myCreatorProfileQueryOptions = queryOptions({
  queryKey: MY_CREATOR_PROFILE_QUERY_KEY,
  queryFn: getMyCreatorProfile,
});

export function useMyCreatorProfile() {
  return useQuery(myCreatorProfileQueryOptions);
}
