import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { prefetchForServerRender } from '@beabro/shared/api/prefetch-for-server-render';
import { ApiError } from '@beabro/shared/api/api-client';
import { creatorProfileQueryOptions } from '@beabro/shared/api/get-creator-profile';

/** True for answers that will not change on a retry (404 "Creator not found", other 4xx). */
export function isFinalAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * The public profile both pages are built from. The shared query options, but an unknown creator is
 * not retried: the not-found page shows at once.
 */
export function creatorQueryOptions(username: string) {
  return queryOptions({
    ...creatorProfileQueryOptions(username),
    retry: (failures, error) => !isFinalAnswer(error) && failures < 1,
  });
}

export function useCreator(username: string) {
  return useQuery(creatorQueryOptions(username));
}

/** Loads the creator before a server render of either page (see prefetchForServerRender). */
export async function prefetchCreator(queryClient: QueryClient, username: string): Promise<void> {
  if (username) await prefetchForServerRender(queryClient, creatorQueryOptions(username));
}

export function isCreatorNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
