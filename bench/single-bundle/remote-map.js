// Replaces shell/src/features/remotes/remote-map.ts in the single-bundle build: every area is bundled,
// so there is no runtime remote map to fetch and nothing to register. The deep link's area chunk
// still starts loading as early as the composed shell starts loading its remote, so the comparison
// measures federation, not a difference in preloading.
import { matchRoutes } from 'react-router-dom';
import registry from '../../shared/src/contract/remotes.json';
import { AREA_ROUTES } from '../../shell/src/config/area-routes.ts';
import { preloadRemoteArea } from '../../shell/src/features/remotes/load-remote-area.ts';

const BUNDLED = Object.fromEntries(registry.remotes.map((remote) => [remote.name, 'bundled']));

export async function loadRemoteMap() {
  return applyRemoteMap();
}

/** The server names the live remote map in the page; every area is bundled here, so it is not needed. */
export function applyRemoteMap() {
  const match = matchRoutes(
    AREA_ROUTES.map((route) => ({ path: route.path })),
    window.location.pathname,
  )?.at(-1);
  const route = AREA_ROUTES.find((candidate) => candidate.path === match?.route.path);
  if (route) preloadRemoteArea(route.remote, route.module);
  return { status: 'ready', map: BUNDLED };
}

export function registerRemote() {}

/** Every area is bundled: there are no remote files, so no preload of them to drop. */
export function dropPreloads() {
  return 0;
}
