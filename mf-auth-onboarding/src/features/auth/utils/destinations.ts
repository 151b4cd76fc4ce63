import type { SessionUser, UserType } from '@beabro/shared/types/session-user';
import { paths } from '@beabro/shared/contract/paths';

/**
 * Where a signed-in user belongs: a creator with a page has a dashboard; anyone else (a supporter, or a
 * creator who has not onboarded yet) finds their supports on the supporter dashboard (a supporter would find
 * nothing on /dashboard). See docs/product-rules.md#accounts-and-sign-in.
 */
export function homePathFor(user: Pick<SessionUser, 'isCreator'>): string {
  return user.isCreator ? paths.dashboard : paths.supporterDashboard;
}

/** After sign-up: a new mission builder goes on to build their page; a supporter to their dashboard. */
export function afterSignUpPath(role: UserType): string {
  return role === 'creator' ? paths.create : paths.supporterDashboard;
}
