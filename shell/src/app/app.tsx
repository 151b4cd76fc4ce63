import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter, createPath, Router, type To } from 'react-router-dom';
import { AppProviders } from '@beabro/shared/ui/app-providers';
import type { RemoteMapState } from '../features/remotes/remote-map';
import { RemoteMapContext } from '../features/remotes/remote-map-context';
import { NO_RESOLVED_AREAS, ResolvedAreasContext, type ResolvedAreas } from '../features/remotes/resolved-areas';
import { SessionSync } from '@beabro/shared/ui/session-sync';
import { useEarlyInputReplay, type EarlyInput } from '../features/ssr/replay-early-input';
import { AppRoutes } from './app-routes';

export interface AppProps {
  remoteMap: RemoteMapState;
  queryClient?: QueryClient;
  resolvedAreas?: ResolvedAreas;
  /** Set on the server: the page's URL (path and query); the browser uses its own history. */
  location?: string;
  /** Set when hydrating server HTML: what the visitor did before it hydrated. */
  earlyInput?: EarlyInput;
}

const refuse = () => {
  throw new Error('A server render cannot navigate.');
};

/** react-router's StaticRouter, from the part of its API the apps share (a server render never navigates). */
function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const navigator = {
    createHref: (to: To) => (typeof to === 'string' ? to : createPath(to)),
    push: refuse,
    replace: refuse,
    go: refuse,
  };
  return (
    <Router location={location} navigator={navigator} static>
      {children}
    </Router>
  );
}

/**
 * Once the page is interactive: what a visitor did to the server's HTML before it hydrated reaches the page (see
 * useEarlyInputReplay), and #root says it is interactive (`data-interactive`, for monitoring and end-to-end tests).
 */
function OnInteractive({ earlyInput }: { earlyInput: EarlyInput | undefined }) {
  useEarlyInputReplay(earlyInput, markInteractive);
  return null;
}

function markInteractive() {
  document.getElementById('root')?.setAttribute('data-interactive', 'true');
}

export function App({ remoteMap, queryClient, resolvedAreas = NO_RESOLVED_AREAS, location, earlyInput }: AppProps) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RemoteMapContext.Provider value={remoteMap}>
          <ResolvedAreasContext.Provider value={resolvedAreas}>
            <SessionSync />
            <OnInteractive earlyInput={earlyInput} />
            {location === undefined ? (
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            ) : (
              <StaticRouter location={location}>
                <AppRoutes />
              </StaticRouter>
            )}
          </ResolvedAreasContext.Provider>
        </RemoteMapContext.Provider>
      </AppProviders>
    </StrictMode>
  );
}
