import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import type { AreaRoute } from '../../config/area-routes';
import { NotFoundPage } from '../not-found/not-found-page';
import { AreaFallback, AreaLoading } from './area-status';
import { loadRemoteArea } from './load-remote-area';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { registerRemote } from './remote-map';
import { useRemoteMap } from './remote-map-context';

type LazyArea = LazyExoticComponent<ComponentType<RemoteAreaProps>>;
const lazyAreas = new Map<string, LazyArea>();

/**
 * React.lazy caches a rejected import, so each load attempt (Retry) gets its own lazy component.
 * They are cached outside render so re-renders reuse one; a failed attempt is forgotten so that
 * coming back to the area later tries again.
 */
function lazyArea(remote: string, module: string, attempt: number): LazyArea {
  const key = `${remote}|${module}|${attempt}`;
  let area = lazyAreas.get(key);
  if (!area) {
    area = lazy(() =>
      loadRemoteArea(remote, module).catch((error: unknown) => {
        lazyAreas.delete(key);
        throw error;
      }),
    );
    lazyAreas.set(key, area);
  }
  return area;
}

/** For tests: start from an empty cache. */
export function forgetAreaLoads() {
  lazyAreas.clear();
}

/** The one way the shell renders a remote's area: loading state, per-area error boundary, Retry. */
export function RemoteRoute({ route }: { route: AreaRoute }) {
  const remoteMap = useRemoteMap();
  const [attempt, setAttempt] = useState(0);

  if (remoteMap.status === 'unavailable') {
    return <AreaFallback area={route.area} detail={`${remoteMap.reason} Reload the page to try again.`} onRetry={() => window.location.reload()} />;
  }
  const entry = remoteMap.map[route.remote];
  if (entry === undefined) return <NotFoundPage />;

  const Area = lazyArea(route.remote, route.module, attempt);
  const retry = () => {
    registerRemote(route.remote, entry);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary key={attempt} area={route.area} onRetry={retry}>
      <Suspense fallback={<AreaLoading area={route.area} />}>
        {/* eslint-disable-next-line react-hooks/static-components -- one stable lazy component per attempt, cached in lazyAreas */}
        <Area basePath={route.path} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
