import type { SessionUser } from '@beabro/shared/types/session-user';
import type { AppConfig } from '../config/env';
import type { Db } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie on every /api request. */
    user: SessionUser | null;
    sessionId: string | null;
  }
}
