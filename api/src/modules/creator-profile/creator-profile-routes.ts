import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import {
  CREATOR_PROFILE_MESSAGES,
  IMAGE_MAX_BYTES,
  createCreatorProfileSchema,
  creatorProfileResponseSchema,
  imageKindParamsSchema,
  supportTiersSchema,
  updateCreatorProfileSchema,
} from '@beabro/shared/api-schemas/creator-profile';
import { AppError, fieldError } from '../../lib/app-error';
import { requireUser } from '../../plugins/session-auth';
import { uploadsDir } from '../images/images-service';
import {
  createCreatorProfile,
  getOwnCreatorProfile,
  removeProfileImage,
  setProfileImage,
  updateCreatorProfile,
  updateSupportTiers,
} from './creator-profile-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema } as const;

/** The owner's view is private and changes with every edit. */
function noStore(reply: FastifyReply) {
  reply.header('Cache-Control', 'no-store');
}

/** The one uploaded file of a multipart request, within the size limit (a second file is ignored). */
export async function readUploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fieldError('file', CREATOR_PROFILE_MESSAGES.imageType);
  try {
    const file = await request.file();
    if (!file) throw fieldError('file', CREATOR_PROFILE_MESSAGES.imageType);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('file', CREATOR_PROFILE_MESSAGES.imageTooLarge);
    // Everything else here is a body the client got wrong (malformed or cut-off multipart), not our failure.
    request.log.info({ err: error }, 'unreadable image upload');
    throw fieldError('file', CREATOR_PROFILE_MESSAGES.imageType);
  }
}

/** /api/creator-profile: the signed-in user's own creator page. Every route acts on the caller's profile only. */
export const creatorProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const imagesDir = uploadsDir(app.config.dataDir);

  app.get(
    '/',
    {
      schema: {
        tags: ['creator-profile'],
        summary: "The signed-in creator's own profile, with everything settings needs (404 before onboarding)",
        response: { 200: creatorProfileResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      noStore(reply);
      return { profile: await getOwnCreatorProfile(app.db, user.id) };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['creator-profile'],
        summary: 'Onboarding: create the creator page (one per account) with its four support tiers',
        body: createCreatorProfileSchema,
        response: { 201: creatorProfileResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const profile = await createCreatorProfile(app.db, user.id, request.body);
      noStore(reply);
      return reply.code(201).send({ profile });
    },
  );

  app.patch(
    '/',
    {
      schema: {
        tags: ['creator-profile'],
        summary: 'Settings: change any of the profile, support and privacy fields (username at most once per 30 days)',
        body: updateCreatorProfileSchema,
        response: { 200: creatorProfileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      noStore(reply);
      return { profile: await updateCreatorProfile(app.db, user.id, request.body) };
    },
  );

  app.put(
    '/tiers',
    {
      schema: {
        tags: ['creator-profile'],
        summary: 'Replace the four support tiers (amounts in whole dollars)',
        body: supportTiersSchema,
        response: { 200: creatorProfileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      noStore(reply);
      return { profile: await updateSupportTiers(app.db, user.id, request.body) };
    },
  );

  // Multipart only where files are expected; the other routes keep plain JSON bodies.
  const imageUploadRoutes: FastifyPluginAsyncZod = async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: { files: 1, fileSize: IMAGE_MAX_BYTES, fields: 5, parts: 6 } });
    uploads.post(
      '/images/:kind',
      {
        schema: {
          tags: ['creator-profile'],
          summary:
            'Upload the profile or cover image: multipart/form-data with one file (PNG, JPEG or WebP, at most 5 MB)',
          consumes: ['multipart/form-data'],
          params: imageKindParamsSchema,
          response: { 200: creatorProfileResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const bytes = await readUploadedImage(request);
        noStore(reply);
        return { profile: await setProfileImage(app.db, imagesDir, user.id, request.params.kind, bytes) };
      },
    );
  };
  await app.register(imageUploadRoutes);

  app.delete(
    '/images/:kind',
    {
      schema: {
        tags: ['creator-profile'],
        summary: 'Remove the profile or cover image',
        params: imageKindParamsSchema,
        response: { 200: creatorProfileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      noStore(reply);
      return { profile: await removeProfileImage(app.db, imagesDir, user.id, request.params.kind) };
    },
  );
};
