import { useState } from 'react';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { Tabs } from '@beabro/shared/ui/tabs';
import { LoadError } from '../../../components/load-error';
import { PostFeedTab } from '../../post-feed/components/post-feed-tab';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import type { SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import type { GivenSupportDto } from '@beabro/shared/api-schemas/supports';
import { useSupporterDashboard } from '../api/get-supporter-dashboard';
import { useDashboardSearch } from '../hooks/use-dashboard-search';
import { DASHBOARD_TAB_LABELS, DASHBOARD_TABS } from '../utils/dashboard-tab';
import { DashboardHeader } from './dashboard-header';
import { DashboardLoading } from './dashboard-loading';
import { DiscoverTab } from './discover-tab';
import { HistoryTab } from './history-tab';
import { MissionsTab } from './missions-tab';
import { OverviewTab } from './overview-tab';
import { SupportReceiptModal } from './support-receipt-modal';
import { SupporterStats } from './supporter-stats';
import { VerifyEmailBanner } from './verify-email-banner';

const TAB_ITEMS = DASHBOARD_TABS.map((key) => ({ key, label: DASHBOARD_TAB_LABELS[key] }));

function DashboardTabs({ dashboard, userId }: { dashboard: SupporterDashboard; userId: string }) {
  const { tab, setTab, filter, setFilter } = useDashboardSearch();
  const [receipt, setReceipt] = useState<GivenSupportDto | null>(null);
  return (
    <div
      css={(theme) => ({
        // On phones the tabs wrap onto two lines rather than hide the last ones off-screen.
        [theme.breakpoint.belowMd]: {
          '& [role="tablist"]': { flexWrap: 'wrap' },
          '& [role="tab"]': { padding: '0.5rem 0.75rem' },
        },
      })}
    >
      <Tabs label="Supporter dashboard sections" items={TAB_ITEMS} active={tab} onChange={setTab}>
        <div css={(theme) => ({ paddingTop: theme.space(2) })}>
          {tab === 'overview' ? <OverviewTab dashboard={dashboard} onShowHistory={() => setTab('history')} /> : null}
          {tab === 'creators' ? <MissionsTab dashboard={dashboard} /> : null}
          {tab === 'posts' ? <PostFeedTab userId={userId} /> : null}
          {tab === 'history' ? (
            <HistoryTab dashboard={dashboard} filter={filter} onFilterChange={setFilter} onOpenReceipt={setReceipt} />
          ) : null}
          {tab === 'discover' ? <DiscoverTab /> : null}
        </div>
      </Tabs>
      <SupportReceiptModal support={receipt} onClose={() => setReceipt(null)} />
    </div>
  );
}

/** docs/product-rules.md#supporter-dashboard, on the signed-in supporter's real supports. */
export function SupporterDashboardPage({ user }: { user: SessionUser }) {
  useDocumentTitle('My Missions');
  const query = useSupporterDashboard(user.id);
  return (
    <PageContainer>
      <div
        css={(theme) => ({
          display: 'flex',
          flexDirection: 'column',
          gap: theme.space(6),
          padding: `${theme.space(8)} 0 ${theme.space(16)}`,
        })}
      >
        <DashboardHeader user={user} returning={query.data ? query.data.history.length > 0 : null} />
        {user.emailVerified ? null : <VerifyEmailBanner email={user.email} />}
        {query.isPending ? <DashboardLoading /> : null}
        {query.isError ? (
          <LoadError
            title="We could not load your supports."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : null}
        {query.isSuccess ? (
          <>
            <SupporterStats dashboard={query.data} />
            <DashboardTabs dashboard={query.data} userId={user.id} />
          </>
        ) : null}
      </div>
    </PageContainer>
  );
}
