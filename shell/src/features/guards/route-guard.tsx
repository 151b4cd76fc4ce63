import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSessionStore } from '@beabro/shared/session/session-store';
import type { RouteAccess } from '../../config/area-routes';
import { AreaLoading } from '../remotes/area-status';
import { ForbiddenPage } from './forbidden-page';
import { decideAccess } from './route-access';

export interface RouteGuardProps {
  access: RouteAccess;
  /** Human name of the area, for its loading state. */
  area: string;
  children: ReactNode;
}

/**
 * Renders the area only for a session allowed in; otherwise sends the user to sign in (or to onboarding), or says
 * why they may not open it (the operator console) without loading the area.
 */
export function RouteGuard({ access, area, children }: RouteGuardProps) {
  const status = useSessionStore((state) => state.status);
  const user = useSessionStore((state) => state.user);
  const location = useLocation();
  const decision = decideAccess(access, { status, user }, location);
  if (decision.kind === 'wait') return <AreaLoading area={area} />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'forbidden') return <ForbiddenPage message={decision.message} />;
  return <>{children}</>;
}
