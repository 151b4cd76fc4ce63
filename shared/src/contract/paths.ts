import type { AnalyticsPeriod } from '@beabro/shared/api-schemas/analytics';
import { POST_UNSUBSCRIBE_PAGE_PATH } from '@beabro/shared/data/post-audience';

/** The tabs of /settings (mf-creator), in the order they are shown. */
export const SETTINGS_TABS = ['profile', 'support', 'notifications', 'privacy', 'integrations', 'account'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** `next` as a query value, with its slashes left readable ("next=/create" rather than "next=%2Fcreate"). */
export function encodeNextParam(path: string): string {
  return encodeURIComponent(path).replace(/%2F/gi, '/');
}

/**
 * Every route of the site (docs/product-rules.md#routes-and-who-may-see-them), for the shell and
 * every remote: a link into another area is written once here, so the areas cannot drift apart.
 */
export const paths = {
  home: '/',
  auth: '/auth',
  signUpSupporter: '/auth?mode=signup&role=supporter',
  /** Sign in and come back to `next` (a path on this site). */
  signIn: (next: string) => `/auth?next=${encodeNextParam(next)}`,
  create: '/create',
  dashboard: '/dashboard',
  /** The creator's posts (mf-creator): the list, a new post, one post's form. */
  dashboardPosts: '/dashboard/posts',
  newPost: '/dashboard/posts/new',
  editPost: (id: string) => `/dashboard/posts/${encodeURIComponent(id)}`,
  supporterDashboard: '/supporter-dashboard',
  /** /settings, opened on a tab (the profile tab is the default and has no query). */
  settings: (tab?: SettingsTab) => (tab && tab !== 'profile' ? `/settings?tab=${tab}` : '/settings'),
  analytics: (period?: AnalyticsPeriod) => (period && period !== '30d' ? `/analytics?period=${period}` : '/analytics'),
  help: '/help',
  /** The operator console (mf-operator), for operators only. */
  operator: '/operator',
  /** The help centre filtered by a search, e.g. to one article. */
  helpSearch: (query: string) => `/help?q=${encodeURIComponent(query)}`,
  /** The help centre's "Payments & payouts" category. */
  helpPayouts: '/help?category=payments',
  discover: '/discover',
  /** /discover already filtered to one creator type. */
  discoverType: (type: string) => `/discover?type=${encodeURIComponent(type)}`,
  verifyEmail: '/verify-email',
  /** Ask for a password reset link (the link opens the same page with its token). */
  resetPassword: '/reset-password',
  cancelLink: '/subscriptions/cancel',
  /** The link in a post email that stops those emails (works signed out; the token is in the query). */
  postsUnsubscribe: POST_UNSUBSCRIBE_PAGE_PATH,
  /** The supporter dashboard's feed of posts. */
  supporterPosts: '/supporter-dashboard?tab=posts',
  /** The link of a "confirm your renewal" email (the bank asks for 3-D Secure). */
  confirmRenewal: '/subscriptions/confirm',
  profile: (username: string) => `/${username}`,
  /** One post of a creator, by slug (or id). */
  post: (username: string, slug: string) => `/${username}/posts/${encodeURIComponent(slug)}`,
  /** The thank-you view of the profile, right after a support. */
  profileAfterSupport: (username: string) => `/${username}?supported=true`,
  /** The support page, with a tier chosen on the profile carried over. */
  support: (username: string, tierPosition: number | null = null) =>
    tierPosition === null ? `/${username}/support` : `/${username}/support?tier=${tierPosition}`,
} as const;
