import { lazy, memo, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { useHydrated } from '@beabro/shared/hooks/use-hydrated';
import type { AreaRoute } from '../../config/area-routes';
import { NotFoundPage } from '../not-found/not-found-page';
import { AreaFallback, AreaLoading } from './area-status';
import { loadRemoteArea, RemoteAreaError } from './load-remote-area';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { dropPreloads, registerRemote } from './remote-map';
import { useRemoteMap } from './remote-map-context';
import { areaKey, useResolvedAreas } from './resolved-areas';

type LazyArea = LazyExoticComponent<ComponentType<RemoteAreaProps>>;
const lazyAreas = new Map<string, LazyArea>();

/**
 * React.lazy caches a rejected import, so each load attempt (Retry) gets its own lazy component.
 * They are cached outside render so re-renders reuse one; a failed attempt is forgotten so that
 * coming back to the area later tries again.
 */
function lazyArea(remote: string, module: string, attempt: number, retry?: Retry): LazyArea {
  const key = `${remote}|${module}|${attempt}`;
  let area = lazyAreas.get(key);
  if (!area) {
    area = lazy(() =>
      loadWithRetries(remote, module, retry).catch((error: unknown) => {
        lazyAreas.delete(key);
        throw error;
      }),
    );
    lazyAreas.set(key, area);
  }
  return area;
}

/** A Retry press: the remote's manifest URL and how many failed preloads its loads may still meet. */
interface Retry {
  entry: string;
  stalePreloads: number;
}

/** Loads an area; after a Retry, once more for each stale preload a load met (see dropPreloads). */
async function loadWithRetries(remote: string, module: string, retry: Retry | undefined) {
  for (let extra = retry?.stalePreloads ?? 0; ; extra -= 1) {
    try {
      return await loadRemoteArea(remote, module);
    } catch (error) {
      if (!retry || extra <= 0 || !(error instanceof RemoteAreaError) || error.kind !== 'unavailable') throw error;
      registerRemote(remote, retry.entry);
    }
  }
}

/** For tests: start from an empty cache. */
export function forgetAreaLoads() {
  lazyAreas.clear();
}

/** The one way the shell renders a remote's area: loading state, per-area error boundary, Retry. */
export function RemoteRoute({ route }: { route: AreaRoute }) {
  const remoteMap = useRemoteMap();
  const [attempt, setAttempt] = useState(0);
  const [lastRetry, setLastRetry] = useState<Retry | undefined>(undefined);
  const resolvedAreas = useResolvedAreas();
  const key = areaKey(route.remote, route.module);
  // A server-rendered page whose area the server could not render shows its loading state until the
  // page has hydrated (the same markup on both sides), then loads the area in the browser.
  const hydrated = useHydrated();
  const deferred = resolvedAreas.server || (resolvedAreas.deferred.has(key) && !hydrated);

  if (remoteMap.status === 'unavailable') {
    return (
      <AreaFallback
        area={route.area}
        detail={`${remoteMap.reason} Reload the page to try again.`}
        onRetry={() => window.location.reload()}
      />
    );
  }
  const entry = remoteMap.map[route.remote];
  if (entry === undefined) return <NotFoundPage />;

  // Loaded before rendering (server render, or hydration of one): rendered as it is, no lazy step.
  const resolved = attempt === 0 ? resolvedAreas.modules.get(key) : undefined;
  const Area = resolved ?? (deferred ? null : lazyArea(route.remote, route.module, attempt, lastRetry));
  const retry = () => {
    setLastRetry({ entry, stalePreloads: dropPreloads(entry) });
    registerRemote(route.remote, entry);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary key={attempt} area={route.area} onRetry={retry}>
      <Suspense fallback={<AreaLoading area={route.area} />}>
        {Area ? <AreaPage Area={Area} basePath={basePathOf(route.path)} /> : <AreaLoading area={route.area} />}
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * The area itself, re-rendered only when it changes: the shell's own re-renders (the one right after hydration among
 * them) stay out of it. A re-render of an area before the visitor's early input is replayed would put the server's
 * values back on the screen under the keys they go on typing.
 */
const AreaPage = memo(function AreaPage({
  Area,
  basePath,
}: {
  Area: ComponentType<RemoteAreaProps>;
  basePath: string;
}) {
  return <Area basePath={basePath} />;
});

/** The path an area is mounted at: a route that routes its own sub-paths ("/operator/*") without its "/*". */
function basePathOf(path: string): string {
  return path.endsWith('/*') ? path.slice(0, -2) : path;
}
