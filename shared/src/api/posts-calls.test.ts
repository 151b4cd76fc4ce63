import { ApiError } from '@beabro/shared/api/api-client';
import {
  createPost,
  deletePost,
  getMyPost,
  getMyPosts,
  pinPost,
  updatePost,
  uploadPostImage,
} from '@beabro/shared/api/creator-posts-calls';
import { getPostFeed, postFeedQueryKey } from '@beabro/shared/api/post-feed';
import {
  creatorPostsPageQueryKey,
  getCreatorPostsPage,
  getPublicPost,
  publicPostQueryKey,
} from '@beabro/shared/api/public-posts';
import { unsubscribeFromPosts } from '@beabro/shared/api/unsubscribe-from-posts';
import { IMAGE_MAX_BYTES } from '@beabro/shared/api-schemas/creator-profile';
import type { CreatorPostDto } from '@beabro/shared/api-schemas/posts';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { sampleFeedPost, samplePublicPost } from '@beabro/shared/testing/sample-posts';

const creatorPost: CreatorPostDto = {
  id: '0a3d2c51-4c6e-4f7a-9d0e-7c1b2a3d4e5f',
  slug: 'studio-update',
  title: 'Studio update',
  bodyMarkdown: 'The new **microphone** arrived.',
  bodyHtml: '<p>The new <strong>microphone</strong> arrived.</p>',
  status: 'draft',
  audience: 'tier',
  minTierPosition: 2,
  earlyAccessDays: null,
  pinned: false,
  publishedAt: null,
  publicAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  emailedCount: 0,
};

const lastCall = (api: ReturnType<typeof mockApi>) => {
  const call = api.calls.at(-1);
  return { url: call?.path, method: call?.method, body: call?.body ?? null };
};
const POST = `/api/creator/posts/${creatorPost.id}`;

describe('public post reads', () => {
  it('GETs a page of a creator’s posts', async () => {
    const page = { posts: [samplePublicPost()], page: 2, pageCount: 2, total: 11 };
    const api = mockApi({ 'GET /api/creators/pixelpat/posts': json(200, page) });
    await expect(getCreatorPostsPage('pixelpat', 2)).resolves.toEqual(page);
    expect(lastCall(api).url).toBe('/api/creators/pixelpat/posts?page=2');
  });

  it('GETs one post by slug, encoding both parts, and throws 404 for a missing one', async () => {
    const api = mockApi({ 'GET /api/creators/pixel%2Fpat/posts/a%20b': json(404, { message: 'Post not found' }) });
    const error = await getPublicPost('pixel/pat', 'a b').catch((e: unknown) => e);
    expect(lastCall(api).url).toBe('/api/creators/pixel%2Fpat/posts/a%20b');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Post not found' });
  });

  it('keys public reads under one prefix, by lower-cased username', () => {
    expect(creatorPostsPageQueryKey('PixelPat', 1)).toEqual(['posts', 'list', 'pixelpat', 1]);
    expect(publicPostQueryKey('PixelPat', 'Studio-Update')).toEqual(['posts', 'one', 'pixelpat', 'studio-update']);
  });
});

describe('the supporter feed', () => {
  it('GETs and parses a page of the feed', async () => {
    const page = { posts: [sampleFeedPost()], page: 1, pageCount: 1, total: 1 };
    const api = mockApi({ 'GET /api/supporter/posts': json(200, page) });
    await expect(getPostFeed(1)).resolves.toEqual(page);
    expect(lastCall(api).url).toBe('/api/supporter/posts?page=1');
    expect(postFeedQueryKey('u1', 3)).toEqual(['post-feed', 'u1', 3]);
  });

  it('refuses an answer that is not a feed', async () => {
    mockApi({
      'GET /api/supporter/posts': json(200, { posts: [{ title: 'no id' }], page: 1, pageCount: 1, total: 1 }),
    });
    await expect(getPostFeed(1)).rejects.toThrow();
  });
});

describe('the creator’s posts', () => {
  it('lists and reads their posts', async () => {
    const api = mockApi({
      'GET /api/creator/posts': json(200, { posts: [creatorPost], page: 1, pageCount: 1, total: 1 }),
      [`GET ${POST}`]: json(200, { post: creatorPost }),
    });
    await expect(getMyPosts(1)).resolves.toMatchObject({ posts: [creatorPost] });
    expect(lastCall(api).url).toBe('/api/creator/posts?page=1');
    await expect(getMyPost(creatorPost.id)).resolves.toEqual(creatorPost);
    expect(lastCall(api).url).toBe(`/api/creator/posts/${creatorPost.id}`);
  });

  it('creates, updates, pins and deletes with the right methods and bodies', async () => {
    const api = mockApi({
      'POST /api/creator/posts': json(201, { post: creatorPost }),
      [`PATCH ${POST}`]: json(200, { post: creatorPost }),
      [`PUT ${POST}/pin`]: json(200, { post: { ...creatorPost, pinned: true } }),
      [`DELETE ${POST}`]: json(204),
    });
    const fields = { title: 'T', bodyMarkdown: 'B', audience: 'everyone' as const };
    await createPost({ ...fields, publish: true });
    expect(lastCall(api)).toEqual({
      url: '/api/creator/posts',
      method: 'POST',
      body: { ...fields, publish: true },
    });

    await updatePost(creatorPost.id, { title: 'New' });
    expect(lastCall(api)).toEqual({
      url: `/api/creator/posts/${creatorPost.id}`,
      method: 'PATCH',
      body: { title: 'New' },
    });

    await pinPost(creatorPost.id, true);
    expect(lastCall(api)).toEqual({
      url: `/api/creator/posts/${creatorPost.id}/pin`,
      method: 'PUT',
      body: { pinned: true },
    });

    await deletePost(creatorPost.id);
    expect(lastCall(api)).toMatchObject({ url: `/api/creator/posts/${creatorPost.id}`, method: 'DELETE' });
  });

  it('passes the API’s field messages on', async () => {
    mockApi({
      'POST /api/creator/posts': json(400, {
        message: 'Check the highlighted fields',
        fieldErrors: { title: 'Give your post a title' },
      }),
    });
    const error = await createPost({ title: '', bodyMarkdown: 'x', audience: 'everyone' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ title: 'Give your post a title' });
  });

  it('uploads an image as multipart and returns its URL; refuses a too large one before sending', async () => {
    const api = mockApi({ 'POST /api/creator/posts/images': json(201, { url: '/uploads/posts/abc.webp' }) });
    await expect(uploadPostImage(new Blob(['png'], { type: 'image/png' }))).resolves.toBe('/uploads/posts/abc.webp');
    const call = api.calls.at(-1);
    expect(call?.path).toBe('/api/creator/posts/images');
    expect(call?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);

    const calls = api.calls.length;
    const big = new Blob([new Uint8Array(IMAGE_MAX_BYTES + 1)]);
    await expect(uploadPostImage(big)).rejects.toMatchObject({ status: 400 });
    expect(api.calls.length).toBe(calls);
  });
});

describe('unsubscribeFromPosts', () => {
  it('POSTs the token and returns whose emails stopped', async () => {
    const api = mockApi({
      'POST /api/posts/unsubscribe': json(200, { unsubscribed: true, creatorDisplayName: 'Pixel Pat' }),
    });
    await expect(unsubscribeFromPosts('tok')).resolves.toEqual({ creatorDisplayName: 'Pixel Pat' });
    expect(lastCall(api)).toEqual({ url: '/api/posts/unsubscribe', method: 'POST', body: { token: 'tok' } });
  });
});
