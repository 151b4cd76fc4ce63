import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { usernameAvailabilitySchema, type UsernameAvailability } from '@beabro/shared/api-schemas/usernames';
import { USERNAME_CHECK_MIN_LENGTH } from '@beabro/shared/data/defaults';
import { normalizeUsername } from '@beabro/shared/schemas/onboarding';

/** Whether `username` (normalised on the server like the input does) can be claimed by the signed-in user. */
export async function checkUsername(username: string): Promise<UsernameAvailability> {
  return usernameAvailabilitySchema.parse(
    await apiRequest<unknown>(`/usernames/${encodeURIComponent(username)}/availability`),
  );
}

/** Disabled below 3 characters (docs/product-rules.md#username-rules). Debounce the input. */
export function usernameAvailabilityQueryOptions(username: string) {
  const normalized = normalizeUsername(username);
  return queryOptions({
    queryKey: ['username-availability', normalized],
    queryFn: () => checkUsername(normalized),
    enabled: normalized.length >= USERNAME_CHECK_MIN_LENGTH,
    staleTime: 10_000,
    retry: false,
  });
}

export function useUsernameAvailability(username: string) {
  return useQuery(usernameAvailabilityQueryOptions(username));
}
