import type { SessionUser } from '@beabro/shared/types/session-user';
import type { AppConfig } from '../config/env';
import type { Db } from '../db/database';
import type { RecentPages } from '../modules/page-rendering/recent-pages';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    /** Visitors' pages rendered in the last moment (SERVER_RENDER_CACHE_MS), forgotten on every successful write. */
    recentPages: RecentPages;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie on every /api request. */
    user: SessionUser | null;
    sessionId: string | null;
    /** The session was started by a two-factor sign-in (the operator console needs it). */
    sessionTwoFactor: boolean;
  }
}
