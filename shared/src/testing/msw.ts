// How the front end's unit tests mock the API: one Mock Service Worker server for the whole run, started,
// reset after each test and closed by the shared vitest set-up (setup-msw.ts), with `mockApi` on top for a
// table of canned answers. A request no handler answers fails the test (`onUnhandledRequest: 'error'`).
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export { http, HttpResponse } from 'msw';

/** The one msw server of a test run. Add handlers for one test with `server.use(...)`; they go after it. */
export const server = setupServer();

/** A request the API mock received, as a test checks it. */
export interface MockCall {
  method: string;
  /** The path with its query string: `/api/discover?page=2`. */
  path: string;
  /** The path without its query string. */
  pathname: string;
  query: URLSearchParams;
  /** JSON parsed; other text as text; a binary or multipart body as a Blob; no body: undefined. */
  body: unknown;
  headers: Headers;
}

/** A canned answer: JSON `body` (none when left out or on 204), 200 unless `status` says otherwise. */
export interface MockReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Answers this much later (to see a pending state); the test still waits for what it asserts. */
  delayMs?: number;
}

/**
 * An answer, or a function of the request giving one. A promise that never settles leaves the request
 * pending; one that rejects (or a throw) fails it as a network error, as when the server cannot be reached.
 */
export type MockHandler = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

/** A JSON answer: `json(409, { message: '...' })`. */
export function json(status: number, body?: unknown, headers?: Record<string, string>): MockReply {
  return { status, body, headers };
}

/**
 * An answer held back until the test releases it, to see a pending state ("Saving...", an upload's preview)
 * without racing a timer: `const save = heldReply({ body }); mockApi({ 'PUT /api/x': save.handler });` then,
 * once the pending state is asserted, `save.release()`.
 */
export function heldReply(reply: MockReply): { handler: () => Promise<MockReply>; release: () => void } {
  let release: () => void = () => undefined;
  const answer = new Promise<MockReply>((resolve) => {
    release = () => resolve(reply);
  });
  return { handler: () => answer, release };
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (request.body === null) return undefined;
  if (type === '' || /json|^text\//.test(type)) {
    const text = await request.text();
    if (text === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return new Blob([await request.arrayBuffer()], { type });
}

/** The handler of a route whose path names a `:param` segment ("GET /api/usernames/:username"), if one matches. */
function patternRoute(routes: Record<string, MockHandler>, method: string, pathname: string) {
  for (const [route, handler] of Object.entries(routes)) {
    const [routeMethod, routePath = ''] = route.split(' ', 2);
    if (routeMethod !== method || !routePath.includes('/:') || routePath.includes('?')) continue;
    const segments = routePath.split('/');
    const actual = pathname.split('/');
    if (
      segments.length === actual.length &&
      segments.every((segment, i) => (segment.startsWith(':') ? actual[i] !== '' : segment === actual[i]))
    )
      return handler;
  }
  return undefined;
}

/**
 * Answers the API from a table, "METHOD /api/path" -> answer (a route naming a query string matches only
 * that query; one without matches any; a `:param` segment matches any one segment, for a path that carries
 * an id or a name), and records every request so a test can check what was sent. A
 * request no route names gets a 404 "No mock for METHOD /path". A later `mockApi` in the same test replaces
 * the earlier one; the shared set-up removes it after the test.
 */
export function mockApi(routes: Record<string, MockHandler>) {
  const calls: MockCall[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const path = `${url.pathname}${url.search}`;
      const call: MockCall = {
        method: request.method.toUpperCase(),
        path,
        pathname: url.pathname,
        query: url.searchParams,
        body: await readBody(request),
        headers: request.headers,
      };
      calls.push(call);
      const route = `${call.method} ${path}`;
      const handler =
        routes[route] ?? routes[`${call.method} ${url.pathname}`] ?? patternRoute(routes, call.method, url.pathname);
      let reply: MockReply;
      try {
        reply =
          typeof handler === 'function'
            ? await handler(call)
            : (handler ?? { status: 404, body: { message: `No mock for ${route}` } });
      } catch {
        return HttpResponse.error();
      }
      if (reply.delayMs) await delay(reply.delayMs);
      const status = reply.status ?? 200;
      const body = status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body);
      return new HttpResponse(body, {
        status,
        headers: { 'Content-Type': 'application/json', ...reply.headers },
      });
    }),
  );
  return {
    calls,
    /**
     * The calls of one method and path, query string ignored unless given: `callsTo('POST', '/api/x')`,
     * or the route in one string, `callsTo('POST /api/x')`.
     */
    callsTo(methodOrRoute: string, path?: string) {
      const [method, wanted] = path === undefined ? methodOrRoute.split(' ', 2) : [methodOrRoute, path];
      return calls.filter((c) => c.method === method && (c.path === wanted || c.pathname === wanted));
    },
  };
}
