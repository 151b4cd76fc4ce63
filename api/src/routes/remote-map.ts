import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env';

/** The runtime remote map the shell reads at start: pointing it elsewhere deploys a remote. */
export async function remoteMapRoutes(app: FastifyInstance, { config }: { config: AppConfig }) {
  app.get('/remotes.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return config.remoteMap;
  });
}
