import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import type { TopSupporterDto } from '@beabro/shared/api-schemas/analytics';
import { Badge } from '@beabro/shared/ui/badge';
import { SectionCard } from '../../../components/section-card';
import { plural } from '../../../lib/format';

/** Supporters by total given in the period; anonymous supports are one "Anonymous" row. */
export function TopSupportersCard({ supporters, currency }: { supporters: TopSupporterDto[]; currency: Currency }) {
  return (
    <SectionCard title="Top Supporters" description="Anonymous supports are counted together.">
      {supporters.length === 0 ? (
        <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>No supporters in this period yet.</p>
      ) : (
        <ol css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {supporters.map((supporter, index) => (
            <li
              key={`${supporter.kind}-${index}`}
              css={(theme) => ({
                display: 'flex',
                alignItems: 'center',
                gap: theme.space(3),
                padding: `${theme.space(2)} 0`,
                borderTop: index === 0 ? 0 : `1px solid ${theme.color.border}`,
              })}
            >
              <span
                aria-hidden="true"
                css={(theme) => ({
                  width: '1.75rem',
                  flex: 'none',
                  fontWeight: theme.font.weight.bold,
                  color: theme.color.textMuted,
                })}
              >
                {`#${index + 1}`}
              </span>
              <span css={{ flex: 1, minWidth: 0 }}>
                <span
                  css={(theme) => ({
                    display: 'block',
                    fontWeight: theme.font.weight.medium,
                    overflowWrap: 'anywhere',
                    fontStyle: supporter.name ? 'normal' : 'italic',
                  })}
                >
                  {supporter.name ?? 'No name given'}
                </span>
                <span
                  css={(theme) => ({
                    display: 'flex',
                    gap: '0.375rem',
                    alignItems: 'center',
                    flexWrap: 'wrap',
                    fontSize: theme.font.size.sm,
                    color: theme.color.textMuted,
                  })}
                >
                  {plural(supporter.supports, 'support')}
                  {supporter.isRecurring ? <Badge tone="brand">Monthly</Badge> : null}
                </span>
              </span>
              <strong css={{ whiteSpace: 'nowrap' }}>{formatMoney(supporter.totalSupportCents, currency)}</strong>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
