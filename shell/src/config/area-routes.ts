/**
 * Who may open a route: any signed-in user, a signed-in creator who has a creator page, or an operator.
 * Routes without it are public. (/create decides for itself in its remote: visitors sign up first, creators
 * move on.) A route with access is never rendered on the server, so its remote is never in a public page.
 */
export type RouteAccess = 'signed-in' | 'creator' | 'operator';

/** Which remote (and which of its exposed modules) renders each route. */
export interface AreaRoute {
  path: string;
  remote: string;
  module: string;
  /** Human name of the area, used in loading and failure messages. */
  area: string;
  access?: RouteAccess;
  /**
   * A public area its remote does not render on the server (it reads the browser's session or storage on
   * its first render): the server sends header, footer and the area's loading state, the browser the rest.
   */
  browserOnly?: true;
}

export const AREA_ROUTES: readonly AreaRoute[] = [
  { path: '/', remote: 'mf-marketing', module: './landing', area: 'Home page' },
  { path: '/auth', remote: 'mf-auth-onboarding', module: './auth', area: 'Sign in', browserOnly: true },
  { path: '/create', remote: 'mf-auth-onboarding', module: './create', area: 'Creator onboarding', browserOnly: true },
  // The pages that links in emails open: the exact addresses of emails already sent (tokens in the query string).
  { path: '/verify-email', remote: 'mf-auth-onboarding', module: './verify-email', area: 'Email verification' },
  // Browser only: the new-password form has nothing to show before JavaScript runs.
  {
    path: '/reset-password',
    remote: 'mf-auth-onboarding',
    module: './reset-password',
    area: 'Password reset',
    browserOnly: true,
  },
  // Browser only: the token is read from the browser's address and the page offers its card field at once.
  {
    path: '/subscriptions/cancel',
    remote: 'mf-supporter',
    module: './cancel-link',
    area: 'Monthly support',
    browserOnly: true,
  },
  { path: '/subscriptions/unsubscribe', remote: 'mf-supporter', module: './posts-unsubscribe', area: 'Post emails' },
  {
    path: '/subscriptions/confirm',
    remote: 'mf-supporter',
    module: './confirm-renewal',
    area: 'Monthly support confirmation',
    browserOnly: true,
  },
  // Browser only: the link of the email confirming a higher monthly amount asked through a receipt's link.
  {
    path: '/subscriptions/confirm-change',
    remote: 'mf-supporter',
    module: './confirm-change',
    area: 'Monthly amount confirmation',
    browserOnly: true,
  },
  { path: '/dashboard', remote: 'mf-creator', module: './dashboard', area: 'Creator dashboard', access: 'creator' },
  // The list, and one post's form (":postId" is "new" for a new post).
  { path: '/dashboard/posts', remote: 'mf-creator', module: './posts', area: 'Posts', access: 'creator' },
  { path: '/dashboard/posts/:postId', remote: 'mf-creator', module: './posts', area: 'Posts', access: 'creator' },
  // Supporters have account and notification settings too; the creator tabs need a creator page.
  { path: '/settings', remote: 'mf-creator', module: './settings', area: 'Settings', access: 'signed-in' },
  { path: '/analytics', remote: 'mf-creator', module: './analytics', area: 'Analytics', access: 'creator' },
  {
    path: '/supporter-dashboard',
    remote: 'mf-supporter',
    module: './supporter-dashboard',
    area: 'Supporter dashboard',
    access: 'signed-in',
  },
  { path: '/discover', remote: 'mf-supporter', module: './discover', area: 'Discover' },
  { path: '/help', remote: 'mf-help', module: './help', area: 'Help centre' },
  // The operator console routes its sections itself (/operator/people/:userId, /operator/reports, ...).
  { path: '/operator/*', remote: 'mf-operator', module: './operator', area: 'Operator console', access: 'operator' },
  // Static segments always outrank these in React Router, and every app segment is a reserved username.
  { path: '/:username', remote: 'mf-public-profile', module: './profile', area: 'Creator profile' },
  { path: '/:username/support', remote: 'mf-public-profile', module: './support', area: 'Support page' },
  { path: '/:username/posts/:post', remote: 'mf-public-profile', module: './post', area: 'Post' },
];
