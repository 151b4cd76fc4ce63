import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { REMOTE_NAMES, type AppConfig } from './config/env';
import type { Db } from './db/database';
import { accountRoutes } from './modules/account/account-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { creatorProfileRoutes } from './modules/creator-profile/creator-profile-routes';
import { discoverRoutes } from './modules/discover/discover-routes';
import { helpContactRoutes } from './modules/help-contact/help-contact-routes';
import { imageRoutes } from './modules/images/images-routes';
import { publicProfileRoutes } from './modules/public-profile/public-profile-routes';
import { usernameRoutes } from './modules/usernames/usernames-routes';
import { registerCsrfGuard } from './plugins/csrf-guard';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSessionAuth } from './plugins/session-auth';
import { staticSite } from './plugins/static-site';
import { healthRoutes } from './routes/health';
import { remoteMapRoutes } from './routes/remote-map';
import { siteConfigRoutes } from './routes/site-config';

/** Builds the whole server on an open database; server.ts only boots it, tests call `app.inject`. */
export async function buildApp(config: AppConfig, db: Db): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: config.logLevel }, trustProxy: true }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);

  // External plugins first.
  registerErrorHandler(app);
  await app.register(fastifyHelmet, {
    // Remotes may be deployed to other origins (see REMOTE_*_URL), so no script-src policy here yet.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Be a Bro API', version: '1.0.0', description: 'Accounts, creator profiles, supports and more. State-changing requests need the header `X-Requested-With: beabro`.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Then the app's own plugins.
  registerCsrfGuard(app);
  registerSessionAuth(app);

  // Then routes.
  await app.register(healthRoutes);
  await app.register(siteConfigRoutes, { config });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(usernameRoutes, { prefix: '/api/usernames' });
  await app.register(creatorProfileRoutes, { prefix: '/api/creator-profile' });
  await app.register(publicProfileRoutes, { prefix: '/api/creators' });
  await app.register(discoverRoutes, { prefix: '/api/discover' });
  await app.register(helpContactRoutes, { prefix: '/api/help' });
  await app.register(imageRoutes, { prefix: '/uploads' });
  await app.register(remoteMapRoutes, { config });
  await app.register(staticSite, { config, remoteNames: REMOTE_NAMES });
  return app;
}
