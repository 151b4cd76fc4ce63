// A fetch stand-in for component tests: answers /api calls by method and path, and records every request.

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface MockAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (request: RecordedRequest) => MockAnswer | Promise<MockAnswer>;

export function json(status: number, body?: unknown, headers?: Record<string, string>): MockAnswer {
  return { status, body, headers };
}

export function mockApi(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    const { status, body, headers } = handler
      ? await handler(request)
      : { status: 404, body: { message: 'Not found' }, headers: undefined };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Requests to one route, e.g. "POST /api/subscriptions/abc/cancel". */
    calls: (route: string) => requests.filter((r) => `${r.method} ${r.path}` === route),
  };
}
