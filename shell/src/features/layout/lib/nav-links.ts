import type { SessionUser } from '@beabro/shared/types/session-user';
import { paths } from '@beabro/shared/contract/paths';

export interface NavLink {
  to: string;
  label: string;
}

/** docs/product-rules.md#header-and-footer: links every visitor sees, plus the role's own link. */
export function primaryLinks(user: SessionUser | null): NavLink[] {
  const links: NavLink[] = [
    { to: paths.discover, label: 'For Supporters' },
    { to: paths.help, label: 'Help' },
  ];
  if (user?.isCreator) links.push({ to: paths.dashboard, label: 'Dashboard' });
  else if (user) links.push({ to: paths.supporterDashboard, label: 'My Missions' });
  if (user?.isOperator) links.push({ to: paths.operator, label: 'Operator console' });
  return links;
}

/** Account menu: View Profile only when a username exists; creators also get Analytics. */
export function accountLinks(user: SessionUser): NavLink[] {
  const links: NavLink[] = [];
  if (user.username) links.push({ to: paths.profile(user.username), label: 'View Profile' });
  if (user.isCreator) {
    links.push({ to: paths.analytics(), label: 'Analytics' });
    links.push({ to: paths.supporterDashboard, label: 'My Missions' });
  }
  links.push({ to: paths.settings(), label: 'Settings' });
  return links;
}

export const SIGNED_OUT_ACTIONS = {
  signIn: { to: paths.auth, label: 'Sign In' },
  join: { to: paths.signUpSupporter, label: 'Join as Supporter' },
  beABro: { to: paths.create, label: 'Be a Bro' },
} as const;

/** The mobile menu's name line: the fallback is "Bro". */
export function displayNameOf(user: SessionUser | null): string {
  return user?.displayName.trim() || 'Bro';
}
