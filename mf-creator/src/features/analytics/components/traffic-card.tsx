import type { TrafficDto } from '@beabro/shared/api-schemas/analytics';
import { ConversionRateNote } from '../../../components/conversion-rate-note';
import { SectionCard } from '../../../components/section-card';
import { formatCount, formatPercent } from '../../../lib/format';
import { ChartWithTable, tableStyle } from './chart-with-table';

/** Profile views, support page views and supports made there, as a funnel, with the conversion rate. */
export function TrafficCard({ traffic }: { traffic: TrafficDto }) {
  const steps = [
    { label: 'Profile views', value: traffic.profileViews, previous: traffic.previous.profileViews },
    { label: 'Support page views', value: traffic.supportPageViews, previous: traffic.previous.supportPageViews },
    { label: 'New supporters', value: traffic.checkouts, previous: null },
  ];
  const max = Math.max(1, ...steps.map((s) => s.value));
  return (
    <SectionCard title="Traffic & Engagement">
      <p css={(theme) => ({ margin: `0 0 ${theme.space(4)}` })}>
        <span css={(theme) => ({ fontSize: theme.font.size.xxl, fontWeight: theme.font.weight.bold })}>
          {formatPercent(traffic.conversionRatePercent)}
        </span>{' '}
        <span css={(theme) => ({ color: theme.color.textMuted })}>
          {traffic.conversionRatePercent === null
            ? 'conversion (no support page views yet)'
            : 'of support page visits became a new supporter'}
        </span>
      </p>
      <ConversionRateNote />
      <ChartWithTable
        label="Visitors to supporters"
        summary={steps.map((s) => `${s.label}: ${formatCount(s.value)}`).join('; ')}
        chart={
          <div css={(theme) => ({ display: 'grid', gap: theme.space(3) })}>
            {steps.map((step) => (
              <div key={step.label}>
                <div
                  css={(theme) => ({
                    display: 'flex',
                    justifyContent: 'space-between',
                    fontSize: theme.font.size.sm,
                    marginBottom: theme.space(1),
                  })}
                >
                  <span>{step.label}</span>
                  <strong>{formatCount(step.value)}</strong>
                </div>
                <div
                  css={(theme) => ({
                    height: '0.75rem',
                    background: theme.color.border,
                    borderRadius: theme.radius.pill,
                    overflow: 'hidden',
                  })}
                >
                  <div
                    css={(theme) => ({
                      width: `${(step.value / max) * 100}%`,
                      height: '100%',
                      background: theme.gradient.hero,
                    })}
                  />
                </div>
              </div>
            ))}
          </div>
        }
        table={
          <table css={tableStyle}>
            <caption className="visually-hidden">Views and supports in this period and the one before</caption>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col" className="number">
                  This period
                </th>
                <th scope="col" className="number">
                  Period before
                </th>
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => (
                <tr key={step.label}>
                  <th scope="row" css={{ fontWeight: 'normal' }}>
                    {step.label}
                  </th>
                  <td className="number">{formatCount(step.value)}</td>
                  <td className="number">{step.previous === null ? '—' : formatCount(step.previous)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <p
        css={(theme) => ({
          margin: `${theme.space(3)} 0 0`,
          fontSize: theme.font.size.xs,
          color: theme.color.textMuted,
        })}
      >
        {`Period before: ${formatCount(traffic.previous.profileViews)} profile views, ${formatCount(traffic.previous.supportPageViews)} support page views. Repeat visits, bots and your own visits are not counted.`}
      </p>
    </SectionCard>
  );
}
