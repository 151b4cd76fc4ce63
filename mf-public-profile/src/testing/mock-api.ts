// A fetch stand-in for component tests: answers /api calls by method and path, and records every request.

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export type MockAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | Promise<never>;
type Handler = (request: RecordedRequest) => MockAnswer | Promise<MockAnswer>;

export function json(status: number, body?: unknown): MockAnswer {
  return { status, body };
}

export function mockApi(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = {
      method,
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    const answer = handler ? await handler(request) : { status: 404, body: { message: 'Not found' } };
    const { status, body, headers } = await answer;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Requests to one route, e.g. "POST /api/creators/pixelpat/supports". */
    calls: (route: string) => requests.filter((r) => `${r.method} ${r.path.split('?')[0]}` === route),
  };
}
