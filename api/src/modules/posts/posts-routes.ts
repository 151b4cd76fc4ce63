import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import { IMAGE_MAX_BYTES } from '@beabro/shared/api-schemas/creator-profile';
import {
  creatorPostParamsSchema,
  creatorPostResponseSchema,
  creatorPostsPageSchema,
  createPostRequestSchema,
  deletePostResponseSchema,
  pinPostRequestSchema,
  postFeedPageSchema,
  postIdParamsSchema,
  postImageResponseSchema,
  postsPageSchema,
  postsQuerySchema,
  postUnsubscribeRequestSchema,
  postUnsubscribeResponseSchema,
  publicPostResponseSchema,
  updatePostRequestSchema,
} from '@beabro/shared/api-schemas/posts';
import { creatorUsernameParamsSchema } from '@beabro/shared/api-schemas/public-profile';
import { resolveAppSecret } from '../../config/env';
import { requireUser } from '../../plugins/session-auth';
import { jobLinkOrigin, requestLinkOrigin } from '../../lib/link-origin';
import { readUploadedImage } from '../creator-profile/creator-profile-routes';
import { uploadsDir } from '../images/images-service';
import { AppError } from '../../lib/app-error';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { sendPostEmails, unsubscribeFromPosts } from './post-emails';
import {
  createPost,
  deletePost,
  getCreatorPost,
  getCreatorPostsPage,
  getOwnPost,
  getOwnPostsPage,
  getSupporterFeed,
  pinPost,
  readerOf,
  updatePost,
  uploadPostImage,
} from './posts-service';

/** Unsubscribe links: a person clicks once or twice; a script guessing tokens is slowed down. */
export const POST_UNSUBSCRIBES = {
  name: 'posts:unsubscribe:ip',
  limit: 30,
  windowSeconds: 60 * 60,
} satisfies RateLimitRule;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema } as const;
const writeErrors = { ...errors, 429: apiErrorSchema } as const;

/** What a reader sees depends on who they are: never stored by a shared cache. */
function privateAnswer(reply: FastifyReply) {
  reply.header('Cache-Control', 'private, no-store').header('Vary', 'Cookie');
}

/**
 * Posts: read by anyone (the body only for those who may read it, decided by post-access.ts on every read),
 * the supporter feed, the creator's own posts, and the unsubscribe link of post emails.
 */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const imagesDir = uploadsDir(app.config.dataDir);
  const appSecret = resolveAppSecret(app.config);

  /** The publish emails go out from the outbox job; when this server runs jobs, the first batch starts at once. */
  const kickPostEmails = (postId: string) => {
    if (!app.config.jobsEnabled) return;
    setImmediate(() => {
      sendPostEmails({ db: app.db, origin: jobLinkOrigin(app.config), appSecret }, postId).catch((error: unknown) =>
        app.log.error({ err: error }, 'post emails failed (the post-emails job retries)'),
      );
    });
  };

  app.get(
    '/api/creators/:username/posts',
    {
      schema: {
        tags: ['posts'],
        summary: 'One page of a creator’s published posts (pinned first, then newest): locked ones as teasers',
        params: creatorUsernameParamsSchema,
        querystring: postsQuerySchema,
        response: { 200: postsPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return getCreatorPostsPage(app.db, request.params.username, request.query.page, readerOf(request.user));
    },
  );

  app.get(
    '/api/creators/:username/posts/:post',
    {
      schema: {
        tags: ['posts'],
        summary: 'One published post of a creator by slug or id (the body only for a reader who may read it)',
        params: creatorPostParamsSchema,
        response: { 200: publicPostResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return getCreatorPost(app.db, request.params.username, request.params.post, readerOf(request.user));
    },
  );

  app.get(
    '/api/supporter/posts',
    {
      schema: {
        tags: ['posts'],
        summary: 'The signed-in supporter’s feed: posts of the creators they support, newest first',
        querystring: postsQuerySchema,
        response: { 200: postFeedPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      privateAnswer(reply);
      return getSupporterFeed(app.db, user, request.query.page);
    },
  );

  app.get(
    '/api/creator/posts',
    {
      schema: {
        tags: ['posts'],
        summary: 'The signed-in creator’s posts, drafts too (pinned first, then newest)',
        querystring: postsQuerySchema,
        response: { 200: creatorPostsPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      privateAnswer(reply);
      return getOwnPostsPage(app.db, user, request.query.page);
    },
  );

  app.post(
    '/api/creator/posts',
    {
      schema: {
        tags: ['posts'],
        summary: 'Write a post: a draft, or published at once with `publish` (emails and `post.published` then)',
        body: createPostRequestSchema,
        response: { 201: creatorPostResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      privateAnswer(reply);
      const { publish, ...fields } = request.body;
      const result = await createPost({ db: app.db, origin: requestLinkOrigin(app.config, request) }, user, {
        ...fields,
        publish,
      });
      if (result.published) kickPostEmails(result.post.id);
      return reply.code(201).send({ post: result.post });
    },
  );

  app.get(
    '/api/creator/posts/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'One of the signed-in creator’s posts, with its Markdown',
        params: postIdParamsSchema,
        response: { 200: creatorPostResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      privateAnswer(reply);
      return { post: await getOwnPost(app.db, user, request.params.id) };
    },
  );

  app.patch(
    '/api/creator/posts/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Edit a post (any subset of its fields); `publish: true` publishes a draft, once',
        params: postIdParamsSchema,
        body: updatePostRequestSchema,
        response: { 200: creatorPostResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      privateAnswer(reply);
      const result = await updatePost(
        { db: app.db, origin: requestLinkOrigin(app.config, request) },
        user,
        request.params.id,
        request.body,
      );
      if (result.published) kickPostEmails(result.post.id);
      return { post: result.post };
    },
  );

  app.delete(
    '/api/creator/posts/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Delete a post',
        params: postIdParamsSchema,
        response: { 200: deletePostResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      privateAnswer(reply);
      return deletePost(app.db, user, request.params.id);
    },
  );

  app.put(
    '/api/creator/posts/:id/pin',
    {
      schema: {
        tags: ['posts'],
        summary: 'Pin a post to the top of my page (unpinning the other one), or unpin it',
        params: postIdParamsSchema,
        body: pinPostRequestSchema,
        response: { 200: creatorPostResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      privateAnswer(reply);
      return { post: await pinPost(app.db, user, request.params.id, request.body.pinned) };
    },
  );

  // Multipart only where a file is expected.
  const imageUploads: FastifyPluginAsyncZod = async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: { files: 1, fileSize: IMAGE_MAX_BYTES, fields: 5, parts: 6 } });
    uploads.post(
      '/api/creator/posts/images',
      {
        schema: {
          tags: ['posts'],
          summary:
            'Upload an image for a post: multipart/form-data with one file (PNG, JPEG or WebP, at most 5 MB); answers the URL to put in the Markdown',
          consumes: ['multipart/form-data'],
          response: { 201: postImageResponseSchema, ...writeErrors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const bytes = await readUploadedImage(request);
        privateAnswer(reply);
        return reply.code(201).send(await uploadPostImage(app.db, imagesDir, user, bytes));
      },
    );
  };
  await app.register(imageUploads);

  app.post(
    '/api/posts/unsubscribe',
    {
      schema: {
        tags: ['posts'],
        summary: 'Stop a creator’s post emails to the address a post email went to (the token of its link; no sign-in)',
        body: postUnsubscribeRequestSchema,
        response: { 200: postUnsubscribeResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await consumeRateLimit(app.db, POST_UNSUBSCRIBES, request.ip);
      } catch (error) {
        if (error instanceof AppError && error.code === 'rate_limited')
          throw new AppError(
            'rate_limited',
            'Too many unsubscribe requests. Try again later.',
            {},
            error.retryAfterSeconds,
          );
        throw error;
      }
      return unsubscribeFromPosts(app.db, appSecret, request.body.token);
    },
  );
};
