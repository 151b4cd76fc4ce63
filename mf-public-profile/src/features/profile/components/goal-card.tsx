import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import type { PublicGoalDto } from '@beabro/shared/api-schemas/public-profile';
import { ProgressBar } from '@beabro/shared/ui/progress-bar';
import { goalProgressText } from '../utils/goal-progress-text';
import { ProfileSection } from './profile-section';

/**
 * The funding goal: progress capped at 100% and how much is raised when the creator shows earnings;
 * otherwise (percent null) only its title and target, since progress would give the earnings away.
 */
export function GoalCard({ goal, currency }: { goal: PublicGoalDto; currency: Currency }) {
  const title = goal.title.trim() || 'Funding goal';
  const percent = goal.percent === null ? null : Math.min(100, goal.percent);
  const progressText = goalProgressText(goal);
  return (
    <ProfileSection
      title="Current Goal"
      aside={
        percent === null ? undefined : (
          <span
            css={(theme) => ({
              fontSize: theme.font.size.xl,
              fontWeight: theme.font.weight.bold,
              color: theme.color.brandHover,
            })}
          >
            {percent}%
          </span>
        )
      }
    >
      <p
        css={(theme) => ({
          margin: '0 0 0.75rem',
          fontWeight: theme.font.weight.medium,
          fontSize: theme.font.size.lg,
          overflowWrap: 'anywhere',
        })}
      >
        {title}
      </p>
      {percent === null ? null : <ProgressBar value={percent} label={`${title}: ${percent}% complete`} />}
      <p
        css={(theme) => ({
          margin: percent === null ? 0 : '0.75rem 0 0',
          color: theme.color.textMuted,
          fontSize: theme.font.size.sm,
        })}
      >
        {goal.raisedCents !== null ? (
          <>
            <strong css={(theme) => ({ color: theme.color.text })}>
              {formatMoney(goal.raisedCents, currency, { whole: true })}
            </strong>{' '}
            raised of {formatMoney(goal.amountCents, currency, { whole: true })}
          </>
        ) : (
          <>Goal: {formatMoney(goal.amountCents, currency, { whole: true })}</>
        )}
      </p>
      {progressText ? (
        <p css={(theme) => ({ margin: '0.25rem 0 0', fontSize: theme.font.size.sm })}>{progressText}</p>
      ) : null}
    </ProfileSection>
  );
}
