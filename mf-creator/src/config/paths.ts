import type { AnalyticsPeriod } from '@beabro/shared/types/entities';

export const SETTINGS_TABS = ['profile', 'support', 'notifications', 'privacy', 'account'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The routes this remote links to: its own three areas and the few other pages a creator goes on to. */
export const paths = {
  home: '/',
  help: '/help',
  /** The help centre's "Payments & payouts" category. */
  helpPayouts: '/help?category=payments',
  dashboard: '/dashboard',
  settings: (tab?: SettingsTab) => (tab && tab !== 'profile' ? `/settings?tab=${tab}` : '/settings'),
  analytics: (period?: AnalyticsPeriod) => (period && period !== '30d' ? `/analytics?period=${period}` : '/analytics'),
  profile: (username: string) => `/${username}`,
} as const;

/** The public address of a creator page, as supporters will type or click it. */
export function publicProfileUrl(username: string): string {
  return `${window.location.origin}/${username}`;
}
