import type { FastifyInstance } from 'fastify';
import { sendPlainHtmlPage } from '../modules/email/plain-html-page';
import { INVALID_INPUT_MESSAGE } from '../lib/messages';

export const INVALID_TEXT_MESSAGE =
  'Must not contain a NUL character or an invalid character (such as half of an emoji)';

/** A UTF-16 surrogate without its other half: not a character, and no database encoding can store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL (PostgreSQL's text refuses it) or a lone surrogate. */
export function hasInvalidText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

const INVALID_ADDRESS_PAGE = {
  title: 'This address cannot be opened',
  main: '<h1>This address cannot be opened</h1><p>It holds a character that is not text (a NUL, or half of an emoji). Check the link, or <a href="/">go to the home page</a>.</p>',
};

/**
 * Refuses, before validation and so before anything is stored, every request whose body (at any
 * depth, keys included), query string or route parameters hold text that cannot be stored: 400 with a
 * message per field, shaped like the error handler's validation errors. Only parsed JSON-like values
 * are walked (plain objects, arrays, strings); a multipart upload's files are streams it never reads.
 */
export function registerTextInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const fieldErrors: Record<string, string> = {};
    for (const source of [request.params, request.query, request.body]) collectInvalidText(source, fieldErrors);
    if (Object.keys(fieldErrors).length === 0) return;
    // A page address (a link pasted with a stray character) gets a page, not the API's JSON.
    if ((request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/'))
      return sendPlainHtmlPage(reply, INVALID_ADDRESS_PAGE, 400);
    return reply.code(400).send({ message: INVALID_INPUT_MESSAGE, fieldErrors });
  });
}

/** Where a value sits in the input: its key and its parent's place (a chain, so walking stays linear). */
interface Place {
  key: string;
  parent: Place | null;
}

/** Field names as the error handler writes them (`tiers.0.perks.1`); `_` for the whole input. */
function fieldName(place: Place | null): string {
  const keys: string[] = [];
  for (let p = place; p; p = p.parent) keys.push(p.key);
  return keys.reverse().join('.') || '_';
}

/** Walks without recursion: a deeply nested body must not overflow the stack. */
function collectInvalidText(root: unknown, fieldErrors: Record<string, string>): void {
  const pending: Array<{ value: unknown; place: Place | null }> = [{ value: root, place: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, place } = next;
    if (typeof value === 'string') {
      if (hasInvalidText(value)) fieldErrors[fieldName(place)] ??= INVALID_TEXT_MESSAGE;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, place: { key: String(index), parent: place } }));
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (hasInvalidText(key)) {
          // The key itself is the bad text: name the field readably and go no deeper.
          const readable = key.replaceAll('\u0000', '\uFFFD').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
          fieldErrors[fieldName({ key: readable, parent: place })] ??= INVALID_TEXT_MESSAGE;
        } else {
          pending.push({ value: item, place: { key, parent: place } });
        }
      }
    }
  }
}

/**
 * Parsed JSON, and Fastify's params and query objects (made from a prototype without a prototype);
 * never class instances such as Buffers or streams.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}
