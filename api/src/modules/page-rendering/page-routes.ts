import path from 'node:path';
import { canonicalCreatorPath } from '@beabro/shared/data/canonical-creator-path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env';
import { findRenamedUsername } from '../usernames/usernames-repository';
import {
  getLinkPreview,
  getPostLinkPreview,
  creatorPageOf,
  creatorPostPageOf,
  profileUsernameFromPath,
} from '../link-preview/link-preview-service';
import { FIRST_USE_LOADER } from './first-use-loader';
import { createPageSender } from './page-sender';

/**
 * The site's pages: every address the site's router knows, and the first-use loader they name. A visitor's (no
 * session cookie) public page is rendered on the server by the shell's server bundle and hydrated in the browser;
 * signed-in pages, and any page the server cannot render, are rendered in the browser (page-sender.ts). For
 * `/{username}` the page carries that creator's OpenGraph and Twitter card tags, and an unknown username is a 404.
 * Registered by plugins/static-site.ts after the static builds, whose routes are more specific.
 */
export async function pageRoutes(
  app: FastifyInstance,
  { config, remoteNames, shellDist }: { config: AppConfig; remoteNames: readonly string[]; shellDist: string },
) {
  const sendPage = createPageSender(app, { config, remoteNames, shellDist });

  const siteOrigin = (request: FastifyRequest) =>
    (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  /** `/{username}`: the page with the creator's link preview, or a 404 page when there is no such creator. */
  const sendProfilePage = async (request: FastifyRequest, reply: FastifyReply, username: string) => {
    let preview;
    try {
      preview = await getLinkPreview(app.db, username, siteOrigin(request));
    } catch (error) {
      // A preview is a nicety: if the database is unavailable the page itself must still load (in the browser).
      request.log.error({ err: error }, 'link preview lookup failed');
      return sendPage(request, reply, { status: 200, render: false });
    }
    if (!preview) return sendRenamedOrNotFound(request, reply, username, '');
    return sendPage(request, reply, { status: 200, preview, render: true, view: { username, page: 'profile' } });
  };

  /**
   * A creator's former username answers 301 to the same page under the current one (profile, support page and
   * the embedded checkout alike, query kept); any other unknown name is a 404 page. Not cached for long, since
   * the creator may take the old name back.
   */
  const sendRenamedOrNotFound = async (
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    suffix: '' | '/support',
  ) => {
    let current;
    try {
      current = await findRenamedUsername(app.db, username);
    } catch (error) {
      request.log.error({ err: error }, 'former username lookup failed');
    }
    if (!current) return sendPage(request, reply, { status: 404, render: false });
    const query = request.url.slice((request.url.split('?')[0] ?? '').length);
    return reply.header('Cache-Control', 'no-cache').redirect(`/${current}${suffix}${query}`, 301);
  };

  /**
   * `/{username}/posts/{slug-or-id}`: a post's page with its link preview (which never holds a locked body), or a
   * 404 page when the creator has no such published post.
   */
  const sendPostPage = async (request: FastifyRequest, reply: FastifyReply, username: string, post: string) => {
    let preview;
    try {
      preview = await getPostLinkPreview(app.db, username, post, siteOrigin(request));
    } catch (error) {
      request.log.error({ err: error }, 'post link preview lookup failed');
      return sendPage(request, reply, { status: 200, render: false });
    }
    if (!preview) return sendPage(request, reply, { status: 404, render: false });
    return sendPage(request, reply, { status: 200, preview, render: true });
  };

  /** `/{username}/support`: the support page, or a 404 page when there is no such creator. */
  const sendSupportPage = async (request: FastifyRequest, reply: FastifyReply, username: string) => {
    let preview;
    try {
      preview = await getLinkPreview(app.db, username, siteOrigin(request));
    } catch (error) {
      request.log.error({ err: error }, 'creator lookup failed');
      return sendPage(request, reply, { status: 200, render: false });
    }
    return preview
      ? sendPage(request, reply, { status: 200, render: true, view: { username, page: 'support' } })
      : sendRenamedOrNotFound(request, reply, username, '/support');
  };

  app.get(FIRST_USE_LOADER.path, { schema: { hide: true } }, (_req, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .type('text/javascript; charset=utf-8')
      .send(FIRST_USE_LOADER.source),
  );

  /**
   * Every address the site's router knows is a page, answered by one real route (so @fastify/compress
   * compresses it like any other response). Files are served by the static plugins, whose routes are
   * more specific; what reaches this route with a file extension, or under /remotes/ or /releases/, is a
   * missing file, and under /api/ a missing endpoint.
   */
  const sendAnyPage = (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') return reply.code(404).send({ message: 'Not found' });
    if (url.startsWith('/remotes/') || url.startsWith('/releases/') || path.extname(url)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    const canonical = canonicalCreatorPath(url);
    if (canonical) {
      const query = request.url.slice(url.length);
      return reply.code(301).header('Cache-Control', 'public, max-age=3600').redirect(`${canonical}${query}`, 301);
    }
    const postPage = creatorPostPageOf(url);
    if (postPage) return sendPostPage(request, reply, postPage.username, postPage.post);
    const creatorPage = creatorPageOf(url);
    if (creatorPage && creatorPage.username === null) return sendPage(request, reply, { status: 404, render: false });
    if (creatorPage?.support) return sendSupportPage(request, reply, creatorPage.username ?? '');
    const username = profileUsernameFromPath(url);
    return username
      ? sendProfilePage(request, reply, username)
      : sendPage(request, reply, { status: 200, render: true });
  };
  // GET only: HEAD comes with it (Fastify answers HEAD from the GET route without a body).
  app.get('/', { schema: { hide: true } }, sendAnyPage);
  app.get('/*', { schema: { hide: true } }, sendAnyPage);
}
