import type { CreatorDashboard } from '@beabro/shared/api-schemas/dashboards';
import { SectionCard } from '../../../components/section-card';
import { formatChange, formatCount } from '../../../lib/format';

/** New supporters, running monthly supports and the growth rate (docs/product-rules.md#growth-rate). */
export function ThisMonthCard({ dashboard }: { dashboard: CreatorDashboard }) {
  const growth = dashboard.growthRatePercent;
  const rows = [
    { label: 'New supporters', value: formatCount(dashboard.newSupporters) },
    { label: 'Recurring supports', value: formatCount(dashboard.recurringSupports) },
    { label: 'Paused monthly supports', value: formatCount(dashboard.pausedSupports) },
    ...(dashboard.retryingSupports > 0
      ? [{ label: 'Renewals being retried', value: formatCount(dashboard.retryingSupports) }]
      : []),
    { label: 'Growth rate', value: growth === null ? 'n/a' : formatChange(growth) },
  ];
  return (
    <SectionCard title="This Month">
      <dl css={{ margin: 0 }}>
        {rows.map((row) => (
          <div
            key={row.label}
            css={(theme) => ({
              display: 'flex',
              justifyContent: 'space-between',
              gap: '0.5rem',
              padding: `${theme.space(2)} 0`,
              borderTop: `1px solid ${theme.color.border}`,
              '&:first-of-type': { borderTop: 0 },
            })}
          >
            <dt css={(theme) => ({ color: theme.color.textMuted })}>{row.label}</dt>
            <dd css={(theme) => ({ margin: 0, fontWeight: theme.font.weight.bold })}>{row.value}</dd>
          </div>
        ))}
      </dl>
      <p
        css={(theme) => ({
          margin: `${theme.space(2)} 0 0`,
          fontSize: theme.font.size.xs,
          color: theme.color.textMuted,
        })}
      >
        {growth === null
          ? 'Growth rate compares this month’s earnings with last month’s; there were none last month.'
          : 'Growth rate: this month’s earnings against last month’s (calendar months, UTC).'}{' '}
        Recurring supports are monthly supports that are still running; paused ones are counted apart and charge nothing
        until their supporters resume them.
        {dashboard.retryingSupports > 0
          ? ' A renewal being retried failed at the bank: we try again 1, 3 and 5 days after it was due, and its supporter is emailed each time; it stops if every try fails.'
          : ''}
      </p>
    </SectionCard>
  );
}
