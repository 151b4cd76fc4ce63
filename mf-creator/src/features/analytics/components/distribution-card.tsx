import type { SupportsByAmountDto } from '@beabro/shared/api-schemas/analytics';
import type { Currency } from '@beabro/shared/money/currencies';
import { inCurrencyText } from '@beabro/shared/money/currency-text';
import { SectionCard } from '../../../components/section-card';
import { formatPercent, plural } from '../../../lib/format';
import { tableStyle } from './chart-with-table';

/**
 * How many supports fell in each amount range; the chart is a table whose cells hold the bars. The API labels the
 * ranges in dollars ("$6-15"); the same bounds hold in the creator's currency, so "£6-15" for pounds.
 */
export function DistributionCard({ ranges, currency }: { ranges: SupportsByAmountDto[]; currency: Currency }) {
  const total = ranges.reduce((sum, r) => sum + r.count, 0);
  return (
    <SectionCard
      title="Support Distribution"
      description={total === 0 ? 'No supports in this period yet.' : `${plural(total, 'support')} by amount.`}
    >
      <table css={(theme) => [tableStyle(theme), { '& th, & td': { borderTop: 0 } }]}>
        <caption className="visually-hidden">
          Supports by amount range: count and share of all supports in the period
        </caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Range</th>
            <th scope="col">Share</th>
            <th scope="col">Supports</th>
          </tr>
        </thead>
        <tbody>
          {ranges.map((range) => (
            <tr key={range.range}>
              <th
                scope="row"
                css={(theme) => ({ width: '4.5rem', fontWeight: theme.font.weight.medium, whiteSpace: 'nowrap' })}
              >
                {inCurrencyText(range.range, currency)}
              </th>
              <td css={{ width: '100%' }}>
                <div css={(theme) => ({ display: 'flex', alignItems: 'center', gap: theme.space(2) })}>
                  <div
                    aria-hidden="true"
                    css={(theme) => ({
                      flex: 1,
                      height: '0.75rem',
                      borderRadius: theme.radius.pill,
                      background: theme.color.border,
                      overflow: 'hidden',
                    })}
                  >
                    <div
                      css={(theme) => ({
                        width: `${range.percentage}%`,
                        height: '100%',
                        background: theme.gradient.hero,
                      })}
                    />
                  </div>
                  <span css={{ width: '3.25rem', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                    {formatPercent(range.percentage)}
                  </span>
                </div>
              </td>
              <td className="number" css={{ whiteSpace: 'nowrap' }}>
                {range.count}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </SectionCard>
  );
}
