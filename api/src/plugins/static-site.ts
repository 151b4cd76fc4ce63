import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env';
import { defaultPreviewImage } from '../modules/link-preview/default-preview-image';
import { DEFAULT_PREVIEW_IMAGE_PATH } from '../modules/link-preview/link-preview-service';
import { pageRoutes } from '../modules/page-rendering/page-routes';

const HASHED_ASSET = /\.[0-9a-f]{10}\.(js|css|map)$/;
/** Entry points that must always be revalidated so a deploy shows up on the next load. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-manifest-stats.json']);

/** /embed.js is pasted into other websites under this one URL: a fix reaches them within minutes (ETag revalidates it after that). */
const EMBED_SCRIPT = 'embed.js';

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
 * Production serving: the built shell at `/`, each remote's build under `/remotes/<name>/`, each release under
 * `/releases/<name>/<version>/` (never a server bundle), and, through the page-rendering module
 * (modules/page-rendering/page-routes.ts), the shell page for every client-side route, rendered on the server
 * for a visitor.
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

  app.get(DEFAULT_PREVIEW_IMAGE_PATH, (_req, reply) =>
    reply.header('Cache-Control', 'public, max-age=86400').type('image/png').send(defaultPreviewImage()),
  );

  // Every other address the site's router knows is a page (rendered on the server for a visitor).
  await app.register(pageRoutes, { config, remoteNames, shellDist });

  // Other methods on an address nothing answers.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') return reply.code(404).send({ message: 'Not found' });
    return reply.code(404).type('text/plain').send('Not found');
  });
}
