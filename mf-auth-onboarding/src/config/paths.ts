/**
 * Where this remote sends people. Most destinations belong to other areas; they are listed once here
 * so the redirects of sign-in, sign-up and onboarding agree with each other.
 */
export const paths = {
  auth: '/auth',
  create: '/create',
  dashboard: '/dashboard',
  supporterDashboard: '/supporter-dashboard',
  profile: (username: string) => `/${username}`,
} as const;
