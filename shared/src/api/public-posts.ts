import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import type { PostsPageDto, PublicPostResponse } from '@beabro/shared/api-schemas/posts';

// Public reads: the answers are taken as typed (the API checks them against the schema before sending), so the
// public pages load no zod. Who may read a body depends on who asks, so both keys start with `posts` and the
// pages invalidate that prefix when someone signs in or out.

/** Every post query (public lists, single posts): invalidated when the session changes. */
export const publicPostsQueryPrefix = ['posts'] as const;
/** The supporter feed's queries (post-feed.ts): here so that pages which only invalidate it load no zod. */
export const postFeedQueryPrefix = ['post-feed'] as const;

export function creatorPostsPageQueryKey(username: string, page: number) {
  return [...publicPostsQueryPrefix, 'list', username.toLowerCase(), page] as const;
}

export function publicPostQueryKey(username: string, post: string) {
  return [...publicPostsQueryPrefix, 'one', username.toLowerCase(), post.toLowerCase()] as const;
}

/** One page of a creator's published posts, pinned first: readable ones with their HTML, others as teasers. */
export async function getCreatorPostsPage(username: string, page: number): Promise<PostsPageDto> {
  return apiRequest<PostsPageDto>(`/creators/${encodeURIComponent(username)}/posts?page=${page}`);
}

/** One post by slug or id with its creator; throws `ApiError` 404 for a missing post (or creator). */
export async function getPublicPost(username: string, post: string): Promise<PublicPostResponse> {
  return apiRequest<PublicPostResponse>(`/creators/${encodeURIComponent(username)}/posts/${encodeURIComponent(post)}`);
}

export function creatorPostsPageQueryOptions(username: string, page: number) {
  return queryOptions({
    queryKey: creatorPostsPageQueryKey(username, page),
    queryFn: () => getCreatorPostsPage(username, page),
    staleTime: 30_000,
  });
}

export function publicPostQueryOptions(username: string, post: string) {
  return queryOptions({
    queryKey: publicPostQueryKey(username, post),
    queryFn: () => getPublicPost(username, post),
    staleTime: 30_000,
  });
}
