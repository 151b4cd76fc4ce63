/** Every route of the site in one place (SPEC.md section 2 plus /discover). */
export const paths = {
  home: '/',
  auth: '/auth',
  signUpSupporter: '/auth?mode=signup&role=supporter',
  create: '/create',
  dashboard: '/dashboard',
  supporterDashboard: '/supporter-dashboard',
  settings: '/settings',
  analytics: '/analytics',
  help: '/help',
  discover: '/discover',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  cancelLink: '/subscriptions/cancel',
  profile: (username: string) => `/${username}`,
  support: (username: string) => `/${username}/support`,
} as const;
