import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const discoverRoutes: FastifyPluginAsyncZod = async (_app) => {};
