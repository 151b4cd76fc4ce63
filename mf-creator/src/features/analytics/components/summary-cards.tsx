import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import type { AnalyticsSummaryDto } from '@beabro/shared/api-schemas/analytics';
import { StatCard } from '@beabro/shared/ui/stat-card';
import { formatChange, formatCount } from '../../../lib/format';
import { BanknoteIcon } from '@beabro/shared/ui/icons/banknote';
import { HeartIcon } from '@beabro/shared/ui/icons/heart';
import { LandmarkIcon } from '@beabro/shared/ui/icons/landmark';
import { UsersIcon } from '@beabro/shared/ui/icons/users';

function versus(change: number | null, previous: string, none: string): string {
  return change === null ? `${none} the period before` : `${formatChange(change)} vs the period before (${previous})`;
}

/** The period's totals, each against the same span just before it. */
export function SummaryCards({ summary, currency }: { summary: AnalyticsSummaryDto; currency: Currency }) {
  return (
    <section
      aria-label="Summary"
      css={(theme) => ({
        display: 'grid',
        gap: theme.space(4),
        gridTemplateColumns: 'repeat(auto-fit, minmax(13rem, 1fr))',
      })}
    >
      <StatCard
        label="Earnings"
        icon={<BanknoteIcon />}
        value={formatMoney(summary.grossCents, currency)}
        detail={versus(summary.change.grossPercent, formatMoney(summary.previous.grossCents, currency), 'No earnings')}
      />
      <StatCard
        label="You Receive"
        icon={<LandmarkIcon />}
        value={formatMoney(summary.netCents, currency)}
        detail={`After fees; ${formatMoney(summary.previous.netCents, currency)} the period before`}
      />
      <StatCard
        label="Supports"
        icon={<HeartIcon />}
        value={formatCount(summary.supports)}
        detail={`${summary.supports === 0 ? 'No average yet' : `Average ${formatMoney(summary.averageSupportCents, currency)}`}; ${formatCount(summary.recurringSupports)} monthly${summary.pausedSupports > 0 ? `; ${formatCount(summary.pausedSupports)} paused now` : ''}`}
      />
      <StatCard
        label="Supporters"
        icon={<UsersIcon />}
        value={formatCount(summary.supporters)}
        detail={`${formatCount(summary.newSupporters)} new; ${versus(summary.change.supportersPercent, formatCount(summary.previous.supporters), 'none')}`}
      />
    </section>
  );
}
