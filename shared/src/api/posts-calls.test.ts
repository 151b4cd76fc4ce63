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

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const lastCall = (fetchMock: ReturnType<typeof stubFetch>) => {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? ['', {}];
  return { url, method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? JSON.parse(init.body) : null };
};

afterEach(() => vi.unstubAllGlobals());

describe('public post reads', () => {
  it('GETs a page of a creator’s posts', async () => {
    const page = { posts: [samplePublicPost()], page: 2, pageCount: 2, total: 11 };
    const fetchMock = stubFetch(200, page);
    await expect(getCreatorPostsPage('pixelpat', 2)).resolves.toEqual(page);
    expect(lastCall(fetchMock).url).toBe('/api/creators/pixelpat/posts?page=2');
  });

  it('GETs one post by slug, encoding both parts, and throws 404 for a missing one', async () => {
    const fetchMock = stubFetch(404, { message: 'Post not found' });
    const error = await getPublicPost('pixel/pat', 'a b').catch((e: unknown) => e);
    expect(lastCall(fetchMock).url).toBe('/api/creators/pixel%2Fpat/posts/a%20b');
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
    const fetchMock = stubFetch(200, page);
    await expect(getPostFeed(1)).resolves.toEqual(page);
    expect(lastCall(fetchMock).url).toBe('/api/supporter/posts?page=1');
    expect(postFeedQueryKey('u1', 3)).toEqual(['post-feed', 'u1', 3]);
  });

  it('refuses an answer that is not a feed', async () => {
    stubFetch(200, { posts: [{ title: 'no id' }], page: 1, pageCount: 1, total: 1 });
    await expect(getPostFeed(1)).rejects.toThrow();
  });
});

describe('the creator’s posts', () => {
  it('lists and reads their posts', async () => {
    let fetchMock = stubFetch(200, { posts: [creatorPost], page: 1, pageCount: 1, total: 1 });
    await expect(getMyPosts(1)).resolves.toMatchObject({ posts: [creatorPost] });
    expect(lastCall(fetchMock).url).toBe('/api/creator/posts?page=1');
    fetchMock = stubFetch(200, { post: creatorPost });
    await expect(getMyPost(creatorPost.id)).resolves.toEqual(creatorPost);
    expect(lastCall(fetchMock).url).toBe(`/api/creator/posts/${creatorPost.id}`);
  });

  it('creates, updates, pins and deletes with the right methods and bodies', async () => {
    let fetchMock = stubFetch(201, { post: creatorPost });
    const fields = { title: 'T', bodyMarkdown: 'B', audience: 'everyone' as const };
    await createPost({ ...fields, publish: true });
    expect(lastCall(fetchMock)).toEqual({
      url: '/api/creator/posts',
      method: 'POST',
      body: { ...fields, publish: true },
    });

    fetchMock = stubFetch(200, { post: creatorPost });
    await updatePost(creatorPost.id, { title: 'New' });
    expect(lastCall(fetchMock)).toEqual({
      url: `/api/creator/posts/${creatorPost.id}`,
      method: 'PATCH',
      body: { title: 'New' },
    });

    fetchMock = stubFetch(200, { post: { ...creatorPost, pinned: true } });
    await pinPost(creatorPost.id, true);
    expect(lastCall(fetchMock)).toEqual({
      url: `/api/creator/posts/${creatorPost.id}/pin`,
      method: 'PUT',
      body: { pinned: true },
    });

    fetchMock = stubFetch(204, undefined);
    await deletePost(creatorPost.id);
    expect(lastCall(fetchMock)).toMatchObject({ url: `/api/creator/posts/${creatorPost.id}`, method: 'DELETE' });
  });

  it('passes the API’s field messages on', async () => {
    stubFetch(400, { message: 'Check the highlighted fields', fieldErrors: { title: 'Give your post a title' } });
    const error = await createPost({ title: '', bodyMarkdown: 'x', audience: 'everyone' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ title: 'Give your post a title' });
  });

  it('uploads an image as multipart and returns its URL; refuses a too large one before sending', async () => {
    const fetchMock = stubFetch(201, { url: '/uploads/posts/abc.webp' });
    await expect(uploadPostImage(new Blob(['png'], { type: 'image/png' }))).resolves.toBe('/uploads/posts/abc.webp');
    const [url, init] = fetchMock.mock.calls.at(-1) ?? ['', {}];
    expect(url).toBe('/api/creator/posts/images');
    expect(new Headers(init?.headers).get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);

    const calls = fetchMock.mock.calls.length;
    const big = new Blob([new Uint8Array(IMAGE_MAX_BYTES + 1)]);
    await expect(uploadPostImage(big)).rejects.toMatchObject({ status: 400 });
    expect(fetchMock.mock.calls.length).toBe(calls);
  });
});

describe('unsubscribeFromPosts', () => {
  it('POSTs the token and returns whose emails stopped', async () => {
    const fetchMock = stubFetch(200, { unsubscribed: true, creatorDisplayName: 'Pixel Pat' });
    await expect(unsubscribeFromPosts('tok')).resolves.toEqual({ creatorDisplayName: 'Pixel Pat' });
    expect(lastCall(fetchMock)).toEqual({ url: '/api/posts/unsubscribe', method: 'POST', body: { token: 'tok' } });
  });
});
