/** Said when a 5xx answer carries no message of its own (a proxy's error page, a crashed upstream). */
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
/** Said when any other failed answer carries no message. */
export const REQUEST_ERROR_MESSAGE = 'Your request could not be completed. Please try again.';

/** Error thrown for any non-2xx answer of our API, carrying the server's field messages when it sent them. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  message?: unknown;
  fieldErrors?: unknown;
}

/** Sends one request for `/api...` (a path starting with "/api/") and returns the answer. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

const browserTransport: ApiTransport = (path, init) => fetch(path, { credentials: 'same-origin', ...init });
let transport: ApiTransport = browserTransport;

/**
 * Replaces how requests reach the API. The server renderer uses it (there is no page origin on the
 * server: it answers from the API in-process); `null` restores the browser's same-origin fetch.
 * `@beabro/shared` is one shared instance, so this applies to the shell and every remote alike.
 */
export function setApiTransport(next: ApiTransport | null) {
  transport = next ?? browserTransport;
}

/**
 * Same-origin JSON request to `/api/...`; the shell, the remotes and the standalone harnesses all use it.
 * Reads on the public pages take the answer as typed (`T`) without parsing it again: the API checks every
 * response against the shared zod schema before sending it, and leaving zod out of those pages' code
 * saves visitors about 47 kB of JavaScript. Calls behind forms still parse their answers.
 */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  // The API refuses state-changing requests without this header (CSRF defence).
  headers.set('X-Requested-With', 'beabro');
  if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const response = await transport(`/api${path}`, { ...init, headers });
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const err = (body ?? {}) as ErrorBody;
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new ApiError(
      response.status,
      // People read this message: never a bare status code ("Request failed (500)").
      typeof err.message === 'string' && err.message.trim() !== ''
        ? err.message
        : response.status >= 500
          ? SERVER_ERROR_MESSAGE
          : REQUEST_ERROR_MESSAGE,
      isStringRecord(err.fieldErrors) ? err.fieldErrors : {},
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}
