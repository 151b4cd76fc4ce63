import { useId } from 'react';
import { formatMoney, formatPerCurrency, type Currency } from '@beabro/shared/money/currencies';
import { StatCard } from '@beabro/shared/ui/stat-card';
import type { SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import { monthlyCommitmentCents } from '../utils/subscription-for-creator';
import { Icon, type IconName } from '@beabro/shared/ui/icon';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The stat's icon; StatCard puts it in a soft brand-coloured tile. */
function StatIcon({ name }: { name: IconName }) {
  return <Icon name={name} />;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** Amounts in several currencies side by side ("$40.00 · £12.50"), never added together; $0.00 for none. */
function perCurrency(amounts: ReadonlyArray<{ currency: Currency; cents: number }>, suffix = ''): string {
  const shown = amounts.filter((a) => a.cents !== 0);
  if (shown.length === 0) return formatMoney(0, amounts[0]?.currency ?? 'usd');
  return formatPerCurrency(shown, suffix);
}

/** docs/product-rules.md#supporter-dashboard: the four stats, all from the supporter's own supports. */
export function SupporterStats({ dashboard, now = new Date() }: { dashboard: SupporterDashboard; now?: Date }) {
  const headingId = useId();
  const monthly = monthlyCommitmentCents(dashboard.subscriptions);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Your support at a glance
      </h2>
      <div
        css={(theme) => ({
          display: 'grid',
          gap: theme.space(4),
          gridTemplateColumns: 'minmax(0, 1fr)',
          [theme.breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          [theme.breakpoint.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
        })}
      >
        <StatCard
          label="Total Supported"
          value={perCurrency(dashboard.totals.map((t) => ({ currency: t.currency, cents: t.totalSupportedCents })))}
          icon={<StatIcon name="heart" />}
          detail={plural(dashboard.history.length, 'support', 'supports')}
        />
        <StatCard
          label="Missions Supported"
          value={dashboard.creatorsSupported.toLocaleString('en-US')}
          icon={<StatIcon name="target" />}
          detail={dashboard.creatorsSupported === 1 ? 'creator you back' : 'creators you back'}
        />
        {/* The API counts calendar months in UTC; the label names the same month. */}
        <StatCard
          label="This Month"
          value={perCurrency(dashboard.totals.map((t) => ({ currency: t.currency, cents: t.thisMonthCents })))}
          icon={<StatIcon name="calendar" />}
          detail={MONTH.format(now)}
        />
        <StatCard
          label="Recurring Supports"
          value={dashboard.recurringSupports.toLocaleString('en-US')}
          icon={<StatIcon name="repeat" />}
          detail={monthly.length > 0 ? perCurrency(monthly, '/month') : 'No monthly support running'}
        />
      </div>
    </section>
  );
}
