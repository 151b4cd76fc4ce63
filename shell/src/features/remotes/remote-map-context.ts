import { createContext, useContext } from 'react';
import type { RemoteMapState } from './remote-map';

export const RemoteMapContext = createContext<RemoteMapState>({
  status: 'unavailable',
  reason: 'No remote map was provided.',
});

export function useRemoteMap(): RemoteMapState {
  return useContext(RemoteMapContext);
}
