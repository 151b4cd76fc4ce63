import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { POST_MESSAGES, POST_UNSUBSCRIBE_PAGE_PATH } from '@beabro/shared/api-schemas/posts';
import { resolveAppSecret } from '../../config/env';
import { AppError } from '../../lib/app-error';
import { acceptPageForms } from '../../lib/page-form';
import { unsubscribeFromPosts } from './post-emails';

/*
 * One-click unsubscribe of post emails (RFC 8058). Each post email says
 * `List-Unsubscribe: <https://.../subscriptions/unsubscribe?token=...>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`; a mail client's "Unsubscribe" button then POSTs
 * `List-Unsubscribe=One-Click` (urlencoded or multipart) to that same address, from the mail provider's servers:
 * no cookie, no page, no confirmation. The signed token in the address is the only authority, checked before the
 * database is read; a GET of the address is still the page, which acts only on its button (mail scanners open links).
 * No rate limit per network address here: a mail provider posts every recipient's unsubscribe from a few addresses.
 */

/** The most an RFC 8058 body needs: one short field (mail clients send nothing else). */
const ONE_CLICK_BODY_LIMIT = 2048;

export const ONE_CLICK_MESSAGES = {
  notOneClick: 'A one-click unsubscribe posts List-Unsubscribe=One-Click.',
} as const;

/** The fields of a small multipart/form-data body (RFC 7578), as strings; files are not expected and read as text. */
function parseMultipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const delimiter = boundary ? `--${boundary[1] ?? boundary[2]}` : null;
  const fields: Record<string, string> = {};
  if (!delimiter) return fields;
  for (const part of body.split(delimiter).slice(1)) {
    if (part.startsWith('--')) break;
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(part.slice(0, headerEnd))?.[1];
    if (name !== undefined) fields[name] = part.slice(headerEnd + 4).replace(/\r\n$/, '');
  }
  return fields;
}

const querySchema = z.object({ token: z.string().max(1000).default('') });
/** No body at all (a bare POST) is refused like a wrong one, with the field message. */
const bodySchema = z.record(z.string(), z.string()).nullish();

export const postUnsubscribeOneClickRoutes: FastifyPluginAsyncZod = async (app) => {
  const appSecret = resolveAppSecret(app.config);
  acceptPageForms(app);
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, parseMultipartFields(text, request.headers['content-type'] ?? ''));
    },
  );

  app.post(
    POST_UNSUBSCRIBE_PAGE_PATH,
    { schema: { hide: true, querystring: querySchema, body: bodySchema }, bodyLimit: ONE_CLICK_BODY_LIMIT },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (request.body?.['List-Unsubscribe'] !== 'One-Click')
        throw new AppError('validation', ONE_CLICK_MESSAGES.notOneClick, {
          'List-Unsubscribe': ONE_CLICK_MESSAGES.notOneClick,
        });
      const token = request.query.token.trim();
      if (!token)
        throw new AppError('validation', POST_MESSAGES.unsubscribeInvalid, { token: POST_MESSAGES.unsubscribeInvalid });
      return unsubscribeFromPosts(app.db, appSecret, token);
    },
  );
};
