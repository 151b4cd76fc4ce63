import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';

export async function signOut(): Promise<void> {
  await apiRequest<null>('/auth/sign-out', { method: 'POST' });
}

/** Revokes the session on the server, then forgets every cached answer that belonged to the user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    },
  });
}
