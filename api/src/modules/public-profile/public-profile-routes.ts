import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const publicProfileRoutes: FastifyPluginAsyncZod = async (_app) => {};
