import type { FastifyRequest } from 'fastify';
import { parseHost } from './parse-host';

/*
 * What the CSRF guard (plugins/csrf-guard.ts) checks, for the guard and for the server-rendered page forms
 * (lib/page-form.ts) alike.
 */

export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'beabro';
export const CSRF_REFUSED_MESSAGE =
  'This request was refused because it did not come from this site. Reload the page and try again.';
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether the Origin header names this site: its host (and port) equal the request's own host as
 * Fastify reads it (X-Forwarded-Host only with TRUST_PROXY), and its scheme is this site's: PUBLIC_URL's
 * when the request came to PUBLIC_URL's host, else the request's own (X-Forwarded-Proto only with
 * TRUST_PROXY), so a page on http:// cannot write to the https:// site. A malformed or opaque ("null")
 * Origin is not.
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
  if (url.host !== ownHost) return false;
  const publicUrl = request.server.config.publicUrl ? new URL(request.server.config.publicUrl) : null;
  const scheme = publicUrl && publicUrl.host === ownHost ? publicUrl.protocol : `${request.protocol}:`;
  return url.protocol === scheme;
}
