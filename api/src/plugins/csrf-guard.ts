import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseHost } from '../lib/parse-host';

export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'beabro';
export const CSRF_REFUSED_MESSAGE =
  'This request was refused because it did not come from this site. Reload the page and try again.';
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether the Origin header names this site: its host (and port) equal the request's own host as
 * Fastify reads it (X-Forwarded-Host only with TRUST_PROXY). A malformed or opaque ("null") Origin is not.
 */
export function isSameOrigin(origin: string, request: FastifyRequest): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const own = parseHost(request.host);
  if (!own) return false;
  // URL drops the scheme's default port ("https://a:443" -> "a"); drop it from the Host alike.
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  const ownHost = own.port && own.port !== defaultPort ? `${own.hostname}:${own.port}` : own.hostname;
  return url.host === ownHost;
}

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
