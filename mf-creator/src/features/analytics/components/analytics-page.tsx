import { DownloadIcon } from '@beabro/shared/ui/icons/download';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { creatorAnalyticsCsvUrl, useCreatorAnalytics } from '@beabro/shared/api/get-creator-analytics';
import type { AnalyticsPeriodValue } from '@beabro/shared/api-schemas/analytics';
import { DEFAULT_ANALYTICS_PERIOD } from '@beabro/shared/data/defaults';
import { buttonStyle } from '@beabro/shared/ui/button';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { LoadError, LoadingStatus } from '../../../components/query-status';
import { TextLink } from '../../../components/text-link';
import { paths } from '@beabro/shared/contract/paths';
import { formatDate } from '../../../lib/format';
import { PERIOD_LABELS, PERIOD_NAMES, PERIOD_PHRASES, periodFrom } from '../utils/analytics-period';
import { DistributionCard } from './distribution-card';
import { EarningsChart } from './earnings-chart';
import { PeriodSelector } from './period-selector';
import { RecentActivityCard } from './recent-activity-card';
import { SummaryCards } from './summary-cards';
import { TopSupportersCard } from './top-supporters-card';
import { TrafficCard } from './traffic-card';

/** /analytics?period=7d|30d|90d|1y: the creator's figures for the period, from the API. */
export function AnalyticsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = periodFrom(searchParams.get('period'));
  const query = useCreatorAnalytics(period);
  const data = query.data;
  // Figures of another period stay on screen while this one loads; they are marked as updating.
  const updating = query.isPlaceholderData;

  useEffect(() => {
    document.title = `Analytics (${PERIOD_LABELS[period]}) - Be a Bro`;
  }, [period]);

  const selectPeriod = (next: AnalyticsPeriodValue) => {
    setSearchParams(next === DEFAULT_ANALYTICS_PERIOD ? {} : { period: next });
  };

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
        <header
          css={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'flex-end',
            gap: '1rem',
            flexWrap: 'wrap',
          }}
        >
          <div>
            <h1 css={(theme) => ({ margin: 0, fontSize: theme.font.size.xxl })}>Analytics</h1>
            <p css={(theme) => ({ margin: `${theme.space(1)} 0 0`, color: theme.color.textMuted })}>
              {data && !updating
                ? `${formatDate(data.range.start)} – ${formatDate(data.range.end)} (UTC)`
                : `Your figures ${PERIOD_PHRASES[period]}`}
            </p>
          </div>
          <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
            <PeriodSelector value={period} onChange={selectPeriod} />
            <a
              href={creatorAnalyticsCsvUrl(period)}
              download
              css={(theme) => buttonStyle(theme, { variant: 'secondary', size: 'sm' })}
            >
              <DownloadIcon size="1rem" /> Export CSV
            </a>
          </div>
        </header>
        <p
          role="status"
          css={(theme) => ({
            margin: 0,
            minHeight: '1.25rem',
            fontSize: theme.font.size.sm,
            color: theme.color.textMuted,
          })}
        >
          {updating ? `Loading ${PERIOD_NAMES[period]}...` : data ? `Showing ${PERIOD_NAMES[period]}.` : ''}
        </p>
        {query.isError && !data ? (
          <LoadError error={query.error} what="your analytics" onRetry={() => void query.refetch()} />
        ) : !data ? (
          <LoadingStatus label="Loading your analytics..." />
        ) : (
          <div
            aria-busy={updating}
            css={{ display: 'grid', gap: '1.5rem', opacity: updating ? 0.6 : 1, transition: 'opacity 150ms ease' }}
          >
            {data.summary.supports === 0 ? (
              <p
                css={(theme) => ({
                  margin: 0,
                  padding: theme.space(4),
                  borderRadius: theme.radius.md,
                  background: theme.color.brandSoft,
                })}
              >
                {`No supports ${PERIOD_PHRASES[data.period]} yet. `}Share your page to reach more supporters, or try a
                longer period. <TextLink to={paths.dashboard}>Go to your dashboard</TextLink>
              </p>
            ) : null}
            <SummaryCards summary={data.summary} currency={data.currency} />
            <EarningsChart earnings={data.earnings} currency={data.currency} />
            <div
              css={(theme) => ({
                display: 'grid',
                gap: theme.space(6),
                [theme.breakpoint.lg]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', alignItems: 'start' },
              })}
            >
              <DistributionCard ranges={data.supportsByAmount} currency={data.currency} />
              <TopSupportersCard supporters={data.topSupporters} currency={data.currency} />
              <RecentActivityCard events={data.recentActivity} currency={data.currency} />
              <TrafficCard traffic={data.traffic} />
            </div>
          </div>
        )}
      </div>
    </PageContainer>
  );
}
