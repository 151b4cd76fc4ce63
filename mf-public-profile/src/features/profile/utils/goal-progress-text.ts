import type { PublicGoalDto } from '@beabro/shared/api-schemas/public-profile';
import { formatNumber } from '../../../lib/format-count';

/**
 * The goal line "{percent}% complete - {n} people are supporting this mission!". One supporter reads
 * as "1 person is". Each half is left out when the creator hides it: the percentage with earnings, the count
 * with the supporter count; with both hidden there is no line at all (empty string).
 */
export function goalProgressText(goal: Pick<PublicGoalDto, 'percent' | 'supporterCount'>): string {
  const percent = goal.percent === null ? null : `${Math.min(100, Math.max(0, goal.percent))}% complete`;
  const people =
    goal.supporterCount === null
      ? null
      : goal.supporterCount === 1
        ? '1 person is supporting this mission!'
        : `${formatNumber(goal.supporterCount)} people are supporting this mission!`;
  return [percent, people].filter((part) => part !== null).join(' - ');
}
