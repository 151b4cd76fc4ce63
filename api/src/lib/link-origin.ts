import type { FastifyRequest } from 'fastify';
import { publicOrigin } from './public-origin';

/** The parts of the configuration (AppConfig) that links need: lib sits below config/. */
interface LinkConfig {
  publicUrl: string | null;
  port: number;
}

/** Where links in emails point: PUBLIC_URL when set, else the origin the request came to (a Host this server accepts). */
export function requestLinkOrigin(config: Pick<LinkConfig, 'publicUrl'>, request: FastifyRequest): string {
  return publicOrigin(request, config.publicUrl);
}

/** For jobs, which have no request: PUBLIC_URL, else this server on localhost (development). */
export function jobLinkOrigin(config: LinkConfig): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}
