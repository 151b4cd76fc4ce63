import type { InjectOptions } from 'fastify';
import { fillPath, type ApiOperation } from './openapi-operations';

/** Who sends a fuzzed request: nobody signed in, one of the seeded accounts, or a cookie that is not a session. */
/** `operator`: an operator whose session passed a two-factor sign-in (the operator console's routes). */
export type FuzzActor = 'visitor' | 'supporter' | 'creator' | 'operator' | 'forged-cookie';

/** A path segment or query value, and whether it is percent-encoded (as browsers do) or sent raw. */
export interface FuzzText {
  value: string;
  raw: boolean;
}

/** The body of a fuzzed request. */
export type FuzzBody =
  | { kind: 'none' }
  /** A value sent as JSON (with a content type that may lie). */
  | { kind: 'json'; value: unknown; contentType: string | null }
  /** Text that may not be JSON at all. */
  | { kind: 'text'; text: string; contentType: string | null }
  /** Bytes, e.g. a multipart upload; its content type holds the boundary (or a wrong one). */
  | { kind: 'bytes'; bytes: Buffer; contentType: string | null; label: string };

export interface FuzzRequest {
  pathParams: Record<string, FuzzText>;
  query: Array<[FuzzText, FuzzText]>;
  body: FuzzBody;
  actor: FuzzActor;
  /** The cookie header an actor 'forged-cookie' sends. */
  forgedCookie: string;
  /** Send from one address shared by many requests (so rate limits do trigger), else from a fresh one. */
  sharedIp: boolean;
  /** The CSRF header's value, or null to leave it out. */
  csrfHeader: string | null;
  origin: string | null;
  /** A Host other than the default `localhost:80`, or null. */
  host: string | null;
}

/** Percent-encodes like encodeURIComponent, writing a lone surrogate as its three WTF-8 bytes (what a sloppy client sends). */
export function percentEncode(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

const encodeText = (text: FuzzText) => (text.raw ? text.value : percentEncode(text.value));

/** The request as light-my-request takes it; `cookie` is the actor's cookie header (or none). */
export function toInjectOptions(
  operation: ApiOperation,
  request: FuzzRequest,
  cookie: string | null,
  remoteAddress: string,
): InjectOptions & { url: string } {
  const segments = Object.fromEntries(
    Object.entries(request.pathParams).map(([name, text]) => [name, encodeText(text)]),
  );
  const query = request.query.map(([key, value]) => `${encodeText(key)}=${encodeText(value)}`).join('&');
  const url = fillPath(operation.path, segments) + (query ? `?${query}` : '');
  const headers: Record<string, string> = {};
  if (request.csrfHeader !== null) headers['x-requested-with'] = request.csrfHeader;
  if (request.origin !== null) headers.origin = request.origin;
  if (request.host !== null) headers.host = request.host;
  if (cookie) headers.cookie = cookie;
  const body = request.body;
  let payload: string | Buffer | undefined;
  if (body.kind === 'json') payload = JSON.stringify(body.value) ?? 'null';
  else if (body.kind === 'text') payload = body.text;
  else if (body.kind === 'bytes') payload = body.bytes;
  if (body.kind !== 'none' && body.contentType !== null) headers['content-type'] = body.contentType;
  return { method: operation.method, url, headers, remoteAddress, ...(payload === undefined ? {} : { payload }) };
}

/** A short, printable description of a request for failure messages (long strings cut, control characters escaped). */
export function describeRequest(options: InjectOptions & { url: string }): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}... (${s.length} chars)` : s);
  const printable = (s: string) => JSON.stringify(cut(s));
  const payload = options.payload;
  const body =
    payload === undefined
      ? ''
      : Buffer.isBuffer(payload)
        ? ` body=<${payload.length} bytes> ${printable(payload.subarray(0, 200).toString('latin1'))}`
        : ` body=${printable(String(payload))}`;
  return `${options.method} ${printable(options.url)} headers=${cut(JSON.stringify(options.headers))}${body}`;
}
