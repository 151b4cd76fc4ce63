import type { FastifyInstance } from 'fastify';

/** The parts of an OpenAPI JSON Schema the security suite reads (what @fastify/swagger emits for our zod schemas). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | { anyOf?: JsonSchema[] };
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperationObject {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
}

/** One documented operation: `GET /api/creators/{username}` and what it declares. */
export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, parameters in braces. */
  path: string;
  /** `METHOD /path`, the key used in tables and messages. */
  key: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  /** The JSON request body's schema, when the operation takes one. */
  jsonBody: JsonSchema | null;
  /** Status codes the operation documents. */
  documentedStatuses: Set<number>;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every operation of the app's own OpenAPI document (/api/docs/json), the route table the security
 * suite is generated from: a route added to the app is fuzzed and must be classified with no edit here.
 */
export async function listApiOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  const document = res.json() as { paths: Record<string, Record<string, OpenApiOperationObject>> };
  const operations: ApiOperation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [lowerMethod, operation] of Object.entries(byMethod)) {
      const method = lowerMethod.toUpperCase();
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method as ApiOperation['method'],
        path,
        key: `${method} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        jsonBody: content['application/json']?.schema ?? null,
        documentedStatuses: new Set(Object.keys(operation.responses ?? {}).map(Number)),
      });
    }
  }
  return operations;
}

/** Fills `{name}` placeholders with already-encoded segments. */
export function fillPath(path: string, segments: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const segment = segments[name];
    if (segment === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return segment;
  });
}
