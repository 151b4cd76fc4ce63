/** Which remote (and which of its exposed modules) renders each route. */
export interface AreaRoute {
  path: string;
  remote: string;
  module: string;
  /** Human name of the area, used in loading and failure messages. */
  area: string;
}

export const AREA_ROUTES: readonly AreaRoute[] = [
  { path: '/', remote: 'mf-marketing', module: './landing', area: 'Home page' },
  { path: '/auth', remote: 'mf-auth-onboarding', module: './auth', area: 'Sign in' },
  { path: '/create', remote: 'mf-auth-onboarding', module: './create', area: 'Creator onboarding' },
  { path: '/dashboard', remote: 'mf-creator', module: './dashboard', area: 'Creator dashboard' },
  { path: '/settings', remote: 'mf-creator', module: './settings', area: 'Settings' },
  { path: '/analytics', remote: 'mf-creator', module: './analytics', area: 'Analytics' },
  { path: '/supporter-dashboard', remote: 'mf-supporter', module: './supporter-dashboard', area: 'Supporter dashboard' },
  { path: '/discover', remote: 'mf-supporter', module: './discover', area: 'Discover' },
  { path: '/help', remote: 'mf-help', module: './help', area: 'Help centre' },
  // Static segments always outrank these in React Router, and every app segment is a reserved username.
  { path: '/:username', remote: 'mf-public-profile', module: './profile', area: 'Creator profile' },
  { path: '/:username/support', remote: 'mf-public-profile', module: './support', area: 'Support page' },
];
