import { matchRoutes } from 'react-router-dom';
import { federationName, type RemoteMap } from '@beabro/shared/contract/remote-contract';
import { AREA_ROUTES } from '../../config/area-routes';
import { preloadRemoteArea } from './load-remote-area';
import { replaceRemote } from './replace-remote';

export type RemoteMapState = { status: 'ready'; map: RemoteMap } | { status: 'unavailable'; reason: string };

function isRemoteMap(value: unknown): value is RemoteMap {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/**
 * Reads the runtime remote map (name -> manifest URL) and registers every remote with the Module
 * Federation runtime. Deploying a remote only changes this map: the shell is never rebuilt.
 */
export async function loadRemoteMap(url = '/remotes.json', fetchImpl: typeof fetch = fetch): Promise<RemoteMapState> {
  try {
    const response = await fetchImpl(url, { cache: 'no-store' });
    if (!response.ok) return { status: 'unavailable', reason: `The remote map answered ${response.status}.` };
    const body: unknown = await response.json();
    if (!isRemoteMap(body)) return { status: 'unavailable', reason: 'The remote map is malformed.' };
    return applyRemoteMap(body);
  } catch {
    return { status: 'unavailable', reason: 'The remote map could not be loaded.' };
  }
}

/** Registers every remote of a map the page already has (the server writes it into the page). */
export function applyRemoteMap(map: RemoteMap): RemoteMapState {
  for (const [name, entry] of Object.entries(map)) registerRemote(name, entry);
  preloadDeepLinkArea(window.location.pathname, map);
  return { status: 'ready', map };
}

/**
 * (Re-)registers one remote, dropping whatever the runtime cached for it, including a failed remoteEntry
 * load, so Retry after an outage really fetches the remote again.
 */
export function registerRemote(name: string, entry: string) {
  replaceRemote(federationName(name), new URL(entry, window.location.href).href);
}

/**
 * Removes the server-rendered page's script preload links for one remote's files and says how many there
 * were. A preload that failed in an outage is not fetched again: the browser hands its error to the first
 * script that asks for the same URL, once per preload, even after the link is gone. Retry on a
 * server-rendered deep link therefore tries that many times more before it reports the area unavailable.
 */
export function dropPreloads(entry: string, doc: Document = document): number {
  const base = new URL('.', new URL(entry, doc.baseURI)).href;
  let scripts = 0;
  for (const link of Array.from(
    doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"], link[rel="modulepreload"]'),
  )) {
    if (!link.href.startsWith(base)) continue;
    if (link.as === 'script' || link.rel === 'modulepreload') scripts += 1;
    link.remove();
  }
  return scripts;
}

/**
 * The page was opened on `pathname`: start loading the area that route renders now, in parallel with
 * the shell's first render, rather than when its route mounts (one round trip chain earlier). Not the operator
 * console: nobody but an operator loads its script.
 */
export function preloadDeepLinkArea(pathname: string, map: RemoteMap) {
  const match = matchRoutes(
    AREA_ROUTES.map((route) => ({ path: route.path })),
    pathname,
  )?.at(-1);
  const route = AREA_ROUTES.find((candidate) => candidate.path === match?.route.path);
  // The operator console is loaded only once the session is known to be an operator's (RouteGuard).
  if (route && route.access !== 'operator' && map[route.remote] !== undefined)
    preloadRemoteArea(route.remote, route.module);
}
