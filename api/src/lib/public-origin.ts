import type { FastifyRequest } from 'fastify';

/**
 * Origin for links in emails and pages: PUBLIC_URL when set (it should be in production), else the
 * origin the request came in on. That is safe because plugins/trusted-host refuses every request whose
 * Host is not this server's; request.host and request.protocol follow X-Forwarded-Host/-Proto only
 * with TRUST_PROXY, so never read those headers here.
 */
export function publicOrigin(
  request: FastifyRequest,
  publicUrl: string | null = request.server.config.publicUrl,
): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
