import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand';
import type { SessionUser } from '@beabro/shared/types/session-user';

export type SessionStatus = 'unknown' | 'signed-out' | 'signed-in';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Set from the server's answer (GET /api/auth/me); `null` means a visitor. */
  setUser: (user: SessionUser | null) => void;
}

const store = createStore<SessionState>()((set) => ({
  status: 'unknown',
  user: null,
  setUser: (user) => set({ status: user ? 'signed-in' : 'signed-out', user }),
}));

/**
 * The one session store of the site. It lives in `@beabro/shared`, which Module Federation shares
 * as a singleton, so the shell (which keeps it in sync with the API) and every remote read the
 * same instance. It is 'unknown' until the server has answered.
 *
 * Unlike zustand's `create`, whose server snapshot is always the initial state, a server render and
 * the browser's hydration read the current state: the server renders a visitor's page as signed out,
 * and the browser sets 'signed-out' before hydrating it, so both render the same header.
 */
export function useSessionStore<T>(selector: (state: SessionState) => T): T {
  const read = () => selector(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}

useSessionStore.getState = store.getState;
useSessionStore.setState = store.setState;
useSessionStore.subscribe = store.subscribe;
