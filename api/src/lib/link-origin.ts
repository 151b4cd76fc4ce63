import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env';
import { publicOrigin } from './public-origin';

/** Where links in emails point: PUBLIC_URL when set, else the origin the request came to (a Host this server accepts). */
export function requestLinkOrigin(config: Pick<AppConfig, 'publicUrl'>, request: FastifyRequest): string {
  return publicOrigin(request, config.publicUrl);
}

/** For jobs, which have no request: PUBLIC_URL, else this server on localhost (development). */
export function jobLinkOrigin(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}
