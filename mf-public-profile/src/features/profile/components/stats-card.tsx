import { formatMoney } from '@beabro/shared/money/currencies';
import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { formatNumber } from '../../../lib/format-count';
import { ProfileSection } from './profile-section';

/** The Stats card, showing only what the creator makes public (hidden figures arrive as null). */
export function StatsCard({ profile }: { profile: PublicCreatorProfileDto }) {
  const rows = [
    profile.totalEarnedCents !== null
      ? { label: 'Total Earned', value: formatMoney(profile.totalEarnedCents, profile.currency, { whole: true }) }
      : null,
    profile.monthlyEarnedCents !== null
      ? { label: 'This Month', value: formatMoney(profile.monthlyEarnedCents, profile.currency, { whole: true }) }
      : null,
    profile.supporterCount !== null ? { label: 'Supporters', value: formatNumber(profile.supporterCount) } : null,
  ].filter((row) => row !== null);

  return (
    <ProfileSection title="Stats">
      {rows.length === 0 ? (
        <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
          {profile.displayName} keeps their figures private.
        </p>
      ) : (
        <dl css={{ margin: 0, display: 'grid', gap: '0.75rem' }}>
          {rows.map((row) => (
            <div
              key={row.label}
              css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '1rem' }}
            >
              <dt css={(theme) => ({ color: theme.color.textMuted })}>{row.label}</dt>
              <dd css={(theme) => ({ margin: 0, fontWeight: theme.font.weight.bold, fontSize: theme.font.size.lg })}>
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </ProfileSection>
  );
}
