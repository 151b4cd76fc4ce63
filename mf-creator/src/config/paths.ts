import type { AnalyticsPeriod } from '@beabro/shared/types/entities';

export const SETTINGS_TABS = ['profile', 'support', 'notifications', 'privacy', 'integrations', 'account'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The routes this remote links to: its own three areas and the few other pages a creator goes on to. */
export const paths = {
  home: '/',
  help: '/help',
  /** The help centre filtered by a search, e.g. to one article. */
  helpSearch: (query: string) => `/help?q=${encodeURIComponent(query)}`,
  /** The help centre's "Payments & payouts" category. */
  helpPayouts: '/help?category=payments',
  dashboard: '/dashboard',
  settings: (tab?: SettingsTab) => (tab && tab !== 'profile' ? `/settings?tab=${tab}` : '/settings'),
  analytics: (period?: AnalyticsPeriod) => (period && period !== '30d' ? `/analytics?period=${period}` : '/analytics'),
  profile: (username: string) => `/${username}`,
} as const;

/** This site's origin, as other websites reach it (the embed snippets point at it). */
export function siteOrigin(): string {
  return window.location.origin;
}

/** The public address of a creator page, as supporters will type or click it. */
export function publicProfileUrl(username: string): string {
  return `${siteOrigin()}/${username}`;
}
