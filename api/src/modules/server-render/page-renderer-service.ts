import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import registry from '@beabro/shared/contract/remotes.json' with { type: 'json' };
import type { PageRender, PageRenderer, ShellServerBundle } from '@beabro/shared/contract/page-state';
import type { RemoteMap } from '@beabro/shared/contract/remote-contract';
import {
  createServerContainerLoader,
  localFile,
  LOCAL_ORIGIN,
  serverEntryUrl,
  type LocalFolders,
} from './server-container-loader';
import type { PagePreload } from './page-html';

/** Remotes that build a server bundle (remotes.json "ssr"). */
const SERVER_RENDERED_REMOTES = new Set(
  registry.remotes.filter((r) => 'ssr' in r && r.ssr === true).map((r) => r.name),
);

export interface ServerRenderOptions extends LocalFolders {
  /** The built shell (shell/dist): its server bundle is server/server.cjs. */
  shellDist: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

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
 * Renders visitors' pages on the server with the shell's server bundle, which is loaded at run time
 * (never imported at build time) the first time a page is asked for. Anything that goes wrong leaves
 * the page to the browser: a missing or failing shell bundle sends the plain shell page; a failing
 * area is rendered in the browser by the shell (logged once per remote, entry and reason).
 */
export function createPageRendererService(app: FastifyInstance, options: ServerRenderOptions) {
  const bundlePath = path.join(options.shellDist, 'server', 'server.cjs');
  let renderer: Promise<PageRenderer> | null = null;
  let loadedFrom: string | null = null;
  const logged = new Set<string>();

  const logOnce = (key: string, log: () => void) => {
    if (logged.has(key)) return;
    if (logged.size > 1000) logged.clear();
    logged.add(key);
    log();
  };

  const apiTransport = async (url: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    // A Host this server always answers (see plugins/trusted-host): inject's own default is localhost:80.
    headers.host = `localhost:${app.config.port}`;
    const method = (init.method ?? 'GET').toUpperCase() as 'GET';
    const answer = await app.inject({
      method,
      url,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    // An area's data that did not load leaves its loading state in the page: say why (404s are answers).
    if (answer.statusCode >= 400 && answer.statusCode !== 404) {
      logOnce(`api:${answer.statusCode}:${url.split('?')[0] ?? url}`, () =>
        options.log.warn(
          { url, status: answer.statusCode },
          `server rendering: ${method} ${url} answered ${answer.statusCode}`,
        ),
      );
    }
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(answer.headers)) {
      if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(answer.statusCode === 204 ? null : answer.body, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };

  function load(): Promise<PageRenderer> | null {
    if (!existsSync(bundlePath)) return null;
    const version = `${bundlePath}:${statSync(bundlePath).mtimeMs}`;
    if (renderer && loadedFrom === version) return renderer;
    if (loadedFrom !== null) {
      // A rebuilt shell: the browser gets it at once, and rendering with the old one would not hydrate.
      // The federation host lives in this process, so pages render in the browser until a restart.
      logOnce(`shell-changed:${version}`, () =>
        options.log.warn(
          'The shell was rebuilt: pages render in the browser until the server restarts with the new shell.',
        ),
      );
      return null;
    }
    loadedFrom = version;
    const bundle = createRequire(import.meta.url)(bundlePath) as ShellServerBundle;
    renderer = bundle.createPageRenderer({
      apiTransport,
      loadContainer: createServerContainerLoader(options, options.timeoutMs),
      timeoutMs: options.timeoutMs,
      onAreaFallback: ({ remote, module, reason }) =>
        logOnce(`${remote}|${module}|${reason}`, () =>
          options.log.warn({ remote, module, reason }, `${remote} ${module} renders in the browser: ${reason}`),
        ),
    });
    renderer.catch(() => {
      renderer = null;
    });
    return renderer;
  }

  /** The server-rendered page, or null when this page is rendered in the browser (or rendering failed). */
  async function render(url: string, remoteMap: RemoteMap): Promise<PageRender | null> {
    try {
      const loaded = load();
      if (!loaded) return null;
      return await (await loaded).render({ url, remoteMap, serverEntries: serverEntriesOf(remoteMap) });
    } catch (error) {
      logOnce(`render:${error instanceof Error ? error.message : String(error)}`, () =>
        options.log.error({ err: error, url }, 'server rendering failed; the page renders in the browser'),
      );
      return null;
    }
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

  return { render, preloadsFor };
}

interface ManifestShape {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
}
