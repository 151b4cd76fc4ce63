import { useCurrentUser } from '@beabro/shared/api/get-current-user';
import type { SessionStatus } from '@beabro/shared/session/session-store';
import type { SessionUser } from '@beabro/shared/types/session-user';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
}

/**
 * Who is signed in, from the shared `['session']` query. Inside the shell this is the very query the shell
 * keeps its session store in step with (one query client), so it costs no extra request; standalone, the
 * remote asks the API itself. Like the shell, an API that cannot be reached reads as signed out.
 */
export function useSession(): Session {
  const { data, isError } = useCurrentUser();
  if (data !== undefined) return data ? { status: 'signed-in', user: data } : { status: 'signed-out', user: null };
  return isError ? { status: 'signed-out', user: null } : { status: 'unknown', user: null };
}
