import type { UserType } from '@beabro/shared/types/session-user';
import { encodeNextParam } from '@beabro/shared/contract/paths';
import { safeNextPath } from './safe-next-path';

export type AuthMode = 'signin' | 'signup';

export interface AuthSearchParams {
  mode: AuthMode;
  /** The role preselected on sign-up (supporter unless asked otherwise). */
  role: UserType;
  /** A safe same-site path to continue to after signing in, or null. */
  next: string | null;
}

/**
 * /auth?mode=signup&role=creator&next=/create: the mode and role live in the URL so other areas can link
 * straight to "sign up as a mission builder", and `next` brings the user back where they were going.
 */
export function parseAuthSearchParams(params: URLSearchParams): AuthSearchParams {
  return {
    mode: params.get('mode') === 'signup' ? 'signup' : 'signin',
    role: params.get('role') === 'creator' ? 'creator' : 'supporter',
    next: safeNextPath(params.get('next')),
  };
}

/** The /auth URL for these parameters; defaults are left out so links stay short. */
export function authHref(basePath: string, { mode, role, next }: Partial<AuthSearchParams>): string {
  const parts: string[] = [];
  if (mode === 'signup') parts.push('mode=signup');
  if (mode === 'signup' && role === 'creator') parts.push('role=creator');
  if (next) parts.push(`next=${encodeNextParam(next)}`);
  return parts.length > 0 ? `${basePath}?${parts.join('&')}` : basePath;
}
