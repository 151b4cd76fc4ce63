import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A request id a proxy may pass on (`X-Request-Id`): short, and only characters that cannot break a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Each request's id (Fastify's `genReqId`): the proxy's `X-Request-Id` when it is safe to log, so one id follows a
 * request from the load balancer through our logs; otherwise a new UUID. Every log line of the request carries it as
 * `reqId`, and the response sends it back as `X-Request-Id`.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
