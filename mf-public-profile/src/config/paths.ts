/** The routes this remote links to; its own two areas and the few other pages a visitor goes on to. */
export const paths = {
  home: '/',
  create: '/create',
  discover: '/discover',
  settings: '/settings',
  profile: (username: string) => `/${username}`,
  /** The thank-you view of the profile, right after a support. */
  profileAfterSupport: (username: string) => `/${username}?supported=true`,
  /** The support page, with a tier chosen on the profile carried over. */
  support: (username: string, tierPosition: number | null = null) =>
    tierPosition === null ? `/${username}/support` : `/${username}/support?tier=${tierPosition}`,
  /** Sign in and come back to `next` (a path on this site). */
  signIn: (next: string) => `/auth?next=${encodeURIComponent(next)}`,
} as const;
