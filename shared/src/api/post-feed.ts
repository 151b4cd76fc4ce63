import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import { postFeedQueryPrefix } from '@beabro/shared/api/public-posts';
import { postFeedPageSchema, type PostFeedPageDto } from '@beabro/shared/api-schemas/posts';

/** Cached per user, so another account signed in never sees the previous one's feed. */
export function postFeedQueryKey(userId: string, page: number) {
  return [...postFeedQueryPrefix, userId, page] as const;
}

/** GET /api/supporter/posts: posts of the creators the signed-in user supports, newest first; 401 when signed out. */
export async function getPostFeed(page: number): Promise<PostFeedPageDto> {
  return postFeedPageSchema.parse(await apiRequest<unknown>(`/supporter/posts?page=${page}`));
}

export function postFeedQueryOptions(userId: string, page: number) {
  return queryOptions({
    queryKey: postFeedQueryKey(userId, page),
    queryFn: () => getPostFeed(page),
    staleTime: 15_000,
  });
}
