import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const helpContactRoutes: FastifyPluginAsyncZod = async (_app) => {};
