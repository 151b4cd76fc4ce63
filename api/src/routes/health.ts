import type { FastifyInstance } from 'fastify';

/** When this process started: operators (and the deploy tests) can tell a restart from a deploy. */
const startedAt = new Date(Date.now() - Math.round(process.uptime() * 1000)).toISOString();

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' as const, startedAt };
  });
}
