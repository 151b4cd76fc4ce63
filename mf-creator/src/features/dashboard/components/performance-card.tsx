import type { CreatorDashboard } from '@beabro/shared/api-schemas/dashboards';
import { ConversionRateNote } from '../../../components/conversion-rate-note';
import { SectionCard } from '../../../components/section-card';
import { TextLink } from '../../../components/text-link';
import { paths } from '@beabro/shared/contract/paths';
import { formatCount, formatPercent } from '../../../lib/format';

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div
      css={(theme) => ({
        padding: theme.space(4),
        borderRadius: theme.radius.md,
        background: theme.color.surfaceMuted,
        minWidth: 0,
      })}
    >
      <dt css={(theme) => ({ fontSize: theme.font.size.sm, color: theme.color.textMuted })}>{label}</dt>
      <dd
        css={(theme) => ({
          margin: `${theme.space(1)} 0 0`,
          fontSize: theme.font.size.xl,
          fontWeight: theme.font.weight.bold,
        })}
      >
        {value}
      </dd>
      <dd
        css={(theme) => ({
          margin: `${theme.space(1)} 0 0`,
          fontSize: theme.font.size.xs,
          color: theme.color.textMuted,
        })}
      >
        {note}
      </dd>
    </div>
  );
}

/** Views of the profile and support page and the conversion rate (data/conversion-rate), with how it is counted. */
export function PerformanceCard({ dashboard }: { dashboard: CreatorDashboard }) {
  return (
    <SectionCard
      title="Performance Overview"
      description={`Last ${dashboard.viewsWindowDays} days, today included.`}
      actions={<TextLink to={paths.analytics()}>View analytics</TextLink>}
    >
      <dl
        css={(theme) => ({
          margin: 0,
          display: 'grid',
          gap: theme.space(3),
          gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
        })}
      >
        <Figure label="Profile views" value={formatCount(dashboard.profileViews)} note="Visits to your page" />
        <Figure
          label="Support page views"
          value={formatCount(dashboard.supportPageViews)}
          note="Visits to your support page"
        />
        <Figure
          label="Conversion rate"
          value={formatPercent(dashboard.conversionRatePercent)}
          note={
            dashboard.conversionRatePercent === null
              ? 'No support page views yet'
              : 'New supporters per support page visit'
          }
        />
      </dl>
      <ConversionRateNote />
    </SectionCard>
  );
}
