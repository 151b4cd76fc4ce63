import { readFile } from 'node:fs/promises';
import path from 'node:path';

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

/**
 * Reads the code of a remote's server container for the renderer (which evaluates it: see
 * renderer-process.mjs): a local file, or an http(s) answer that must be 200 within the time limit.
 */
export async function readServerContainerCode(
  entryUrl: string,
  folders: LocalFolders,
  timeoutMs: number,
): Promise<string> {
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
  // Code that renders pages: https only (plain http only from this machine), and no redirects.
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
