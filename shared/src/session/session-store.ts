import { create } from 'zustand';
import type { SessionUser } from '@beabro/shared/types/session-user';

export type SessionStatus = 'unknown' | 'signed-out' | 'signed-in';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Set from the server's answer (GET /api/auth/me); `null` means a visitor. */
  setUser: (user: SessionUser | null) => void;
}

/**
 * The one session store of the site. It lives in `@beabro/shared`, which Module Federation shares
 * as a singleton, so the shell (which keeps it in sync with the API) and every remote read the
 * same instance. It is 'unknown' until the server has answered.
 */
export const useSessionStore = create<SessionState>()((set) => ({
  status: 'unknown',
  user: null,
  setUser: (user) => set({ status: user ? 'signed-in' : 'signed-out', user }),
}));
