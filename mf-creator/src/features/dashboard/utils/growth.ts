import { formatChange } from '../../../lib/format';

/** "+12.5% vs last month", or why there is no rate (docs/product-rules.md#growth-rate). */
export function growthText(growthRatePercent: number | null, lastMonthCents: number): string {
  if (growthRatePercent === null) return lastMonthCents === 0 ? 'No supports last month to compare with' : '—';
  return `${formatChange(growthRatePercent)} vs last month`;
}
