import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import type { CurrentUserResponseDto } from '@beabro/shared/api-schemas/session';
import type { SessionUser } from '@beabro/shared/types/session-user';

/** Query key of the signed-in user; mutations that change the account invalidate it. */
export const SESSION_QUERY_KEY = ['session'] as const;

export async function getCurrentUser(): Promise<SessionUser | null> {
  return (await apiRequest<CurrentUserResponseDto>('/auth/me')).user;
}

export const currentUserQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: getCurrentUser,
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}
