import type { SessionUser } from '@beabro/shared/types/session-user';

export interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Responder = FakeResponse | ((call: RecordedCall) => FakeResponse | Promise<FakeResponse>);

/** A route of the fake API: method and path ("GET /api/auth/me"), or a pattern for paths with parameters. */
export type FakeRoute = [method: string, path: string | RegExp, respond: Responder];

/**
 * Stubs `fetch` with a tiny API: the first matching route answers, anything else is a 404. Returns the
 * calls made, so tests can assert what the page sent.
 */
export function fakeApi(routes: FakeRoute[]): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      const call: RecordedCall = {
        method,
        path: url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const route = routes.find(
        ([m, path]) => m === method && (typeof path === 'string' ? path === url : path.test(url)),
      );
      const answer = route
        ? typeof route[2] === 'function'
          ? await route[2](call)
          : route[2]
        : { status: 404, body: { message: 'Not found' } };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json', ...answer.headers },
      });
    }),
  );
  return calls;
}

/** GET /api/auth/me answering `user` (null: a visitor). */
export function meRoute(user: SessionUser | null): FakeRoute {
  return ['GET', '/api/auth/me', { status: 200, body: { user } }];
}

/** A fetch that never answers: the session stays unknown. */
export function pendingApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
}
