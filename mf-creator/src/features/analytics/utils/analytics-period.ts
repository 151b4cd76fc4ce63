import { ANALYTICS_PERIOD_IDS, type AnalyticsPeriodValue } from '@beabro/shared/api-schemas/analytics';
import { DEFAULT_ANALYTICS_PERIOD } from '@beabro/shared/data/defaults';

export const PERIOD_LABELS: Record<AnalyticsPeriodValue, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  '1y': '1 year',
};

/** "the last 7 days" / "the last year": the period in a sentence ("Showing the last 1 year" read wrong). */
export const PERIOD_NAMES: Record<AnalyticsPeriodValue, string> = {
  '7d': 'the last 7 days',
  '30d': 'the last 30 days',
  '90d': 'the last 90 days',
  '1y': 'the last year',
};

/** "in the last 7 days" / "in the last 12 months". */
export const PERIOD_PHRASES: Record<AnalyticsPeriodValue, string> = {
  '7d': 'in the last 7 days',
  '30d': 'in the last 30 days',
  '90d': 'in the last 90 days',
  '1y': 'in the last 12 months',
};

/** The period named in `?period=`, or 30 days for a missing or unknown one. */
export function periodFrom(value: string | null): AnalyticsPeriodValue {
  return (ANALYTICS_PERIOD_IDS as readonly string[]).includes(value ?? '')
    ? (value as AnalyticsPeriodValue)
    : DEFAULT_ANALYTICS_PERIOD;
}
