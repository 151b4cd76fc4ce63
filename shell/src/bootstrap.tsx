import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { firstUseLoaderOf } from '@beabro/shared/contract/page-state';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { createQueryClient } from '@beabro/shared/ui/app-providers';
import { App } from './app/app';
import { loadRemoteArea } from './features/remotes/load-remote-area';
import { applyRemoteMap, dropPreloads, loadRemoteMap, registerRemote } from './features/remotes/remote-map';
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
  const area = render.area;
  const entry = area ? remoteMap.map[area.remote] : undefined;

  /** Loads the module of the area the server rendered (after an outage, past the failed preloads). */
  const loadRenderedArea = async (afterOutage: boolean): Promise<boolean> => {
    if (!area?.rendered) return true;
    let extra = afterOutage && entry !== undefined ? dropPreloads(entry) : 0;
    for (;;) {
      if (afterOutage && entry !== undefined) registerRemote(area.remote, entry);
      try {
        const loaded = await loadRemoteArea(area.remote, area.module);
        (resolvedAreas.modules as Map<string, typeof loaded.default>).set(
          areaKey(area.remote, area.module),
          loaded.default,
        );
        return true;
      } catch {
        if (extra <= 0) return false;
        extra -= 1;
      }
    }
  };

  if (area && !area.rendered) (resolvedAreas.deferred as Set<string>).add(areaKey(area.remote, area.module));
  const app = (
    <App remoteMap={remoteMap} queryClient={queryClient} resolvedAreas={resolvedAreas} earlyInput={earlyInput} />
  );
  const hydrateWhenLoaded = async (afterOutage: boolean) => {
    if (await loadRenderedArea(afterOutage)) {
      // From here React hears the visitor's clicks itself.
      if (firstUse) firstUse.hydrating = true;
      hydrateRoot(container, app);
    } else if (firstUse) {
      // The page works as plain HTML: it stays readable (rather than the area's fallback) and says why what the
      // visitor reached for does nothing; its Retry tries the area's files again.
      firstUse.fail(() => void hydrateWhenLoaded(true));
    } else {
      // The browser cannot load what the server rendered: render the page afresh (the area shows its fallback).
      createRoot(container).render(app);
    }
  };
  await hydrateWhenLoaded(false);
} else {
  createRoot(container).render(<App remoteMap={remoteMap} />);
}
