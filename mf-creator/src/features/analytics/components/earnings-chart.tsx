import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import type { CreatorAnalytics } from '@beabro/shared/api-schemas/analytics';
import { SectionCard } from '../../../components/section-card';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { bucketFullLabel, bucketLabel, EARNINGS_TITLES } from '../utils/bucket-label';
import { ChartWithTable, tableStyle } from './chart-with-table';

const CHART_HEIGHT_REM = 12;

/**
 * Earnings per day, week or month as CSS bars, scaled to the largest bucket of the data (a fixed $2,500
 * scale would overflow for larger creators and flatten smaller ones). See docs/product-rules.md#analytics.
 */
export function EarningsChart({ earnings, currency }: { earnings: CreatorAnalytics['earnings']; currency: Currency }) {
  const { granularity, buckets } = earnings;
  const max = Math.max(0, ...buckets.map((b) => b.grossCents));
  const best = buckets.find((b) => b.grossCents === max);
  const title = EARNINGS_TITLES[granularity];
  const total = buckets.reduce((sum, b) => sum + b.grossCents, 0);
  // At most 7 labels for days and weeks and 12 month names; on a phone (under 480 px) about half, so they never touch.
  const wide = useMediaQuery('(min-width: 480px)');
  const maxLabels = granularity === 'month' ? (wide ? 12 : 6) : wide || buckets.length <= 7 ? 7 : 5;
  const labelEvery = Math.max(1, Math.ceil(buckets.length / maxLabels));
  const summary =
    max === 0
      ? 'No earnings in this period.'
      : `${formatMoney(total, currency)} in total; the highest was ${formatMoney(max, currency)} (${best ? bucketFullLabel(best, granularity) : ''}).`;

  return (
    <SectionCard title={title} description="What supporters gave (before fees).">
      <ChartWithTable
        label={title}
        summary={summary}
        chart={
          <div>
            <div
              css={(theme) => ({
                display: 'flex',
                alignItems: 'flex-end',
                gap: buckets.length > 14 ? '2px' : theme.space(2),
                height: `${CHART_HEIGHT_REM}rem`,
                borderBottom: `1px solid ${theme.color.borderStrong}`,
                position: 'relative',
              })}
            >
              <span
                css={(theme) => ({
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  fontSize: theme.font.size.xs,
                  color: theme.color.textMuted,
                })}
              >
                {max > 0 ? formatMoney(max, currency, { whole: true }) : ''}
              </span>
              {buckets.map((bucket) => (
                <div
                  key={bucket.start}
                  title={`${bucketFullLabel(bucket, granularity)}: ${formatMoney(bucket.grossCents, currency)}`}
                  css={(theme) => ({
                    flex: 1,
                    minWidth: 0,
                    height:
                      max === 0 ? 0 : `${Math.max(bucket.grossCents > 0 ? 2 : 0, (bucket.grossCents / max) * 100)}%`,
                    background: theme.gradient.hero,
                    borderRadius: `${theme.radius.sm} ${theme.radius.sm} 0 0`,
                  })}
                />
              ))}
            </div>
            <div
              css={(theme) => ({
                display: 'flex',
                gap: buckets.length > 14 ? '2px' : theme.space(2),
                marginTop: theme.space(1),
              })}
            >
              {buckets.map((bucket, index) => (
                <span
                  key={bucket.start}
                  css={(theme) => ({
                    flex: 1,
                    minWidth: 0,
                    fontSize: theme.font.size.xs,
                    color: theme.color.textMuted,
                    textAlign: 'center',
                    whiteSpace: 'nowrap',
                    overflow: 'visible',
                  })}
                >
                  {index % labelEvery === 0 ? bucketLabel(bucket, granularity, buckets[index - labelEvery]) : ''}
                </span>
              ))}
            </div>
            {max === 0 ? (
              <p
                css={(theme) => ({
                  margin: `${theme.space(3)} 0 0`,
                  color: theme.color.textMuted,
                  textAlign: 'center',
                })}
              >
                No earnings in this period yet.
              </p>
            ) : null}
          </div>
        }
        table={
          <table css={tableStyle}>
            <caption className="visually-hidden">{`${title}: gross, what you receive and number of supports`}</caption>
            <thead>
              <tr>
                <th scope="col">{granularity === 'day' ? 'Day' : granularity === 'week' ? 'Week' : 'Month'}</th>
                <th scope="col" className="number">
                  Earnings
                </th>
                <th scope="col" className="number">
                  You receive
                </th>
                <th scope="col" className="number">
                  Supports
                </th>
              </tr>
            </thead>
            <tbody>
              {buckets.map((bucket) => (
                <tr key={bucket.start}>
                  <th scope="row" css={{ fontWeight: 'normal' }}>
                    {bucketFullLabel(bucket, granularity)}
                  </th>
                  <td className="number">{formatMoney(bucket.grossCents, currency)}</td>
                  <td className="number">{formatMoney(bucket.netCents, currency)}</td>
                  <td className="number">{bucket.supports}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </SectionCard>
  );
}
