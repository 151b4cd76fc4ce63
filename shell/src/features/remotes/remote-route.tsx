import { lazy, Suspense, useMemo, useState } from 'react';
import type { AreaRoute } from '../../config/area-routes';
import { NotFoundPage } from '../not-found/not-found-page';
import { AreaFallback, AreaLoading } from './area-status';
import { loadRemoteArea } from './load-remote-area';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { registerRemote } from './remote-map';
import { useRemoteMap } from './remote-map-context';

/** The one way the shell renders a remote's area: loading state, per-area error boundary, Retry. */
export function RemoteRoute({ route }: { route: AreaRoute }) {
  const remoteMap = useRemoteMap();
  const [attempt, setAttempt] = useState(0);
  // React.lazy caches a rejected import, so each attempt gets a fresh lazy component.
  const Area = useMemo(
    () => lazy(() => loadRemoteArea(route.remote, route.module)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is the reason to rebuild
    [route.remote, route.module, attempt],
  );

  if (remoteMap.status === 'unavailable') {
    return <AreaFallback area={route.area} detail={`${remoteMap.reason} Reload the page to try again.`} onRetry={() => window.location.reload()} />;
  }
  const entry = remoteMap.map[route.remote];
  if (entry === undefined) return <NotFoundPage />;

  const retry = () => {
    registerRemote(route.remote, entry);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary key={attempt} area={route.area} onRetry={retry}>
      <Suspense fallback={<AreaLoading area={route.area} />}>
        <Area basePath={route.path} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
