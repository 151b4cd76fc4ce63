import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useMyCreatorProfile } from '@beabro/shared/api/get-my-creator-profile';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { Tabs } from '@beabro/shared/ui/tabs';
import { SETTINGS_TABS, type SettingsTab } from '@beabro/shared/contract/paths';
import { LoadError, LoadingStatus } from '../../../components/query-status';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { ACCOUNT_ONLY_TABS, SETTINGS_TAB_LABELS, settingsTabFrom, visibleSettingsTab } from '../utils/settings-tab';
import { AccountProfileTab } from './account-profile-tab';
import { AccountTab } from './account-tab';
import { IntegrationsTab } from './integrations-tab';
import { NotificationsTab, SupporterNotifications } from './notifications-tab';
import { PrivacyTab } from './privacy-tab';
import { ProfileTab } from './profile-tab';
import { SupportTab } from './support-tab';

const TAB_ITEMS = SETTINGS_TABS.map((key) => ({ key, label: SETTINGS_TAB_LABELS[key] }));
const ACCOUNT_TAB_ITEMS = TAB_ITEMS.filter((item) => ACCOUNT_ONLY_TABS.includes(item.key));

/**
 * /settings?tab=...: six side tabs for a creator; a supporter (no creator page) gets Profile (their name),
 * Notifications (what they get, nothing creator-only) and Account. Every tab saves for real and says whether it worked.
 */
export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const profile = useMyCreatorProfile();
  // Known to have no creator page (the API answered 404), not merely still loading or failing.
  const noCreatorPage = profile.data === null;
  const tab = visibleSettingsTab(settingsTabFrom(searchParams.get('tab')), !noCreatorPage);
  const wide = useMediaQuery('(min-width: 768px)');

  const tabsArea = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = `${SETTINGS_TAB_LABELS[tab]} - Settings - Be a Bro`;
  }, [tab]);

  // On a phone the tabs scroll sideways: bring the open one into view (a deep link may open the last tab).
  useEffect(() => {
    const selected = tabsArea.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (typeof selected?.scrollIntoView === 'function')
      selected.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab, wide]);

  const selectTab = (next: SettingsTab) => {
    // Replace, not push: switching tabs is not a page of its own for the Back button, but the URL can be shared.
    setSearchParams(next === 'profile' ? {} : { tab: next }, { replace: true });
  };

  return (
    <PageContainer>
      <div css={(theme) => ({ paddingTop: theme.space(8), paddingBottom: theme.space(12) })}>
        <h1 css={(theme) => ({ margin: `0 0 ${theme.space(2)}`, fontSize: theme.font.size.xxl })}>Settings</h1>
        <p css={(theme) => ({ margin: `0 0 ${theme.space(6)}`, color: theme.color.textMuted })}>
          {noCreatorPage ? (
            <>
              Manage your name, your email notifications and your account. Want supporters of your own?{' '}
              <Link to="/create">Create your mission page</Link>.
            </>
          ) : (
            'Manage your creator page, how supporters can support you, and your account.'
          )}
        </p>
        <div ref={tabsArea}>
          <Tabs
            label="Settings sections"
            items={noCreatorPage ? ACCOUNT_TAB_ITEMS : TAB_ITEMS}
            active={tab}
            onChange={selectTab}
            orientation={wide ? 'vertical' : 'horizontal'}
          >
            {profile.isPending ? (
              <LoadingStatus label="Loading your settings..." />
            ) : profile.isError ? (
              <LoadError error={profile.error} what="your settings" onRetry={() => void profile.refetch()} />
            ) : profile.data === null ? (
              <>
                <div hidden={tab !== 'profile'}>
                  <AccountProfileTab />
                </div>
                <div hidden={tab !== 'notifications'}>
                  <SupporterNotifications />
                </div>
                <div hidden={tab !== 'account'}>
                  <AccountTab />
                </div>
              </>
            ) : (
              // Every tab stays mounted (only the active one is shown), so unsaved edits survive a tab switch.
              <>
                <div hidden={tab !== 'profile'}>
                  <ProfileTab profile={profile.data} />
                </div>
                <div hidden={tab !== 'support'}>
                  <SupportTab profile={profile.data} />
                </div>
                <div hidden={tab !== 'notifications'}>
                  <NotificationsTab />
                </div>
                <div hidden={tab !== 'privacy'}>
                  <PrivacyTab profile={profile.data} />
                </div>
                <div hidden={tab !== 'integrations'}>
                  <IntegrationsTab />
                </div>
                <div hidden={tab !== 'account'}>
                  <AccountTab />
                </div>
              </>
            )}
          </Tabs>
        </div>
      </div>
    </PageContainer>
  );
}
