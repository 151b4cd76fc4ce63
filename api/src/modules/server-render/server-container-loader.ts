import { readFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/**
 * Server containers of remotes served by this server are registered under this origin and read from
 * disk (no request to ourselves); any other http(s) URL is fetched.
 */
export const LOCAL_ORIGIN = 'http://site.local';

/** The folder of each local URL prefix: `/remotes/<name>/` -> `<siteDir>/<name>/dist/`, `/releases/` -> RELEASES_DIR. */
export interface LocalFolders {
  siteDir: string;
  releasesDir: string;
  remoteNames: readonly string[];
}

/** Where a remote's server container is, from the entry the browser loads (its mf-manifest.json or remoteEntry.js). */
export function serverEntryUrl(browserEntry: string): string | null {
  const match = /^(.*\/)(?:mf-manifest\.json|remoteEntry\.js)(?:[?#].*)?$/.exec(browserEntry);
  if (!match) return null;
  const folder = match[1] ?? '/';
  if (/^https?:\/\//.test(folder)) return `${folder}server/remoteEntry.js`;
  if (folder.startsWith('/')) return `${LOCAL_ORIGIN}${folder}server/remoteEntry.js`;
  return null;
}

/** The file behind a local URL, or null when it is not one of ours (never outside the served folders). */
export function localFile(url: URL, folders: LocalFolders): string | null {
  if (url.origin !== LOCAL_ORIGIN) return null;
  let segments: string[];
  try {
    segments = decodeURIComponent(url.pathname).split('/').filter(Boolean);
  } catch {
    return null; // a malformed %-escape names no file
  }
  if (segments.some((s) => s === '..' || s === '.' || s.includes('\\'))) return null;
  const [prefix, name, ...rest] = segments;
  if (prefix === 'remotes' && name && folders.remoteNames.includes(name))
    return path.join(folders.siteDir, name, 'dist', ...rest);
  if (prefix === 'releases' && name) return path.join(folders.releasesDir, name, ...rest);
  return null;
}

export class ContainerLoadError extends Error {}

/** Reads the code of a server container: a local file, or an http(s) answer that must be 200 within the time limit. */
async function readContainerCode(entryUrl: string, folders: LocalFolders, timeoutMs: number): Promise<string> {
  let url: URL;
  try {
    url = new URL(entryUrl);
  } catch {
    throw new ContainerLoadError(`invalid server entry URL ${entryUrl}`);
  }
  const file = localFile(url, folders);
  if (url.origin === LOCAL_ORIGIN) {
    if (!file) throw new ContainerLoadError(`no local file for ${url.pathname}`);
    try {
      return await readFile(file, 'utf8');
    } catch {
      throw new ContainerLoadError(`no server bundle at ${url.pathname}`);
    }
  }
  // Its code runs in this process: https only (plain http only from this machine), and no redirects.
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ContainerLoadError(
      `${entryUrl} is not https: server bundles are loaded over https only (http only from localhost)`,
    );
  }
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    throw new ContainerLoadError(
      `fetching ${entryUrl} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // The federation loader would run a 404 page as JavaScript.
  if (!response.ok) throw new ContainerLoadError(`${entryUrl} answered ${response.status}`);
  return response.text();
}

/**
 * Fetches and evaluates a remote's server container (a `commonjs-module` build), for the shell's server
 * renderer. The code runs in this process, like the remote's code runs in every visitor's browser:
 * only remotes of the live remote map (configured by the operator) are ever loaded.
 */
export function createServerContainerLoader(folders: LocalFolders, timeoutMs: number) {
  // A container only needs Node's own modules (its runtime reads files and runs chunks with fs, path, vm).
  const requireFromHere = createRequire(import.meta.url);
  const requireForContainers = ((id: string) => {
    if (!isBuiltin(id))
      throw new ContainerLoadError(`a server bundle may only require Node's built-in modules, not "${id}"`);
    return requireFromHere(id);
  }) as NodeJS.Require;
  return async (entryUrl: string, globalName: string): Promise<unknown> => {
    const code = await readContainerCode(entryUrl, folders, timeoutMs);
    const module: { exports: Record<string, unknown> } = { exports: {} };
    const filename = new URL(entryUrl).pathname;
    const run = new vm.Script(`(function (exports, module, require, __dirname, __filename) {${code}\n})`, {
      filename: entryUrl,
    }).runInThisContext() as (
      exports: unknown,
      module: unknown,
      require: NodeJS.Require,
      dirname: string,
      filename: string,
    ) => void;
    run(module.exports, module, requireForContainers, path.posix.dirname(filename), filename);
    const exported = module.exports;
    const container = (globalName && exported[globalName]) || exported;
    if (
      typeof (container as { get?: unknown }).get !== 'function' ||
      typeof (container as { init?: unknown }).init !== 'function'
    ) {
      throw new ContainerLoadError(`${entryUrl} is not a federation container`);
    }
    return container;
  };
}
