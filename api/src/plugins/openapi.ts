import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../modules/sessions/session-service';
import { WEBHOOKS_DOC, webhookPayloadSchemas } from '../modules/webhooks/webhooks-routes';
import { CSRF_REFUSED_MESSAGE, SAFE_METHODS } from '../lib/csrf';

/** Name of the session cookie's security scheme in the OpenAPI document. */
export const SESSION_SECURITY_SCHEME = 'sessionCookie';

/** The routes whose 401 is not "sign in first": a failed sign-in, and its second step with a spent challenge. */
const SESSIONLESS_401 = new Set(['POST /api/auth/sign-in', 'POST /api/auth/sign-in/two-factor']);

const CSRF_HEADER_PARAMETER = {
  type: 'string',
  enum: ['beabro'],
  description:
    'Required on every state-changing request (CSRF defence): without it, or with an `Origin` of another site, the answer is 403.',
};

const CSRF_REFUSED_RESPONSE = {
  description: `Refused by the CSRF defence: \`X-Requested-With: beabro\` is missing, or the \`Origin\` is not this site ("${CSRF_REFUSED_MESSAGE}")`,
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
};

type Transform = typeof jsonSchemaTransform;

/**
 * Zod schemas to JSON Schema, plus what the plugins enforce for every route: the session cookie on
 * routes that need one (those that declare a 401 answer), and the CSRF header and its 403 on
 * state-changing /api routes.
 */
const documentRoute: Transform = (document) => {
  const { schema, url } = jsonSchemaTransform(document);
  if (!schema || schema.hide || !url.startsWith('/api/')) return { schema, url };
  const methods = [document.route.method].flat().map((m) => m.toUpperCase());
  // Without declared answers, the document would otherwise show only a default 200.
  const response = (schema.response ?? { 200: { description: 'Default Response' } }) as Record<string, unknown>;
  const extra: Record<string, unknown> = {};
  if ('401' in response && !methods.some((m) => SESSIONLESS_401.has(`${m} ${url}`)) && !('security' in schema)) {
    extra.security = [{ [SESSION_SECURITY_SCHEME]: [] }];
  }
  if (methods.some((m) => !SAFE_METHODS.has(m))) {
    const headers = (schema.headers ?? { type: 'object', properties: {} }) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    extra.headers = {
      ...headers,
      type: 'object',
      properties: { ...headers.properties, 'X-Requested-With': CSRF_HEADER_PARAMETER },
      required: [...(headers.required ?? []), 'X-Requested-With'],
    };
    extra.response = { ...response, 403: response['403'] ?? CSRF_REFUSED_RESPONSE };
  }
  return { schema: { ...schema, ...extra }, url };
};

/** The OpenAPI document of /api (at /api/docs/json) and its pages (/api/docs). */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Be a Bro API',
        version: '1.0.0',
        description: [
          'Accounts, creator profiles, supports and more.',
          `A signed-in browser sends the session cookie \`${SESSION_COOKIE}\` (set by sign-up and sign-in, \`HttpOnly\`); routes marked with a lock need it and answer 401 without it.`,
          'Every state-changing request (POST, PUT, PATCH, DELETE) must send the header `X-Requested-With: beabro` and, when it sends an `Origin`, come from this site: otherwise the answer is 403.',
        ].join('\n\n'),
      },
      tags: [{ name: 'webhooks', description: WEBHOOKS_DOC }],
      components: {
        // What webhook endpoints receive (sent by the server, not routes of this API).
        schemas: webhookPayloadSchemas(),
        securitySchemes: {
          [SESSION_SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session of a signed-in user (sign in with POST /api/auth/sign-in).',
          },
        },
      },
    },
    transform: documentRoute,
  });
  // The docs pages get the library's own policy (its scripts by hash, no framing by other sites), less
  // upgrade-insecure-requests, which would break them on a plain-http development server.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) =>
      String(header)
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
}
