import { vi } from 'vitest';

export interface MockCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

export type MockReply = { status?: number; body?: unknown; delayMs?: number };
type Handler = MockReply | ((call: MockCall) => MockReply);

/**
 * A fetch stand-in for component tests: answers "METHOD /api/path" (query string included when the route
 * names one) from a table, and records every call so a test can check what was sent.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const withQuery = `${method} ${url.pathname}${url.search}`;
    const withoutQuery = `${method} ${url.pathname}`;
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // not JSON: keep the text
      }
    }
    const call = { method, path: `${url.pathname}${url.search}`, body, headers: new Headers(init.headers) };
    calls.push(call);
    const handler = routes[withQuery] ?? routes[withoutQuery];
    const reply =
      typeof handler === 'function'
        ? handler(call)
        : (handler ?? { status: 404, body: { message: `No mock for ${withQuery}` } });
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? null), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Calls of one method and path (query string ignored unless given). */
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && (c.path === path || c.path.split('?')[0] === path)),
  };
}
