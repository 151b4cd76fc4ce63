import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import registry from '@beabro/shared/contract/remotes.json' with { type: 'json' };
import type { PageRender } from '@beabro/shared/contract/page-state';
import type { RemoteMap } from '@beabro/shared/contract/remote-contract';
import { createRendererSupervisor, type RendererApiRequest } from './renderer-supervisor';
import {
  localFile,
  readServerContainerCode,
  LOCAL_ORIGIN,
  serverEntryUrl,
  type LocalFolders,
} from './server-container-loader';
import type { PagePreload } from './page-html';

/** Remotes that build a server bundle (remotes.json "ssr"). */
const SERVER_RENDERED_REMOTES = new Set(
  registry.remotes.filter((r) => 'ssr' in r && r.ssr === true).map((r) => r.name),
);

/**
 * The API reads the renderer may make: exactly the public data the server-rendered areas prefetch, as a visitor.
 * Nothing else (the dev mailbox, health, session, token links, writes) is readable by it.
 */
const RENDERER_READABLE_PATHS: readonly RegExp[] = [
  /^\/api\/site-config$/,
  /^\/api\/discover$/,
  /^\/api\/creators\/[^/]+$/,
  /^\/api\/creators\/[^/]+\/posts$/,
  /^\/api\/creators\/[^/]+\/posts\/[^/]+$/,
  /^\/api\/creators\/[^/]+\/wall$/,
];

/**
 * The path of a renderer's API read when it is one of the readable ones, else null. Only a plain address is
 * taken: no dot segment (`/api/../x`, encoded or not), no empty segment (`//`), no encoded slash or backslash, no
 * fragment; the path is then matched exactly, as the API's router would route it.
 */
export function rendererReadablePath(url: string): string | null {
  if (!url.startsWith('/') || url.includes('#') || url.includes('\\')) return null;
  const queryAt = url.indexOf('?');
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  if (/%(?:2e|2f|5c|00)/i.test(pathname) || pathname.includes('//')) return null;
  const segments = pathname.split('/').slice(1);
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  return RENDERER_READABLE_PATHS.some((allowed) => allowed.test(pathname)) ? pathname : null;
}

export interface ServerRenderOptions extends LocalFolders {
  /** The built shell (shell/dist): its server bundle is server/server.cjs. */
  shellDist: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** The live remote map, read every second while the renderer runs: a new release of an area restarts it. */
  readRemoteMap: () => Promise<RemoteMap>;
}

/** How often the live remote map is checked for a new release while the renderer runs. */
export const RELEASE_CHECK_MS = 1_000;

/** Where the server loads each server-rendered remote from, given the live remote map. */
export function serverEntriesOf(remoteMap: RemoteMap): RemoteMap {
  const entries: RemoteMap = {};
  for (const [name, entry] of Object.entries(remoteMap)) {
    if (!SERVER_RENDERED_REMOTES.has(name)) continue;
    const url = serverEntryUrl(entry);
    if (url) entries[name] = url;
  }
  return entries;
}

/**
 * Renders visitors' pages on the server with the shell's server bundle, in the renderer process (see
 * renderer-supervisor.ts), never in this one: remotes' server code sees no secret and no
 * database. The renderer is started the first time a page is asked for, and again when the shell is
 * rebuilt. Anything that goes wrong leaves the page to the browser: a missing shell bundle or a renderer
 * that is down, slow or failing sends the plain shell page; a failing area is rendered in the browser by
 * the shell (logged once per remote, entry and reason).
 */
export function createPageRendererService(app: FastifyInstance, options: ServerRenderOptions) {
  const bundlePath = path.join(options.shellDist, 'server', 'server.cjs');
  let startedFrom: string | null = null;
  const logged = new Set<string>();

  const logOnce = (key: string, log: () => void) => {
    if (logged.has(key)) return;
    if (logged.size > 1000) logged.clear();
    logged.add(key);
    log();
  };

  /**
   * The renderer's requests for data, answered like a visitor's: reads of the public data areas prefetch only
   * (rendererReadablePath), with no cookie or credential whatever the renderer's code sends.
   */
  const api = async (request: RendererApiRequest) => {
    const method = request.method.toUpperCase();
    const url = request.url;
    if ((method !== 'GET' && method !== 'HEAD') || rendererReadablePath(url) === null) {
      return { status: 403, headers: { 'content-type': 'application/json' }, body: '{"message":"Forbidden"}' };
    }
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(request.headers)) {
      const name = key.toLowerCase();
      if (name === 'accept' || name === 'accept-language' || name === 'content-type') headers[name] = value;
    }
    // A Host this server always answers (see plugins/trusted-host): inject's own default is localhost:80.
    headers.host = `localhost:${app.config.port}`;
    const answer = await app.inject({ method: method as 'GET', url, headers });
    // An area's data that did not load leaves its loading state in the page: say why (404s are answers).
    if (answer.statusCode >= 400 && answer.statusCode !== 404) {
      logOnce(`api:${answer.statusCode}:${url.split('?')[0] ?? url}`, () =>
        options.log.warn(
          { url, status: answer.statusCode },
          `server rendering: ${method} ${url} answered ${answer.statusCode}`,
        ),
      );
    }
    const responseHeaders: Record<string, string> = {};
    for (const [key, value] of Object.entries(answer.headers)) {
      if (value !== undefined) responseHeaders[key] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    return { status: answer.statusCode, headers: responseHeaders, body: answer.body };
  };

  const renderer = createRendererSupervisor({
    shellBundle: bundlePath,
    timeoutMs: options.timeoutMs,
    containerCode: (entryUrl) => readServerContainerCode(entryUrl, options, options.timeoutMs),
    api,
    onAreaFallback: ({ remote, module, reason }) =>
      logOnce(`${remote}|${module}|${reason}`, () =>
        options.log.warn({ remote, module, reason }, `${remote} ${module} renders in the browser: ${reason}`),
      ),
    log: options.log,
  });
  app.addHook('onClose', async () => renderer.close());

  /** The shell bundle's version, and the code a renderer runs with it for a remote map. */
  const versionOf = (serverEntries: RemoteMap) => {
    const version = `${bundlePath}:${statSync(bundlePath).mtimeMs}`;
    return { version, code: `${version}\n${JSON.stringify(serverEntries)}` };
  };
  /**
   * A rebuilt shell: the browser gets it at once, and a page rendered with the old one would not hydrate. A new
   * release of an area (a deploy, a rollback, a reset): nothing of the code the renderer ran before, timers,
   * patched globals or a cached container, keeps running beside it. Either ends the running renderer.
   */
  const stopIfChanged = (code: string) => {
    if (startedFrom !== null && startedFrom !== code) renderer.stop();
    startedFrom = code;
  };
  // Checked while the renderer runs, not only when the next page comes: an idle renderer ends with its release.
  const checkRelease = async () => {
    if (renderer.pid() === undefined) return;
    try {
      const remoteMap = await options.readRemoteMap();
      if (existsSync(bundlePath)) stopIfChanged(versionOf(serverEntriesOf(remoteMap)).code);
    } catch (error) {
      options.log.warn({ err: error }, 'the live remote map could not be read');
    }
  };
  const releaseCheck = setInterval(() => void checkRelease(), RELEASE_CHECK_MS);
  releaseCheck.unref();
  app.addHook('onClose', async () => clearInterval(releaseCheck));

  /** The server-rendered page, or null when this page is rendered in the browser (or rendering failed). */
  async function render(url: string, remoteMap: RemoteMap): Promise<PageRender | null> {
    if (!existsSync(bundlePath)) return null;
    const serverEntries = serverEntriesOf(remoteMap);
    const { version, code } = versionOf(serverEntries);
    stopIfChanged(code);
    // The same page for every visitor: rendered once per moment however many ask (recent-pages.ts).
    return app.recentPages.get(url, `${version}\n${JSON.stringify(remoteMap)}`, () =>
      renderer.render({ url, remoteMap, serverEntries }),
    );
  }

  /** Preload hints for an area's browser files, from its manifest when this server holds it. */
  async function preloadsFor(area: PageRender['area'], remoteMap: RemoteMap): Promise<PagePreload[]> {
    if (!area) return [];
    const manifestUrl = remoteMap[area.remote];
    if (!manifestUrl || !/^\/.*mf-manifest\.json$/.test(manifestUrl)) return [];
    try {
      const file = localFile(new URL(manifestUrl, LOCAL_ORIGIN), options);
      if (!file) return [];
      const manifest = JSON.parse(await readFile(file, 'utf8')) as ManifestShape;
      const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
      const entry = manifest.metaData?.remoteEntry;
      const expose = manifest.exposes?.find((e) => e.path === area.module);
      const scripts = [
        entry?.name ? `${entry.path ?? ''}${entry.name}` : null,
        ...(expose?.assets?.js?.sync ?? []),
      ].filter((s): s is string => Boolean(s));
      return [
        { href: manifestUrl, as: 'fetch' },
        ...scripts.map((s) => ({ href: `${base}${s.replace(/^\//, '')}`, as: 'script' as const })),
      ];
    } catch {
      return [];
    }
  }

  return { render, preloadsFor, rendererPid: renderer.pid };
}

interface ManifestShape {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
}
