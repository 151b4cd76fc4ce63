import { useEffect } from 'react';
import { ApiError } from '@beabro/shared/api/api-client';
import { useCreatorDashboard } from '@beabro/shared/api/get-creator-dashboard';
import { useMyCreatorProfile } from '@beabro/shared/api/get-my-creator-profile';
import { CREATOR_PROFILE_MESSAGES } from '@beabro/shared/api-schemas/creator-profile';
import { ButtonLink } from '@beabro/shared/ui/button';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { LoadError, LoadingStatus } from '../../../components/query-status';
import { paths } from '@beabro/shared/contract/paths';
import { DashboardStats } from './dashboard-stats';
import { GoalCard } from './goal-card';
import { PayoutsCard } from './payouts-card';
import { PayoutsHeldNotice } from './payouts-held-notice';
import { PerformanceCard } from './performance-card';
import { QuickActionsCard } from './quick-actions-card';
import { RecentSupportCard } from './recent-support-card';
import { ShareCard } from './share-card';
import { ThisMonthCard } from './this-month-card';

/** /dashboard: the creator's figures, all from the API (ledger, supports, views, payouts). */
export function DashboardPage() {
  const dashboard = useCreatorDashboard();
  const profile = useMyCreatorProfile();

  useEffect(() => {
    document.title = 'Dashboard - Be a Bro';
  }, []);

  // A signed-in account without a creator page gets the API's 404 (and a way to create one).
  const failed = dashboard.isError
    ? dashboard.error
    : profile.isError
      ? profile.error
      : profile.data === null
        ? new ApiError(404, CREATOR_PROFILE_MESSAGES.notFound)
        : null;
  const data = dashboard.data;
  const me = profile.data;
  return (
    <PageContainer>
      <div
        css={(theme) => ({
          paddingTop: theme.space(8),
          paddingBottom: theme.space(12),
          display: 'grid',
          gap: theme.space(6),
        })}
      >
        {failed ? (
          <>
            <h1 css={(theme) => ({ margin: 0, fontSize: theme.font.size.xxl })}>Dashboard</h1>
            <LoadError
              error={failed}
              what="your dashboard"
              onRetry={() => {
                void dashboard.refetch();
                void profile.refetch();
              }}
            />
          </>
        ) : !data || !me ? (
          <>
            <h1 css={(theme) => ({ margin: 0, fontSize: theme.font.size.xxl })}>Dashboard</h1>
            <LoadingStatus label="Loading your dashboard..." />
          </>
        ) : (
          <>
            <header
              css={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'flex-end',
                gap: '1rem',
                flexWrap: 'wrap',
              }}
            >
              <div css={{ minWidth: 0 }}>
                <h1 css={(theme) => ({ margin: 0, fontSize: theme.font.size.xxl, overflowWrap: 'anywhere' })}>
                  {/* "back" only once there is something to come back to: a new page has no support yet. */}
                  {data.totalSupporters === 0 && data.totalEarnings.grossCents === 0
                    ? `Welcome, ${me.displayName}!`
                    : `Welcome back, ${me.displayName}!`}
                </h1>
                <p css={(theme) => ({ margin: `${theme.space(1)} 0 0`, color: theme.color.textMuted })}>
                  Here is how your mission is going.
                </p>
              </div>
              <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
                <ButtonLink to={paths.profile(me.username)} variant="secondary">
                  View Profile
                </ButtonLink>
                <ButtonLink to={paths.dashboardPosts} variant="secondary">
                  Posts
                </ButtonLink>
                <ButtonLink to={paths.settings()} variant="secondary">
                  Settings
                </ButtonLink>
              </div>
            </header>
            <PayoutsHeldNotice nextPayout={data.nextPayout} country={me.country} />
            <DashboardStats dashboard={data} />
            <div
              css={(theme) => ({
                display: 'grid',
                gap: theme.space(6),
                [theme.breakpoint.lg]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)', alignItems: 'start' },
              })}
            >
              <div css={(theme) => ({ display: 'grid', gap: theme.space(6), minWidth: 0 })}>
                <RecentSupportCard supports={data.recentSupports} />
                <PerformanceCard dashboard={data} />
                <PayoutsCard />
              </div>
              <div css={(theme) => ({ display: 'grid', gap: theme.space(6), minWidth: 0 })}>
                <GoalCard goal={data.goal} currency={data.currency} />
                <ShareCard username={me.username} displayName={me.displayName} />
                <ThisMonthCard dashboard={data} />
                <QuickActionsCard username={me.username} />
              </div>
            </div>
          </>
        )}
      </div>
    </PageContainer>
  );
}
