import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { AppError } from '../lib/app-error';
import { SIGN_IN_REQUIRED } from '../lib/messages';
import { resolveSession, SESSION_COOKIE } from '../modules/sessions/session-service';
import { loadSessionUser } from '../modules/users/user-repository';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  return request.user;
}

/** Resolves the session cookie into `request.user` for every API request (sliding the expiry when due). */
export function registerSessionAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionTwoFactor', false);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await resolveSession(app.db, token);
    const user = session ? await loadSessionUser(app.db, session.userId) : null;
    if (!session || !user) {
      clearSessionCookie(request, reply);
      return;
    }
    request.user = user;
    request.sessionId = session.sessionId;
    request.sessionTwoFactor = session.twoFactor;
    if (session.renewedUntil) setSessionCookie(request, reply, token, session.renewedUntil);
  });
}
