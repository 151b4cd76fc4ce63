import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const creatorProfileRoutes: FastifyPluginAsyncZod = async (_app) => {};
