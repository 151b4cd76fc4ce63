import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import type { CreatorDashboard } from '@beabro/shared/api-schemas/dashboards';
import { ButtonLink } from '@beabro/shared/ui/button';
import { ProgressBar } from '@beabro/shared/ui/progress-bar';
import { SectionCard } from '../../../components/section-card';
import { paths } from '@beabro/shared/contract/paths';
import { plural } from '../../../lib/format';

/** The current goal with its progress (capped at 100%), and Update Goal to the Support Settings tab. */
export function GoalCard({ goal, currency }: { goal: CreatorDashboard['goal']; currency: Currency }) {
  const update = (
    <ButtonLink to={paths.settings('support')} variant="secondary" size="sm">
      {goal ? 'Update Goal' : 'Set a Goal'}
    </ButtonLink>
  );
  if (!goal) {
    return (
      <SectionCard title="Current Goal">
        <p css={(theme) => ({ margin: `0 0 ${theme.space(4)}`, color: theme.color.textMuted })}>
          You have no goal yet. A goal shows supporters what their support adds up to.
        </p>
        {update}
      </SectionCard>
    );
  }
  const title = goal.title.trim() || 'Your goal';
  return (
    <SectionCard title="Current Goal">
      <p
        css={(theme) => ({
          margin: `0 0 ${theme.space(3)}`,
          fontWeight: theme.font.weight.medium,
          overflowWrap: 'anywhere',
        })}
      >
        {title}
      </p>
      <ProgressBar value={goal.percent} label={`${title}: ${goal.percent}% complete`} />
      <p
        css={(theme) => ({
          margin: `${theme.space(3)} 0 0`,
          display: 'flex',
          justifyContent: 'space-between',
          gap: '0.5rem',
          flexWrap: 'wrap',
          fontSize: theme.font.size.sm,
        })}
      >
        <span>
          <strong>{formatMoney(goal.raisedCents, currency, { whole: true })}</strong> raised of{' '}
          {formatMoney(goal.amountCents, currency, { whole: true })}
        </span>
        <strong>{`${goal.percent}%`}</strong>
      </p>
      <p
        css={(theme) => ({
          margin: `${theme.space(1)} 0 ${theme.space(4)}`,
          fontSize: theme.font.size.sm,
          color: theme.color.textMuted,
        })}
      >
        {goal.percent >= 100
          ? 'Goal reached! Time to set the next one.'
          : `${plural(goal.supporterCount, 'person', 'people')} supporting this mission.`}
      </p>
      {update}
    </SectionCard>
  );
}
