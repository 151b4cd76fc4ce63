import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env';

/** Where links in emails point: PUBLIC_URL when set, else the origin the request came to. */
export function requestLinkOrigin(config: Pick<AppConfig, 'publicUrl'>, request: FastifyRequest): string {
  return (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

/** For jobs, which have no request: PUBLIC_URL, else this server on localhost (development). */
export function jobLinkOrigin(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}
