import { USERNAME_DISALLOWED_CHARS } from '@beabro/shared/data/defaults';

/*
 * Usernames nobody may claim. A profile lives at /{username}, so any first path segment the site (or its
 * hosting) uses must be reserved or that profile would be unreachable or would shadow a page.
 * Admin, support, api, test and user were always taken; the rest protect our routes and
 * common infrastructure names. Lookups normalise first (lowercase, strip everything outside a-z 0-9 _), so
 * entries are listed in their normalised form ("supporterdashboard", "robotstxt"); raw route spellings such as
 * "supporter-dashboard" are listed too so callers may also check path segments directly.
 */
const NAMES = [
  // taken from the start
  'admin',
  'support',
  'api',
  'test',
  'user',
  // first path segments of the site's routes and the Module Federation runtime map
  'auth',
  'create',
  'dashboard',
  'supporter-dashboard',
  'supporterdashboard',
  'supporter_dashboard',
  'settings',
  'analytics',
  'help',
  'discover',
  'operator',
  'remotes',
  'remotesjson',
  // the pages links in emails open (/verify-email, /reset-password, /subscriptions/cancel)
  'verify-email',
  'verifyemail',
  'verify_email',
  'reset-password',
  'resetpassword',
  'reset_password',
  'subscriptions',
  // static hosting and well-known files
  'static',
  'assets',
  'public',
  'favicon',
  'faviconico',
  'robots',
  'robotstxt',
  'sitemap',
  'sitemapxml',
  'manifest',
  'well_known',
  'wellknown',
  // account flows we are likely to add
  'login',
  'logout',
  'signin',
  'signout',
  'signup',
  'register',
  'account',
  'profile',
  'reset',
  'verify',
  // content pages linked from the footer
  'about',
  'terms',
  'privacy',
  'pricing',
  'payouts',
  'cookies',
  'contact',
  'blog',
  'legal',
  // operations and impersonation risks
  'health',
  'healthz',
  'status',
  'docs',
  'mail',
  'email',
  'dev',
  'www',
  'root',
  'administrator',
  'moderator',
  'staff',
  'system',
  'beabro',
  'official',
  'null',
  'undefined',
] as const;

export const RESERVED_USERNAMES: ReadonlySet<string> = new Set(NAMES);

/** True when `username`, after the same normalisation the username input applies, is reserved. */
export function isReservedUsername(username: string): boolean {
  // Same normalisation as normalizeUsername (schemas/onboarding), inlined because that module imports this one.
  const normalized = username.toLowerCase().replace(USERNAME_DISALLOWED_CHARS, '');
  return RESERVED_USERNAMES.has(username) || RESERVED_USERNAMES.has(normalized);
}
