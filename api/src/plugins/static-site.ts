import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { VERIFY_EMAIL_PAGE_PATH } from '@beabro/shared/api-schemas/email-verification';
import { RESET_PASSWORD_PAGE_PATH } from '@beabro/shared/api-schemas/password-reset';
import { CANCEL_LINK_PAGE_PATH, CONFIRM_RENEWAL_PAGE_PATH } from '@beabro/shared/api-schemas/subscriptions';
import { canonicalCreatorPath } from '@beabro/shared/data/canonical-creator-path';
import { POST_UNSUBSCRIBE_PAGE_PATH } from '@beabro/shared/data/post-audience';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env';
import { SESSION_COOKIE } from '../modules/auth/session-service';
import { defaultPreviewImage } from '../modules/link-preview/default-preview-image';
import { findRenamedUsername } from '../modules/usernames/usernames-repository';
import {
  DEFAULT_PREVIEW_IMAGE_PATH,
  getLinkPreview,
  getPostLinkPreview,
  injectLinkPreview,
  creatorPageOf,
  creatorPostPageOf,
  profileUsernameFromPath,
  type LinkPreview,
} from '../modules/link-preview/link-preview-service';
import { FIRST_USE_LOADER } from '../modules/page-rendering/first-use-loader';
import { composePage } from '../modules/page-rendering/page-html';
import { createPageRendererService } from '../modules/page-rendering/page-renderer-service';
import { isEmbeddableCheckout, pageSecurityPolicy } from '../modules/page-rendering/page-security-policy';
import { createRemoteMapReader } from '../routes/remote-map';

const HASHED_ASSET = /\.[0-9a-f]{10}\.(js|css|map)$/;
/** Entry points that must always be revalidated so a deploy shows up on the next load. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-manifest-stats.json']);

/** /embed.js is pasted into other websites under this one URL: a fix reaches them within minutes (ETag revalidates it after that). */
const EMBED_SCRIPT = 'embed.js';

/** Pages whose link (from an email) carries a token: their answer is never stored by a cache. */
const TOKEN_PAGE_PATHS: ReadonlySet<string> = new Set([
  VERIFY_EMAIL_PAGE_PATH,
  RESET_PASSWORD_PAGE_PATH,
  CANCEL_LINK_PAGE_PATH,
  CONFIRM_RENEWAL_PAGE_PATH,
  POST_UNSUBSCRIBE_PAGE_PATH,
]);

export function cacheControlFor(filePath: string): string {
  const file = path.basename(filePath);
  if (ALWAYS_REVALIDATE.has(file)) return 'no-cache';
  if (file === EMBED_SCRIPT) return 'public, max-age=300';
  if (HASHED_ASSET.test(file)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

function setCacheHeaders(res: { setHeader: (name: string, value: string) => void }, filePath: string) {
  res.setHeader('Cache-Control', cacheControlFor(filePath));
}

/**
 * Production serving: the built shell at `/`, each remote's build under `/remotes/<name>/`, and
 * the shell page for every client-side route. A visitor's (no session cookie) public page is rendered
 * on the server by the shell's server bundle and hydrated in the browser; signed-in pages, and any page
 * the server cannot render, are rendered in the browser. Every shell page names the live remote map.
 * For `/{username}` the page carries that creator's OpenGraph and Twitter card tags, and an unknown
 * username is a 404.
 */
export async function staticSite(
  app: FastifyInstance,
  { config, remoteNames }: { config: AppConfig; remoteNames: readonly string[] },
) {
  const shellDist = path.join(config.siteDir, 'shell', 'dist');
  const shellIndex = path.join(shellDist, 'index.html');
  if (!existsSync(shellIndex)) {
    app.log.warn(`No shell build at ${shellDist}: run "pnpm build" first. Only /api is served.`);
  }

  // Source maps show the source: served only when asked for (SERVE_SOURCE_MAPS, e.g. for the benchmark).
  const mapAllowed = (pathName: string) => config.serveSourceMaps || !pathName.endsWith('.map');

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    wildcard: false,
    cacheControl: false,
    setHeaders: setCacheHeaders,
    // The shell's server bundle is for this server only.
    allowedPath: (pathName) => !pathName.startsWith('/server/') && mapAllowed(pathName),
  });

  for (const name of remoteNames) {
    const dist = path.join(config.siteDir, name, 'dist');
    if (!existsSync(dist)) {
      app.log.warn(`No build for ${name} at ${dist}: its area will show "unavailable" until it is built.`);
      continue;
    }
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      // Its server bundle is for the renderer only (read from disk by this server).
      allowedPath: (pathName) => !pathName.startsWith('/server/') && mapAllowed(pathName),
    });
  }

  // Releases made by `pnpm deploy:remote`, each in its own versioned folder (see modules/releases).
  // live.json and history.jsonl are bookkeeping, not site files.
  mkdirSync(config.releasesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.releasesDir,
    prefix: '/releases/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: setCacheHeaders,
    // A release's server bundle is for the renderer only.
    allowedPath: (pathName) =>
      /^\/[a-z0-9-]+\/[A-Za-z0-9][A-Za-z0-9._-]*\/./.test(pathName) &&
      !/^\/[^/]+\/[^/]+\/server\//.test(pathName) &&
      mapAllowed(pathName),
  });

  const readRemoteMap = createRemoteMapReader(config);
  const pageRenderer = createPageRendererService(app, {
    shellDist,
    siteDir: config.siteDir,
    releasesDir: config.releasesDir,
    remoteNames,
    timeoutMs: config.serverRenderTimeoutMs,
    log: app.log,
  });

  const sendNotBuilt = (reply: FastifyReply) =>
    reply.code(503).type('text/plain').send('The site has not been built yet. Run "pnpm build".');

  const siteOrigin = (request: FastifyRequest) =>
    (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  /**
   * The shell page for `url`: rendered on the server for a visitor, or left to the browser; the shell
   * page is read per request so a redeploy shows up at once. `preview` is a creator's link preview.
   */
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    {
      status,
      preview,
      render,
      atOnce = false,
      view,
    }: {
      status: number;
      preview?: LinkPreview;
      render: boolean;
      /**
       * Hydrate as soon as the page loads (the checkout, whose form needs code). Every other server-rendered page
       * works as plain HTML and runs no code until the visitor first uses it (first-use-loader.ts).
       */
      atOnce?: boolean;
      /** A creator's page: its view is counted as it opens, even if it is never used (first-use-loader.ts). */
      view?: { username: string; page: 'profile' };
    },
  ) => {
    if (!existsSync(shellIndex)) return sendNotBuilt(reply);
    const template = await readFile(shellIndex, 'utf8');
    const remoteMap = await readRemoteMap();
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    const rendered =
      render && config.serverRender && !signedIn ? await pageRenderer.render(request.url, remoteMap) : null;
    let html = composePage(template, {
      rootHtml: rendered?.html ?? '',
      state: rendered?.state ?? { remoteMap, render: null },
      preloads: await pageRenderer.preloadsFor(rendered?.area ?? null, remoteMap),
      // Only a page whose content the server rendered works before its code: an area left to the browser (`/auth`,
      // or one that fell back) or data that did not load shows a loading state until the code runs, which then loads
      // at once.
      firstUseLoader:
        rendered &&
        (rendered.area === null || rendered.area.rendered) &&
        !rendered.incomplete &&
        !atOnce &&
        config.firstUseHydration
          ? FIRST_USE_LOADER.path
          : undefined,
      view,
      title: rendered?.title,
    });
    if (preview) html = injectLinkPreview(html, preview);
    // "Page not found" rendered by the server is a 404 too.
    const code = rendered && rendered.area === null ? 404 : status;
    // Only the embeddable checkout may be framed by other sites; CSP frame-ancestors says by whom, and the
    // older X-Frame-Options (which cannot name them) is dropped for it alone.
    const [pathname = '/', query = ''] = request.url.split('?');
    const embeddable = isEmbeddableCheckout(pathname, new URLSearchParams(query));
    if (embeddable) reply.removeHeader('X-Frame-Options');
    reply
      .code(code)
      // A page opened from an email carries its token in the address and shows what it is for: kept nowhere.
      .header('Cache-Control', TOKEN_PAGE_PATHS.has(pathname) ? 'no-store' : 'no-cache')
      // Compressed by @fastify/compress when the browser takes it; said even when it does not, for caches
      // (lower case: the plugin adds the name only when it does not find it written so).
      .header('Vary', 'Cookie, accept-encoding')
      .header(
        'Content-Security-Policy',
        pageSecurityPolicy(remoteMap, { embeddable, stripe: config.payments.provider === 'stripe' }),
      )
      .type('text/html; charset=utf-8');
    return reply.send(html);
  };

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
      ? sendPage(request, reply, { status: 200, render: true, atOnce: true })
      : sendRenamedOrNotFound(request, reply, username, '/support');
  };

  app.get(FIRST_USE_LOADER.path, { schema: { hide: true } }, (_req, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .type('text/javascript; charset=utf-8')
      .send(FIRST_USE_LOADER.source),
  );

  app.get(DEFAULT_PREVIEW_IMAGE_PATH, (_req, reply) =>
    reply.header('Cache-Control', 'public, max-age=86400').type('image/png').send(defaultPreviewImage()),
  );

  /**
   * Every address the site's router knows is a page, answered by one real route (so @fastify/compress
   * compresses it like any other response). Files are served by the static plugins above, whose routes are
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

  // Other methods on an address nothing answers.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') return reply.code(404).send({ message: 'Not found' });
    return reply.code(404).type('text/plain').send('Not found');
  });
}
