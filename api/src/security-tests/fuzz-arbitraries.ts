import fc from 'fast-check';
import type { ApiOperation, JsonSchema } from './openapi-operations';
import { STATE_CHANGING_METHODS } from './openapi-operations';
import type { FuzzActor, FuzzBody, FuzzRequest, FuzzText } from './fuzz-request';

/**
 * Real values from the seeded database, by the name of the field or parameter that takes them, so a
 * fair share of generated requests get past validation and reach services and SQL.
 */
export type KnownValues = Record<string, readonly unknown[]>;

/**
 * A valid body per operation key (schema-generated bodies rarely pass every rule), made from a number
 * fast-check draws, so a seed replays the same bodies.
 */
export type ValidBodies = Record<string, (n: number) => unknown>;

export interface FuzzContext {
  known: KnownValues;
  validBodies: ValidBodies;
  /** The Origin of the app itself as inject reaches it. */
  ownOrigin: string;
}

const LONG = 'a'.repeat(10_000);

/** Strings that have broken servers before: NUL, half an emoji, traversal, encodings, numbers, injections, sizes. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uD83D',
  '🙂',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  'İstanbul',
  'ß',
  'ｆｕｌｌ',
  '\u202Eevil',
  '\uFEFF',
  '\u2028',
  '\r\n',
  'a\r\nSet-Cookie: x=y',
  '\t',
  '../../../../etc/passwd',
  '..',
  '.',
  '..%2f..%2f',
  '%00',
  '%',
  '%E0%A4%A',
  '\\',
  '//',
  '?',
  '#',
  '&=&',
  '+',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '0x10',
  '9'.repeat(400),
  '-9007199254740993',
  '__proto__',
  'constructor',
  'prototype',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table users; --',
  '${7*7}',
  '{{7*7}}',
  '=cmd|calc!A1',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '123e4567-e89b-12d3-a456-426614174000',
  'not-a-uuid',
  LONG,
  'ä'.repeat(3000),
  '🙂'.repeat(2000),
];

/** Any UTF-16 code unit, lone surrogates and NUL included. */
const anyCodeUnitString = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 30,
});

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  // Text no database can store, the class that broke most often: NUL and halves of surrogate pairs.
  {
    weight: 2,
    arbitrary: fc.constantFrom('\u0000', 'ok\u0000', '\uD800', 'ok\uDBFF', '\uDC00x', '\uDFFF\uD800', '\u0000\uD800'),
  },
  { weight: 2, arbitrary: anyCodeUnitString },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()).map(String) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_STRINGS), anyCodeUnitString).map(([a, b]) => a + b) },
);

/** JSON values a client could send where another type is expected: huge and negative numbers, fractions, nesting. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0.01,
    0.5,
    1.005,
    1e308,
    -1e308,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    [],
    {},
    [[[]]],
    { a: { b: { c: {} } } },
    [null],
    { __proto__: null },
    { constructor: { prototype: {} } },
  ),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Bodies no JSON parser should accept, or that test its limits. */
const INVALID_JSON_TEXTS = [
  '',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  "{'a':1}",
  '{"a":1}garbage',
  '{"a":1,}',
  '\u0000',
  '"\\ud800"',
  '"\\u0000"',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  '{"amount":5,"amount":"x"}',
  '[]',
  '0',
  '-1e999',
  '1'.repeat(5000),
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  `"${'x'.repeat(1_200_000)}"`,
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;;;',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/xml',
  'application/octet-stream',
  '*/*',
  '',
  ';',
  '\u00ff',
];

/** A valid-looking value for a field, from the known values when its name is known, else from its schema. */
export function arbitraryFromSchema(
  schema: JsonSchema | undefined,
  context: FuzzContext,
  name?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const known = name ? context.known[name] : undefined;
  const fromSchema = schemaArbitrary(schema ?? {}, context, depth);
  return known && known.length > 0
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fromSchema })
    : fromSchema;
}

function schemaArbitrary(schema: JsonSchema, context: FuzzContext, depth: number): fc.Arbitrary<unknown> {
  const base = schemaArbitraryNotNull(schema, context, depth);
  return schema.nullable ? fc.option(base, { nil: null, freq: 4 }) : base;
}

function schemaArbitraryNotNull(schema: JsonSchema, context: FuzzContext, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((s) => schemaArbitrary(s, context, depth)));
  if (schema.allOf && schema.allOf.length > 0) return schemaArbitrary(schema.allOf[0] ?? {}, context, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, s]) => [key, arbitraryFromSchema(s, context, key, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
    }
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const items = schema.items as JsonSchema | undefined;
      return fc.array(schemaArbitrary(items ?? {}, context, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 8),
      });
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 100_000, 2 ** 31 - 1),
      });
    case 'number':
      return fc.oneof(
        fc.integer({ min: Math.ceil(schema.minimum ?? -1000), max: Math.floor(schema.maximum ?? 100_000) }),
        fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000, noNaN: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringArbitrary(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
    } catch {
      // A pattern fast-check cannot read: plain strings below.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
}

/** A valid body with one thing wrong: a field replaced by junk, a required field dropped, or extra fields. */
function malformedObject(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      junkValue,
      fc.constantFrom('replace', 'drop', 'extra', 'nest'),
      fc.constantFrom(
        '__proto__',
        'constructor',
        'isAdmin',
        'userId',
        'creatorId',
        'role',
        'emailVerified',
        'amountCents',
        '',
      ),
    )
    .map(([value, pick, junk, how, extraKey]) => {
      if (!value || typeof value !== 'object' || Array.isArray(value) || value instanceof RawBody) return junk;
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys.length > 0 ? keys[pick % keys.length] : undefined;
      if (how === 'replace' && key !== undefined) copy[key] = junk;
      else if (how === 'drop' && key !== undefined) delete copy[key];
      else if (how === 'nest' && key !== undefined) copy[key] = { [key]: copy[key], junk };
      else Object.defineProperty(copy, extraKey, { value: junk, enumerable: true, writable: true, configurable: true });
      return copy;
    });
}

const CRLF = '\r\n';

/** A tiny but real PNG (1x1), the only kind of file the upload accepts (by its magic bytes). */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

function multipart(boundary: string, parts: Part[], { close = true }: { close?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const headers = `--${boundary}${CRLF}Content-Disposition: ${disposition}${CRLF}${part.contentType ? `Content-Type: ${part.contentType}${CRLF}` : ''}${CRLF}`;
    chunks.push(
      Buffer.from(headers, 'utf8'),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'),
      Buffer.from(CRLF),
    );
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

const png = (data: Buffer | string = TINY_PNG, filename = 'me.png', contentType = 'image/png'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});
const B = 'fuzzboundary7MA4YWxkTrZu0gW';
const OVERSIZED = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024 + 10, 0x41)]);

/** Uploads a client could send: a good one, and many that lie about their content, name, size or framing. */
const MULTIPART_BODIES: Array<{ label: string; contentType: string | null; bytes: Buffer }> = [
  { label: 'valid png', contentType: `multipart/form-data; boundary=${B}`, bytes: multipart(B, [png()]) },
  {
    label: 'traversal filename',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: multipart(B, [png(TINY_PNG, '../../../../tmp/evil.png')]),
  },
  {
    label: 'NUL filename',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: multipart(B, [png(TINY_PNG, 'a\u0000.png')]),
  },
  {
    label: 'long filename',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: multipart(B, [png(TINY_PNG, `${'n'.repeat(5000)}.png`)]),
  },
  {
    label: 'svg with script',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: multipart(B, [
      png('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'x.svg', 'image/svg+xml'),
    ]),
  },
  {
    label: 'html declared as png',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: multipart(B, [png('<html><script>alert(1)</script></html>')]),
  },
  {
    label: 'png polyglot',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: multipart(B, [png(Buffer.concat([TINY_PNG, Buffer.from('<script>alert(1)</script>')]))]),
  },
  {
    label: 'empty file',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: multipart(B, [png(Buffer.alloc(0))]),
  },
  {
    label: 'field only',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: multipart(B, [{ name: 'file', data: 'not a file' }]),
  },
  {
    label: 'two files',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: multipart(B, [png(), png(TINY_PNG, 'second.png')]),
  },
  {
    label: 'many fields',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: multipart(
      B,
      Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
    ),
  },
  {
    label: 'truncated',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: multipart(B, [png()], { close: false }).subarray(0, 120),
  },
  {
    label: 'no closing boundary',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: multipart(B, [png()], { close: false }),
  },
  { label: 'wrong boundary', contentType: 'multipart/form-data; boundary=other', bytes: multipart(B, [png()]) },
  { label: 'no boundary', contentType: 'multipart/form-data', bytes: multipart(B, [png()]) },
  { label: 'empty boundary', contentType: 'multipart/form-data; boundary=', bytes: multipart(B, [png()]) },
  { label: 'no content type', contentType: null, bytes: multipart(B, [png()]) },
  {
    label: 'header injection in name',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: multipart(B, [{ ...png(), name: `file"\r\nContent-Type: text/html\r\nX: "` }]),
  },
  {
    label: 'garbage bytes',
    contentType: `multipart/form-data; boundary=${B}`,
    bytes: Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 73) % 256)),
  },
  { label: 'oversized png', contentType: `multipart/form-data; boundary=${B}`, bytes: multipart(B, [png(OVERSIZED)]) },
];

/** A body given as bytes (an upload) by a ValidBodies factory instead of a JSON value. */
export class RawBody {
  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
  ) {}
}

/** A valid multipart upload of `bytes` as the field "file". */
export function uploadBody(bytes: Buffer = TINY_PNG): RawBody {
  return new RawBody(multipart(B, [png(bytes)]), `multipart/form-data; boundary=${B}`);
}

function toBody(value: unknown): FuzzBody {
  if (value instanceof RawBody)
    return { kind: 'bytes', bytes: value.bytes, contentType: value.contentType, label: 'valid upload' };
  if (value === undefined) return { kind: 'none' };
  return { kind: 'json', value, contentType: 'application/json' };
}

/** A body that passes validation as often as possible: the operation's factory, else one from its schema. */
function validBodyArbitrary(operation: ApiOperation, context: FuzzContext): fc.Arbitrary<unknown> {
  const factory = context.validBodies[operation.key];
  const fromSchema = operation.jsonBody ? arbitraryFromSchema(operation.jsonBody, context) : fc.constant(undefined);
  if (!factory) return fromSchema;
  return fc.oneof({ weight: 4, arbitrary: fc.nat().map((n) => factory(n)) }, { weight: 1, arbitrary: fromSchema });
}

/** Paths (key lists) of the strings and numbers inside a JSON value. */
function leafPlaces(
  value: unknown,
  path: Array<string | number> = [],
  out: Array<Array<string | number>> = [],
): Array<Array<string | number>> {
  if (typeof value === 'string' || typeof value === 'number') out.push(path);
  else if (Array.isArray(value)) value.forEach((item, i) => leafPlaces(item, [...path, i], out));
  else if (value && typeof value === 'object' && !(value instanceof RawBody))
    for (const [k, v] of Object.entries(value)) leafPlaces(v, [...path, k], out);
  return out;
}

function setAt(value: unknown, path: Array<string | number>, f: (leaf: unknown) => unknown): unknown {
  if (path.length === 0) return f(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? setAt(item, rest, f) : item));
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) copy[k] = k === head ? setAt(v, rest, f) : v;
    return copy;
  }
  return value;
}

/** Numbers at the edges: integer overflow, unsafe integers, fractions of a cent, negative zero; and numbers spelled as text. */
const EDGE_NUMBERS: unknown[] = [
  0,
  -0,
  -1,
  -100,
  0.001,
  0.1 + 0.2,
  1.005,
  99.999,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];
const NUMERIC_TEXT = [
  '1e3',
  ' 5',
  '5.',
  '.5',
  '0x10',
  '1_000',
  '٣',
  '５',
  'Infinity',
  '-0',
  '5e-324',
  '9'.repeat(30),
  '',
  ' ',
];

/**
 * A valid body with one leaf made hostile, valid everywhere else so it reaches the service and SQL:
 * a string replaced by or suffixed with a hostile string, or a number pushed to an edge or spelled as text.
 */
function taintedBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      hostileString,
      fc.boolean(),
      fc.constantFrom(...EDGE_NUMBERS),
      fc.constantFrom(...NUMERIC_TEXT),
    )
    .map(([value, pick, hostile, append, edge, numericText]) => {
      const places = leafPlaces(value);
      const place = places[pick % Math.max(places.length, 1)];
      if (!place) return value;
      return setAt(value, place, (leaf) => {
        if (typeof leaf === 'number') return append ? numericText : edge;
        return append ? `${String(leaf)}${hostile}` : hostile;
      });
    });
}

/** Any body, most of them wrong: junk values, valid-but-one-thing-wrong, not JSON at all, multipart. */
function chaosBodyArbitrary(operation: ApiOperation, context: FuzzContext): fc.Arbitrary<FuzzBody> {
  const valid = validBodyArbitrary(operation, context);
  const json = (
    value: fc.Arbitrary<unknown>,
    contentType: fc.Arbitrary<string | null> = fc.constant('application/json'),
  ) =>
    fc
      .tuple(value, contentType)
      .map(([v, ct]): FuzzBody =>
        v instanceof RawBody || v === undefined ? toBody(v) : { kind: 'json', value: v, contentType: ct },
      );
  const text = fc
    .tuple(
      fc.constantFrom(...INVALID_JSON_TEXTS),
      fc.constantFrom<string | null>('application/json', 'text/plain', null),
    )
    .map(([t, ct]): FuzzBody => ({ kind: 'text', text: t, contentType: ct }));
  const bytes = fc
    .constantFrom(...MULTIPART_BODIES)
    .map((m): FuzzBody => ({ kind: 'bytes', bytes: m.bytes, contentType: m.contentType, label: m.label }));
  if (!STATE_CHANGING_METHODS.has(operation.method)) {
    // A GET with a body is odd but legal; a few of them.
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
      { weight: 1, arbitrary: json(junkValue) },
      { weight: 1, arbitrary: text },
    );
  }
  return fc.oneof(
    { weight: 3, arbitrary: json(malformedObject(valid)) },
    { weight: 2, arbitrary: json(junkValue) },
    { weight: 1, arbitrary: json(valid, fc.constantFrom<string | null>(...CONTENT_TYPES, null)) },
    { weight: 2, arbitrary: text },
    { weight: operation.jsonBody ? 1 : 3, arbitrary: bytes },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
  );
}

const textOf = (value: fc.Arbitrary<string>, rawFreq = 5): fc.Arbitrary<FuzzText> =>
  fc.tuple(value, fc.nat({ max: rawFreq - 1 })).map(([v, r]) => ({ value: v, raw: r === 0 && !/[\s?#/%]/.test(v) }));

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** A valid-looking value for a parameter: a known one or one its schema allows. */
const validParam = (schema: JsonSchema | undefined, name: string, context: FuzzContext) =>
  arbitraryFromSchema(schema, context, name).map(asText);

/** A hostile value for a parameter: a hostile string alone, or appended to a valid one. */
const hostileParam = (schema: JsonSchema | undefined, name: string, context: FuzzContext) =>
  fc.oneof(
    hostileString,
    fc.tuple(validParam(schema, name, context), hostileString).map(([v, h]) => v + h),
  );

const ORIGINS = (own: string) => [
  own,
  'http://[',
  '::::',
  'null',
  'https://evil.example',
  'http://localhost.evil.example',
  'file://',
  'http://localhost:99999',
  `${own}/`,
  ' ',
  'h'.repeat(5000),
];
const FORGED_COOKIES = [
  'bro_session=forged',
  'bro_session=',
  'bro_session=%E0%A4%A',
  `bro_session=${'a'.repeat(5000)}`,
  'bro_session=a; bro_session=b',
  'bro_session="quoted"',
  '=;;=',
  'bro_session=null',
];
const HOSTS = ['localhost', 'evil.example', '[', '::::', 'localhost:99999', '', 'localhost:80, evil.example'];
const BAD_CSRF = [null, 'BEABRO', 'beabro, beabro', '', 'XMLHttpRequest'];
const SIGNED_IN = fc.constantFrom<FuzzActor>('supporter', 'creator', 'creator');
const ANY_ACTOR = fc.constantFrom<FuzzActor>('visitor', 'supporter', 'creator', 'creator', 'forged-cookie');
/** The operator console's routes: mostly an operator, so deep paths run; sometimes someone else. */
const SIGNED_IN_OPERATOR = fc.constantFrom<FuzzActor>('operator', 'operator', 'operator', 'creator');
const ANY_ACTOR_OPERATOR = fc.constantFrom<FuzzActor>('visitor', 'supporter', 'creator', 'operator', 'forged-cookie');
const isOperatorRoute = (operation: ApiOperation) => operation.path.startsWith('/api/operator/');

/** What can be made hostile in one-hostile mode. */
type Target =
  | { kind: 'path'; name: string }
  | { kind: 'query'; name: string }
  | { kind: 'body' }
  | { kind: 'extra-query' }
  | { kind: 'header' };

/**
 * One request to `operation`, in one of three modes:
 * - valid: everything as the app expects (a signed-in actor, good headers, a factory body), so deep
 *   paths run and the seeded state changes as it would in use;
 * - one-hostile: valid except exactly one place (a path or query parameter, a body string, the body's
 *   shape, an extra query parameter, or a header), so the hostile value reaches code behind validation;
 * - chaos: every part drawn independently, hostile or not.
 */
export function fuzzRequestArbitrary(operation: ApiOperation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const names = (params: typeof operation.pathParams) => params.map((p) => p.name);
  const validPath = fc.record(
    Object.fromEntries(operation.pathParams.map((p) => [p.name, textOf(validParam(p.schema, p.name, context))])),
  );
  const hostilePath = fc.record(
    Object.fromEntries(operation.pathParams.map((p) => [p.name, textOf(hostileParam(p.schema, p.name, context))])),
  );
  const validQuery = fc.record(
    Object.fromEntries(
      operation.queryParams.map((p) => [
        p.name,
        p.required
          ? validParam(p.schema, p.name, context)
          : fc.option(validParam(p.schema, p.name, context), { nil: undefined, freq: 3 }),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string | undefined>>;
  const hostileQuery = fc.record(
    Object.fromEntries(operation.queryParams.map((p) => [p.name, hostileParam(p.schema, p.name, context)])),
  );
  const extraQuery = fc.array(
    fc.tuple(
      textOf(
        fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor[prototype]', 'a[b]', 'token', 'userId')),
      ),
      textOf(hostileString),
    ),
    { minLength: 1, maxLength: 3 },
  );
  const validBody = validBodyArbitrary(operation, context);
  const targets: Target[] = [
    ...names(operation.pathParams).map((name): Target => ({ kind: 'path', name })),
    ...names(operation.queryParams).map((name): Target => ({ kind: 'query', name })),
    ...(STATE_CHANGING_METHODS.has(operation.method) ? [{ kind: 'body' } as const, { kind: 'body' } as const] : []),
    { kind: 'extra-query' },
    { kind: 'header' },
  ];
  const headerCase = fc.record({
    actor: isOperatorRoute(operation) ? ANY_ACTOR_OPERATOR : ANY_ACTOR,
    csrfHeader: fc.constantFrom<string | null>('beabro', ...BAD_CSRF),
    origin: fc.constantFrom<string | null>(null, ...ORIGINS(context.ownOrigin)),
    host: fc.oneof(
      { weight: 3, arbitrary: fc.constant<string | null>(null) },
      { weight: 1, arbitrary: fc.constantFrom<string | null>(...HOSTS) },
    ),
  });
  const validOrigin = fc.constantFrom<string | null>(null, null, context.ownOrigin);

  return fc
    .record({
      mode: fc.constantFrom('valid', 'one-hostile', 'one-hostile', 'one-hostile', 'chaos', 'chaos'),
      target: fc.nat({ max: targets.length - 1 }),
      validPath,
      hostilePath,
      validQuery,
      hostileQuery,
      extraQuery,
      validBody,
      taintedBody: taintedBody(validBody),
      hostileBodyIsShape: fc.nat({ max: 3 }),
      chaosBody: chaosBodyArbitrary(operation, context),
      chaosQueryPick: fc.array(fc.boolean(), {
        minLength: operation.queryParams.length,
        maxLength: operation.queryParams.length,
      }),
      chaosPathPick: fc.array(fc.boolean(), {
        minLength: operation.pathParams.length,
        maxLength: operation.pathParams.length,
      }),
      signedIn: isOperatorRoute(operation) ? SIGNED_IN_OPERATOR : SIGNED_IN,
      validOrigin,
      headers: headerCase,
      forgedCookie: fc.constantFrom(...FORGED_COOKIES),
      sharedIp: fc.boolean(),
      chaosHeaders: fc.boolean(),
      repeatQuery: fc.boolean(),
    })
    .map((g): FuzzRequest => {
      const target = g.mode === 'one-hostile' ? targets[g.target] : undefined;
      const chaos = g.mode === 'chaos';
      const pathParams: Record<string, FuzzText> = {};
      operation.pathParams.forEach((p, i) => {
        const hostile = (target?.kind === 'path' && target.name === p.name) || (chaos && g.chaosPathPick[i]);
        pathParams[p.name] = (hostile ? g.hostilePath[p.name] : g.validPath[p.name]) as FuzzText;
      });
      const query: Array<[FuzzText, FuzzText]> = [];
      operation.queryParams.forEach((p, i) => {
        const hostile = (target?.kind === 'query' && target.name === p.name) || (chaos && g.chaosQueryPick[i]);
        const value = hostile ? g.hostileQuery[p.name] : g.validQuery[p.name];
        if (value !== undefined)
          query.push([
            { value: p.name, raw: true },
            { value: asText(value), raw: false },
          ]);
        // The same parameter twice (?page=1&page=2) arrives as an array.
        if (hostile && g.repeatQuery)
          query.push([
            { value: p.name, raw: true },
            { value: asText(g.validQuery[p.name] ?? ''), raw: false },
          ]);
      });
      if (target?.kind === 'extra-query' || chaos) query.push(...(chaos ? g.extraQuery.slice(0, 1) : g.extraQuery));
      let body: FuzzBody = toBody(STATE_CHANGING_METHODS.has(operation.method) ? g.validBody : undefined);
      if (chaos) body = g.chaosBody;
      else if (target?.kind === 'body') body = g.hostileBodyIsShape === 0 ? g.chaosBody : toBody(g.taintedBody);
      const hostileHeaders = (chaos && g.chaosHeaders) || target?.kind === 'header';
      return {
        pathParams,
        query,
        body,
        actor: hostileHeaders ? g.headers.actor : g.signedIn,
        forgedCookie: g.forgedCookie,
        sharedIp: g.sharedIp,
        csrfHeader: hostileHeaders ? g.headers.csrfHeader : 'beabro',
        origin: hostileHeaders ? g.headers.origin : g.validOrigin,
        host: hostileHeaders ? g.headers.host : null,
      };
    });
}
