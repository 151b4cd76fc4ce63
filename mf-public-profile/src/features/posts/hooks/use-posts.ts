import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { prefetchForServerRender } from '@beabro/shared/api/prefetch-for-server-render';
import { creatorPostsPageQueryOptions, publicPostQueryOptions } from '@beabro/shared/api/public-posts';
import { isFinalAnswer } from '../../../hooks/use-creator';

function postsPageOptions(username: string, page: number) {
  return queryOptions({
    ...creatorPostsPageQueryOptions(username, page),
    retry: (failures, error) => !isFinalAnswer(error) && failures < 1,
  });
}

function postOptions(username: string, post: string) {
  return queryOptions({
    ...publicPostQueryOptions(username, post),
    retry: (failures, error) => !isFinalAnswer(error) && failures < 1,
  });
}

/** One page of the profile's posts; the page shown stays while the next one loads (nothing jumps). */
export function useCreatorPosts(username: string, page: number) {
  return useQuery({ ...postsPageOptions(username, page), placeholderData: keepPreviousData });
}

export function usePublicPost(username: string, post: string) {
  return useQuery(postOptions(username, post));
}

/** The query parameter of the profile's posts page (`/pixelpat?postsPage=2`: what a pagination link opens). */
export const POSTS_PAGE_PARAM = 'postsPage';

/** `?postsPage=3` -> 3; anything else (absent, 0, not a whole number) -> 1. */
export function parsePostsPage(value: string | null): number {
  if (value === null || !/^[1-9]\d{0,5}$/.test(value)) return 1;
  return Number(value);
}

/** The profile's page of posts the address asks for, loaded with the creator before a server render. */
export async function prefetchCreatorPosts(queryClient: QueryClient, username: string, page = 1): Promise<void> {
  if (username) await prefetchForServerRender(queryClient, postsPageOptions(username, page));
}

export async function prefetchPublicPost(queryClient: QueryClient, username: string, post: string): Promise<void> {
  if (username && post) await prefetchForServerRender(queryClient, postOptions(username, post));
}
