import type { SessionStatus } from '@beabro/shared/session/session-store';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { RouteAccess } from '../../config/area-routes';
import { paths } from '@beabro/shared/contract/paths';
import { OPERATOR_ONLY_MESSAGE } from '@beabro/shared/data/operator-messages';

export type AccessDecision =
  | { kind: 'wait' }
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Signed in but not allowed, with nowhere to send them: the page says why (the area is never loaded). */
  | { kind: 'forbidden'; message: string };

/**
 * Whether the session may open a route with `access`. Until the server has said who is signed in the
 * answer is "wait": redirecting on a guess would throw signed-in users out on every page load.
 */
export function decideAccess(
  access: RouteAccess,
  session: { status: SessionStatus; user: SessionUser | null },
  location: { pathname: string; search: string },
): AccessDecision {
  if (session.status === 'unknown') return { kind: 'wait' };
  if (session.status === 'signed-out' || !session.user)
    return { kind: 'redirect', to: paths.signIn(`${location.pathname}${location.search}`) };
  // Signed in, but the creator areas need a creator page: onboarding makes one.
  if (access === 'creator' && !session.user.isCreator) return { kind: 'redirect', to: paths.create };
  if (access === 'operator' && session.user.isOperator !== true)
    return { kind: 'forbidden', message: OPERATOR_ONLY_MESSAGE };
  return { kind: 'allow' };
}
