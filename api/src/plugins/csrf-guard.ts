import type { FastifyInstance } from 'fastify';

export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'beabro';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing API request: a custom header (which a cross-site form
 * cannot send, and which no CORS policy here lets another origin send) plus, when the browser sends
 * one, an Origin that matches this site. Together with SameSite=Lax cookies.
 */
export function registerCsrfGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const host = request.headers['x-forwarded-host'] ?? request.headers.host;
    const sameOrigin = !origin || origin === 'null' ? !origin : new URL(origin).host === host;
    if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE || !sameOrigin) {
      return reply.code(403).send({ message: 'This request was refused because it did not come from this site. Reload the page and try again.' });
    }
  });
}
