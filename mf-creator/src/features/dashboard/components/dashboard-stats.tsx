import { formatMoney } from '@beabro/shared/money/currencies';
import type { CreatorDashboard } from '@beabro/shared/api-schemas/dashboards';
import { StatCard } from '@beabro/shared/ui/stat-card';
import { formatCount, plural } from '../../../lib/format';
import { growthText } from '../utils/growth';
import { CalendarIcon } from '@beabro/shared/ui/icons/calendar';
import { TargetIcon } from '@beabro/shared/ui/icons/target';
import { UsersIcon } from '@beabro/shared/ui/icons/users';
import { WalletIcon } from '@beabro/shared/ui/icons/wallet';

/** The four headline figures: total earnings, this month (with growth), supporters, goal progress. */
export function DashboardStats({ dashboard }: { dashboard: CreatorDashboard }) {
  const { currency } = dashboard;
  const { totalEarnings, thisMonth, lastMonth, goal } = dashboard;
  return (
    <section
      aria-label="Your figures"
      css={(theme) => ({
        display: 'grid',
        gap: theme.space(4),
        gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
      })}
    >
      <StatCard
        label="Total Earnings"
        icon={<WalletIcon />}
        value={formatMoney(totalEarnings.grossCents, currency)}
        detail={`You keep ${formatMoney(totalEarnings.netCents, currency)} after fees`}
      />
      <StatCard
        label="This Month"
        icon={<CalendarIcon />}
        value={formatMoney(thisMonth.grossCents, currency)}
        detail={growthText(dashboard.growthRatePercent, lastMonth.grossCents)}
      />
      <StatCard
        label="Total Supporters"
        icon={<UsersIcon />}
        value={formatCount(dashboard.totalSupporters)}
        detail={
          dashboard.newSupporters > 0
            ? `+${plural(dashboard.newSupporters, 'new supporter')} this month`
            : 'No new supporters this month yet'
        }
      />
      <StatCard
        label="Goal Progress"
        icon={<TargetIcon />}
        value={goal ? `${goal.percent}%` : 'No goal'}
        detail={
          goal
            ? `${formatMoney(goal.raisedCents, currency, { whole: true })} of ${formatMoney(goal.amountCents, currency, { whole: true })}`
            : 'Set a goal in Support Settings'
        }
      />
    </section>
  );
}
