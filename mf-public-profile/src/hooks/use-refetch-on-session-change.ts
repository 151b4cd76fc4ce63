import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { creatorProfileQueryKey } from '@beabro/shared/api/get-creator-profile';
import { publicPostsQueryPrefix } from '@beabro/shared/api/public-posts';
import { useSessionStore } from '@beabro/shared/session/session-store';

/**
 * The profile answer depends on who asks (viewer.isOwner, viewer.isFollowing), and so do the posts (which
 * ones the reader may read), but their query keys do not: when someone signs in or out while the page is
 * open, they are fetched again. The session becoming
 * known at start-up is not a change (the first fetch already carried the session cookie).
 */
export function useRefetchOnSessionChange(username: string) {
  const queryClient = useQueryClient();
  const status = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (status === 'unknown') return;
    if (previous.current === undefined) {
      previous.current = userId;
      return;
    }
    if (previous.current === userId) return;
    previous.current = userId;
    void queryClient.invalidateQueries({ queryKey: creatorProfileQueryKey(username) });
    void queryClient.invalidateQueries({ queryKey: publicPostsQueryPrefix });
  }, [queryClient, status, userId, username]);
}
