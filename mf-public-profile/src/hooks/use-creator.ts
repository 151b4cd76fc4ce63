import { useQuery } from '@tanstack/react-query';
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
export function useCreator(username: string) {
  return useQuery({ ...creatorProfileQueryOptions(username), retry: (failures, error) => !isFinalAnswer(error) && failures < 1 });
}

export function isCreatorNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
