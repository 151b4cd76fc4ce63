import type { FastifyRequest } from 'fastify';

/**
 * Origin for links in emails: PUBLIC_URL when set (it should be in production: the Host header is
 * the client's to choose), else the origin the request came in on (X-Forwarded-* honoured behind a proxy).
 */
export function publicOrigin(request: FastifyRequest): string {
  const configured = request.server.config.publicUrl;
  return (configured ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
