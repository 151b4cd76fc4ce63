import type { PublicGoalDto } from '@beabro/shared/api-schemas/public-profile';
import { formatNumber } from '../../../lib/format-count';

/**
 * SPEC's goal line "{percent}% complete - {n} people are supporting this mission!". One supporter reads
 * as "1 person is"; when the creator hides the supporter count only the percentage (always public) is shown.
 */
export function goalProgressText(goal: Pick<PublicGoalDto, 'percent' | 'supporterCount'>): string {
  const percent = `${Math.min(100, Math.max(0, goal.percent))}% complete`;
  if (goal.supporterCount === null) return percent;
  if (goal.supporterCount === 1) return `${percent} - 1 person is supporting this mission!`;
  return `${percent} - ${formatNumber(goal.supporterCount)} people are supporting this mission!`;
}
