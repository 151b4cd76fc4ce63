import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '@beabro/shared/schemas/site-config';
import type { AppConfig } from '../config/env';

export async function siteConfigRoutes(app: FastifyInstance, { config }: { config: AppConfig }) {
  const body: SiteConfig = { supportEmail: config.supportEmail };
  app.get('/api/site-config', async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return body;
  });
}
