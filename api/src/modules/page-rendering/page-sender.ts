import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { VERIFY_EMAIL_PAGE_PATH } from '@beabro/shared/api-schemas/email-verification';
import { RESET_PASSWORD_PAGE_PATH } from '@beabro/shared/api-schemas/password-reset';
import {
  CANCEL_LINK_PAGE_PATH,
  CONFIRM_CHANGE_PAGE_PATH,
  CONFIRM_RENEWAL_PAGE_PATH,
} from '@beabro/shared/api-schemas/subscriptions';
import { POST_UNSUBSCRIBE_PAGE_PATH } from '@beabro/shared/data/post-audience';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env';
import { createRemoteMapReader } from '../../routes/remote-map';
import { configuredCapabilities } from '../payments/configured-provider';
import { hasSecretQuery } from '../../lib/url-secrets';
import { SESSION_COOKIE } from '../sessions/session-service';
import { injectLinkPreview, type LinkPreview } from '../link-preview/link-preview-service';
import { FIRST_USE_LOADER } from './first-use-loader';
import { composePage } from './page-html';
import { createPageRendererService } from './page-renderer-service';
import { isEmbeddableCheckout, pageSecurityPolicy } from './page-security-policy';

/** Pages whose link (from an email) carries a token: their answer is never stored by a cache. */
const TOKEN_PAGE_PATHS: ReadonlySet<string> = new Set([
  VERIFY_EMAIL_PAGE_PATH,
  RESET_PASSWORD_PAGE_PATH,
  CANCEL_LINK_PAGE_PATH,
  CONFIRM_RENEWAL_PAGE_PATH,
  CONFIRM_CHANGE_PAGE_PATH,
  POST_UNSUBSCRIBE_PAGE_PATH,
]);

/** A token page's address in any case, with or without a trailing slash (the router matches them all). */
function isTokenPage(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not an address the router matches either.
  }
  return TOKEN_PAGE_PATHS.has(decoded.toLowerCase().replace(/(?<=.)\/+$/, ''));
}

export interface PageOptions {
  status: number;
  /** A creator's link preview. */
  preview?: LinkPreview;
  render: boolean;
  /** A creator's page: its view is counted as it opens, even if it is never used (first-use-loader.ts). */
  view?: { username: string; page: 'profile' | 'support' };
}

export type SendPage = (request: FastifyRequest, reply: FastifyReply, options: PageOptions) => Promise<FastifyReply>;

/**
 * Sends the shell page for a request: rendered on the server for a visitor (no session cookie), or left to the
 * browser; the shell page is read per request so a redeploy shows up at once. Every page names the live remote
 * map and carries the site's security policy.
 */
/**
 * What a page opened from an email's link says with JavaScript off: it is rendered in the browser only (its token never
 * reaches the renderer), so it says so rather than showing nothing. Written by the API, never by an area's code.
 */
export const SECRET_PAGE_NOSCRIPT =
  '<noscript><main style="max-width:40rem;margin:3rem auto;padding:0 1rem;font-family:system-ui,sans-serif">' +
  '<h1>Be a Bro</h1><p>This page opens the link from one of our emails, and it needs JavaScript to do that: turn ' +
  'JavaScript on for this site, then reload the page.</p><p><a href="/">Go to Be a Bro</a></p></main></noscript>';

export function createPageSender(
  app: FastifyInstance,
  { config, remoteNames, shellDist }: { config: AppConfig; remoteNames: readonly string[]; shellDist: string },
): SendPage {
  const shellIndex = path.join(shellDist, 'index.html');
  const readRemoteMap = createRemoteMapReader(config);
  const pageRenderer = createPageRendererService(app, {
    shellDist,
    siteDir: config.siteDir,
    releasesDir: config.releasesDir,
    remoteNames,
    timeoutMs: config.serverRenderTimeoutMs,
    log: app.log,
    readRemoteMap,
  });

  const sendNotBuilt = (reply: FastifyReply) =>
    reply.code(503).type('text/plain').send('The site has not been built yet. Run "pnpm build".');

  return async (request, reply, { status, preview, render, view }) => {
    if (!existsSync(shellIndex)) return sendNotBuilt(reply);
    const template = await readFile(shellIndex, 'utf8');
    const remoteMap = await readRemoteMap();
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const query = queryAt < 0 ? '' : request.url.slice(queryAt + 1);
    // A page whose address carries a secret (an email link's token) is never given to the renderer, which runs
    // code deployed by a remote's team: the browser renders it from its own address (the shell's loading state
    // until then).
    const carriesSecret = hasSecretQuery(query);
    // The checkout in a creator's website's overlay (`/embed.js`) was opened by the visitor to be used: at once.
    const embeddable = isEmbeddableCheckout(pathname, new URLSearchParams(query));
    const rendered =
      render && config.serverRender && !signedIn && !carriesSecret
        ? await pageRenderer.render(request.url, remoteMap)
        : null;
    let html = composePage(template, {
      rootHtml: rendered?.html ?? (carriesSecret ? SECRET_PAGE_NOSCRIPT : ''),
      state: rendered?.state ?? { remoteMap, render: null },
      preloads: await pageRenderer.preloadsFor(rendered?.area ?? null, remoteMap),
      // Only a page whose content the server rendered works before its code: an area left to the browser (`/auth`,
      // or one that fell back) or data that did not load shows a loading state until the code runs, which then loads
      // at once.
      firstUseLoader:
        rendered &&
        (rendered.area === null || rendered.area.rendered) &&
        !rendered.incomplete &&
        !embeddable &&
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
    if (embeddable) reply.removeHeader('X-Frame-Options');
    reply
      .code(code)
      // A page opened from an email carries its token in the address and shows what it is for: kept nowhere.
      .header('Cache-Control', carriesSecret || isTokenPage(pathname) ? 'no-store' : 'no-cache')
      // Compressed by @fastify/compress when the browser takes it; said even when it does not, for caches
      // (lower case: the plugin adds the name only when it does not find it written so).
      .header('Vary', 'Cookie, accept-encoding')
      .header(
        'Content-Security-Policy',
        pageSecurityPolicy(remoteMap, {
          embeddable,
          stripe: configuredCapabilities(config.payments).cardField === 'stripe-elements',
        }),
      )
      .type('text/html; charset=utf-8');
    return reply.send(html);
  };
}
