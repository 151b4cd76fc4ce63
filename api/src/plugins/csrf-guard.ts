import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE, CSRF_REFUSED_MESSAGE, SAFE_METHODS, isSameOrigin } from '../lib/csrf';

/**
 * CSRF defence for every state-changing API request: a custom header (which a cross-site form
 * cannot send, and which no CORS policy here lets another origin send) plus, when the browser sends
 * one, an Origin that matches this site. Together with SameSite=Lax cookies.
 */
export function registerCsrfGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // A payment provider's signed event: its signature, checked by the route, stands in for the header.
    if ((request.routeOptions.config as { providerSigned?: boolean } | undefined)?.providerSigned) return;
    const origin = request.headers.origin;
    const fromThisSite = origin === undefined || isSameOrigin(origin, request);
    if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE || !fromThisSite) {
      return reply.code(403).send({ message: CSRF_REFUSED_MESSAGE });
    }
  });
}
