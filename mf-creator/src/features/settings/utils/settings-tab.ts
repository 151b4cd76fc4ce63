import { SETTINGS_TABS, type SettingsTab } from '@beabro/shared/contract/paths';

export const SETTINGS_TAB_LABELS: Record<SettingsTab, string> = {
  profile: 'Profile',
  support: 'Support Settings',
  notifications: 'Notifications',
  privacy: 'Privacy',
  integrations: 'Integrations',
  account: 'Account',
};

/** The tab named in `?tab=`, or Profile for a missing or unknown one (an old link must still open the page). */
export function settingsTabFrom(value: string | null): SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value ?? '') ? (value as SettingsTab) : 'profile';
}

/** What an account without a creator page can set: supporters have a profile (their name), notifications and an account too. */
export const ACCOUNT_ONLY_TABS: readonly SettingsTab[] = ['profile', 'notifications', 'account'];

/** The tab to show: a creator-only tab falls back to Account for an account without a creator page. */
export function visibleSettingsTab(tab: SettingsTab, hasCreatorPage: boolean): SettingsTab {
  return hasCreatorPage || ACCOUNT_ONLY_TABS.includes(tab) ? tab : 'account';
}
