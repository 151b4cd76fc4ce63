import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@beabro/shared/ui/app-providers';
import type { RemoteMapState } from '../features/remotes/remote-map';
import { RemoteMapContext } from '../features/remotes/remote-map-context';
import { SessionSync } from '../features/session/session-sync';
import { AppRoutes } from './app-routes';

export function App({ remoteMap }: { remoteMap: RemoteMapState }) {
  return (
    <StrictMode>
      <AppProviders>
        <RemoteMapContext.Provider value={remoteMap}>
          <SessionSync />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </RemoteMapContext.Provider>
      </AppProviders>
    </StrictMode>
  );
}
