import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_REFUSED_MESSAGE, isSameOrigin } from './csrf';

/** The most a page form may send: a token and a choice or two. */
const FORM_BODY_LIMIT = 4096;

/**
 * What the site's pages need to accept a plain HTML form (the page works with JavaScript off): the
 * urlencoded body parsed into strings, in this plugin's scope only (the API itself takes JSON).
 */
export function acceptPageForms(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    },
  );
}

/**
 * A page form may only be posted from this site. The pages send no Referer (Referrer-Policy: no-referrer),
 * so browsers post their forms with `Origin: null`: what tells a foreign site's form apart is
 * `Sec-Fetch-Site` (cross-site or same-site) or a real Origin naming another site. The forms act with the
 * token of the page's own link, so this is belt and braces.
 */
export async function refuseForeignForm(request: FastifyRequest, reply: FastifyReply) {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const foreignOrigin = origin !== undefined && origin !== 'null' && !isSameOrigin(origin, request);
  if (site === 'cross-site' || site === 'same-site' || foreignOrigin) {
    return reply.code(403).type('text/plain; charset=utf-8').send(CSRF_REFUSED_MESSAGE);
  }
}

/** Back to the page with the outcome in its address (303: the browser GETs it, and Reload posts nothing). */
export function redirectToPage(reply: FastifyReply, path: string, params: Record<string, string>) {
  return reply.header('Cache-Control', 'no-store').redirect(`${path}?${new URLSearchParams(params).toString()}`, 303);
}
