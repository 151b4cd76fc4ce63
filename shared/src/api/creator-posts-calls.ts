import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@beabro/shared/api/api-client';
import { publicPostsQueryPrefix } from '@beabro/shared/api/public-posts';
import { multipartImageBody, randomBoundary } from '@beabro/shared/api/upload-profile-image';
import { CREATOR_PROFILE_MESSAGES, IMAGE_MAX_BYTES } from '@beabro/shared/api-schemas/creator-profile';
import {
  creatorPostResponseSchema,
  creatorPostsPageSchema,
  postImageResponseSchema,
  type CreatePostRequest,
  type CreatorPostDto,
  type CreatorPostsPageDto,
  type UpdatePostRequest,
} from '@beabro/shared/api-schemas/posts';

/** Every query of the creator's own posts (list pages and single posts). */
export const myPostsQueryPrefix = ['my-posts'] as const;

export function myPostsPageQueryKey(page: number) {
  return [...myPostsQueryPrefix, 'list', page] as const;
}

export function myPostQueryKey(id: string) {
  return [...myPostsQueryPrefix, 'one', id] as const;
}

/** GET /api/creator/posts: the signed-in creator's posts, drafts included, newest first. */
export async function getMyPosts(page: number): Promise<CreatorPostsPageDto> {
  return creatorPostsPageSchema.parse(await apiRequest<unknown>(`/creator/posts?page=${page}`));
}

/** GET /api/creator/posts/:id: one of the creator's posts with its Markdown; 404 for anyone else's. */
export async function getMyPost(id: string): Promise<CreatorPostDto> {
  return creatorPostResponseSchema.parse(await apiRequest<unknown>(`/creator/posts/${encodeURIComponent(id)}`)).post;
}

/** Creates a draft, or publishes at once with `publish: true`. Throws `ApiError` with field messages (400), 429. */
export async function createPost(input: CreatePostRequest): Promise<CreatorPostDto> {
  return creatorPostResponseSchema.parse(
    await apiRequest<unknown>('/creator/posts', { method: 'POST', body: JSON.stringify(input) }),
  ).post;
}

/** Saves changes to a post (`publish: true` publishes a draft). Throws `ApiError` (400 with field messages, 404, 429). */
export async function updatePost(id: string, input: UpdatePostRequest): Promise<CreatorPostDto> {
  return creatorPostResponseSchema.parse(
    await apiRequest<unknown>(`/creator/posts/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: JSON.stringify(input),
    }),
  ).post;
}

/** Deletes a post for good. Throws `ApiError` (404, 429). */
export async function deletePost(id: string): Promise<void> {
  await apiRequest<unknown>(`/creator/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Pins a post on the profile (unpinning the creator's other one) or unpins it. Throws `ApiError` (404, 409, 429). */
export async function pinPost(id: string, pinned: boolean): Promise<void> {
  await apiRequest<unknown>(`/creator/posts/${encodeURIComponent(id)}/pin`, {
    method: 'PUT',
    body: JSON.stringify({ pinned }),
  });
}

/** Uploads an image for a post (the profile image rules) and returns the URL to put in the Markdown. */
export async function uploadPostImage(file: Blob): Promise<string> {
  // Saves uploading megabytes only to be refused; the server checks again.
  if (file.size > IMAGE_MAX_BYTES)
    throw new ApiError(400, CREATOR_PROFILE_MESSAGES.imageTooLarge, { file: CREATOR_PROFILE_MESSAGES.imageTooLarge });
  const boundary = randomBoundary();
  const body = await apiRequest<unknown>('/creator/posts/images', {
    method: 'POST',
    body: multipartImageBody(file, boundary),
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  });
  return postImageResponseSchema.parse(body).url;
}

export function myPostsPageQueryOptions(page: number) {
  return queryOptions({ queryKey: myPostsPageQueryKey(page), queryFn: () => getMyPosts(page), staleTime: 0 });
}

export function myPostQueryOptions(id: string) {
  return queryOptions({ queryKey: myPostQueryKey(id), queryFn: () => getMyPost(id), staleTime: 0 });
}

export function useMyPosts(page: number) {
  return useQuery(myPostsPageQueryOptions(page));
}

export function useMyPost(id: string) {
  return useQuery(myPostQueryOptions(id));
}

/** After any change, the creator's lists and the public reads (their profile, their post pages) are read again. */
function useInvalidatePosts() {
  const queryClient = useQueryClient();
  return async (saved?: CreatorPostDto) => {
    if (saved) queryClient.setQueryData(myPostQueryKey(saved.id), saved);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...myPostsQueryPrefix, 'list'] }),
      queryClient.invalidateQueries({ queryKey: publicPostsQueryPrefix }),
    ]);
  };
}

export type SavePostInput = { id: null; input: CreatePostRequest } | { id: string; input: UpdatePostRequest };

/** Creates (`id: null`) or updates a post. */
export function useSavePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: (save: SavePostInput) => (save.id === null ? createPost(save.input) : updatePost(save.id, save.input)),
    onSuccess: (post) => invalidate(post),
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: async (_nothing, id) => {
      queryClient.removeQueries({ queryKey: myPostQueryKey(id), exact: true });
      await invalidate();
    },
  });
}

export function usePinPost() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) => pinPost(id, pinned),
    onSuccess: () => invalidate(),
  });
}

export function useUploadPostImage() {
  return useMutation({ mutationFn: uploadPostImage });
}
