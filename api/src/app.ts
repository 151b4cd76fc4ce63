import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { REMOTE_NAMES, type AppConfig } from './config/env';
import { staticSite } from './plugins/static-site';
import { healthRoutes } from './routes/health';
import { remoteMapRoutes } from './routes/remote-map';
import { siteConfigRoutes } from './routes/site-config';

/** Builds the whole server; server.ts only boots it, tests call `app.inject`. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: true,
  });

  // One error handler: client errors keep their message, server errors never leak internals.
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.code(status).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.code(status).send({ message: error.message });
  });

  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(healthRoutes);
  await app.register(siteConfigRoutes, { config });
  await app.register(remoteMapRoutes, { config });
  await app.register(staticSite, { config, remoteNames: REMOTE_NAMES });
  return app;
}
