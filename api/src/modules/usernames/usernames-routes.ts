import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const usernameRoutes: FastifyPluginAsyncZod = async (_app) => {};
