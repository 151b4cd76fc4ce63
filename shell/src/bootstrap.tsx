import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { firstUseLoaderOf } from '@beabro/shared/contract/page-state';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { createQueryClient } from '@beabro/shared/ui/app-providers';
import { App } from './app/app';
import { loadRemoteArea } from './features/remotes/load-remote-area';
import { applyRemoteMap, loadRemoteMap } from './features/remotes/remote-map';
import { areaKey, type ResolvedAreas } from './features/remotes/resolved-areas';
import { readPageState } from './features/ssr/read-page-state';
import { recordEarlyInput } from './features/ssr/replay-early-input';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const pageState = readPageState();
// The server names the live remote map in the page; without it (a static host) it is fetched.
const remoteMap = pageState ? applyRemoteMap(pageState.remoteMap) : await loadRemoteMap();
const render = pageState?.render;

if (render && remoteMap.status === 'ready' && container.firstElementChild) {
  // Server-rendered: start from exactly what the server rendered with (data, a visitor's session,
  // the area's module), so the first render matches its HTML and nothing is fetched again.
  // On a public page the visitor's first use loaded this script: the loader kept the clicks made meanwhile.
  const firstUse = firstUseLoaderOf(window);
  const earlyInput = recordEarlyInput(container, firstUse?.clicks);
  const queryClient = createQueryClient();
  hydrate(queryClient, render.queries);
  useSessionStore.getState().setUser(null);
  const resolvedAreas: ResolvedAreas = { modules: new Map(), deferred: new Set(), server: false };
  let hydratable = true;
  if (render.area) {
    const key = areaKey(render.area.remote, render.area.module);
    if (render.area.rendered) {
      try {
        const loaded = await loadRemoteArea(render.area.remote, render.area.module);
        (resolvedAreas.modules as Map<string, typeof loaded.default>).set(key, loaded.default);
      } catch {
        // The browser cannot load what the server rendered: render the page afresh (the area shows its fallback).
        hydratable = false;
      }
    } else {
      (resolvedAreas.deferred as Set<string>).add(key);
    }
  }
  const app = (
    <App remoteMap={remoteMap} queryClient={queryClient} resolvedAreas={resolvedAreas} earlyInput={earlyInput} />
  );
  if (hydratable) {
    // From here React hears the visitor's clicks itself.
    if (firstUse) firstUse.hydrating = true;
    hydrateRoot(container, app);
  } else if (firstUse) {
    // The page works as plain HTML: keep it readable rather than replace it with the area's fallback, and say why
    // what the visitor reached for does nothing.
    firstUse.fail();
  } else {
    createRoot(container).render(app);
  }
} else {
  createRoot(container).render(<App remoteMap={remoteMap} />);
}
