import { useEffect } from 'react';
import { useCurrentUser } from '@beabro/shared/api/get-current-user';
import { useSessionStore } from '@beabro/shared/session/session-store';

/**
 * Keeps the shared session store in step with the server's answer to "who am I": on start, after
 * sign-in/sign-out mutations (they update the query), and when the tab regains focus.
 * If the API cannot be reached the visitor is treated as signed out. The shell mounts it; a remote's
 * standalone harness mounts it too, so its areas see the session when they run alone.
 */
export function SessionSync() {
  const { data, isError, isSuccess } = useCurrentUser();
  const setUser = useSessionStore((s) => s.setUser);
  useEffect(() => {
    if (isSuccess) setUser(data);
    else if (isError) setUser(null);
  }, [data, isError, isSuccess, setUser]);
  return null;
}
