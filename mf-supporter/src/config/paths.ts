/** The routes this remote links to: its own two areas and the pages a supporter goes on to. */
export const paths = {
  supporterDashboard: '/supporter-dashboard',
  discover: '/discover',
  /** /discover already filtered to one creator type. */
  discoverType: (type: string) => `/discover?type=${encodeURIComponent(type)}`,
  /** The creator settings area (mf-creator). */
  settings: '/settings',
  /** The same /settings route, opened on its Account tab: what a supporter has to set (email, password, notifications). */
  accountSettings: '/settings?tab=account',
  profile: (username: string) => `/${username}`,
  support: (username: string) => `/${username}/support`,
  /** Sign in and come back to `next` (a path on this site). */
  signIn: (next: string) => `/auth?next=${encodeURIComponent(next).replace(/%2F/gi, '/')}`,
} as const;
