/**
 * Where this remote sends people. Most destinations belong to other areas; they are listed once here
 * so the redirects of sign-in, sign-up and onboarding agree with each other.
 */
export const paths = {
  auth: '/auth',
  create: '/create',
  /** Ask for a password reset link (the link opens the same page with its token). */
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  supporterDashboard: '/supporter-dashboard',
  profile: (username: string) => `/${username}`,
  /** Settings on its Account tab (mf-creator): where a new verification link is requested. */
  accountSettings: '/settings?tab=account',
  /** Sign in and come back to `next` (a path on this site). */
  signIn: (next: string) => `/auth?next=${encodeURIComponent(next)}`,
} as const;
