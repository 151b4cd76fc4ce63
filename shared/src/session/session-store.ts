import { create } from 'zustand';
import type { SessionUser } from '@beabro/shared/types/session-user';

export type SessionStatus = 'unknown' | 'signed-out' | 'signed-in';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  signIn: (user: SessionUser) => void;
  signOut: () => void;
}

/**
 * The one session store of the site. It lives in `@beabro/shared`, which Module Federation shares
 * as a singleton, so the shell (its owner) and every remote read the same instance.
 * Until the accounts API hydrates it, a visitor is signed out.
 */
export const useSessionStore = create<SessionState>()((set) => ({
  status: 'signed-out',
  user: null,
  signIn: (user) => set({ status: 'signed-in', user }),
  signOut: () => set({ status: 'signed-out', user: null }),
}));
