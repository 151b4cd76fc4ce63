import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import type { DeleteAccountInput } from '@beabro/shared/api-schemas/account';

/** DELETE /api/account: the password confirms; the server signs out every session and clears the cookie. */
export async function deleteAccount(input: DeleteAccountInput): Promise<void> {
  await apiRequest<null>('/account', { method: 'DELETE', body: JSON.stringify(input) });
}

/** Like signing out: forget every cached answer that belonged to the account, and become a visitor. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    },
  });
}
