import { formatMoney } from '@beabro/shared/money/currencies';
import { useId, useMemo } from 'react';
import { Badge } from '@beabro/shared/ui/badge';
import { Button } from '@beabro/shared/ui/button';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { EmptyState } from '../../../components/empty-state';
import { formatDate } from '../../../lib/format-date';
import type { SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import type { GivenSupportDto } from '@beabro/shared/api-schemas/supports';
import { EMPTY_HISTORY_FILTER, filterHistory, type HistoryFilter } from '../utils/history-filter';
import { supportKindLabel } from '../utils/support-kind-label';
import { HistoryFilters } from './history-filters';
import { NoSupportsYet } from './no-supports-yet';
import { SupportKindBadge } from './support-kind-badge';

export interface HistoryTabProps {
  dashboard: SupporterDashboard;
  filter: HistoryFilter;
  onFilterChange: (next: HistoryFilter) => void;
  onOpenReceipt: (support: GivenSupportDto) => void;
}

/** "Refunded $10.00" (all of it) or "Refunded $3.00 of $10.00"; null when nothing was refunded. */
export function refundedLabel(
  support: Pick<GivenSupportDto, 'refundedCents' | 'amountCents' | 'currency'>,
): string | null {
  if (support.refundedCents <= 0) return null;
  return support.refundedCents >= support.amountCents
    ? `Refunded ${formatMoney(support.refundedCents, support.currency)}`
    : `Refunded ${formatMoney(support.refundedCents, support.currency)} of ${formatMoney(support.amountCents, support.currency)}`;
}

function supportsCount(count: number): string {
  return `${count} ${count === 1 ? 'support' : 'supports'}`;
}

export function HistoryTab({ dashboard, filter, onFilterChange, onOpenReceipt }: HistoryTabProps) {
  const headingId = useId();
  const creators = useMemo(() => {
    const byUsername = new Map<string, string>();
    for (const support of dashboard.history)
      if (!byUsername.has(support.creatorUsername)) byUsername.set(support.creatorUsername, support.creatorDisplayName);
    return [...byUsername]
      .map(([username, displayName]) => ({ username, displayName }))
      .sort((a, b) => a.displayName.localeCompare(b.displayName));
  }, [dashboard.history]);
  const shown = useMemo(() => filterHistory(dashboard.history, filter), [dashboard.history, filter]);

  if (dashboard.history.length === 0) return <NoSupportsYet />;

  return (
    <section
      aria-labelledby={headingId}
      css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(4) })}
    >
      <div
        css={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          gap: '0.5rem 1rem',
          flexWrap: 'wrap',
        }}
      >
        <h2 id={headingId} css={(theme) => ({ margin: 0, fontSize: theme.font.size.xl })}>
          Support History
        </h2>
        {/* A live region: screen-reader users hear what the filter left. */}
        <p role="status" css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
          {shown.length === dashboard.history.length
            ? supportsCount(shown.length)
            : `Showing ${shown.length} of ${supportsCount(dashboard.history.length)}`}
        </p>
      </div>
      {dashboard.includesGuestSupports ? (
        <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
          Includes the supports you made as a guest with your verified email.
        </p>
      ) : null}

      <HistoryFilters filter={filter} creators={creators} onChange={onFilterChange} />

      {shown.length === 0 ? (
        <EmptyState
          icon="search"
          title="No supports match these filters"
          action={
            <Button variant="secondary" onClick={() => onFilterChange(EMPTY_HISTORY_FILTER)}>
              Clear filters
            </Button>
          }
        >
          Try another type, creator or date range.
        </EmptyState>
      ) : (
        <ul
          aria-label="Supports"
          css={(theme) => ({
            listStyle: 'none',
            margin: 0,
            padding: 0,
            background: theme.color.surface,
            border: `1px solid ${theme.color.border}`,
            borderRadius: theme.radius.lg,
            boxShadow: theme.shadow.card,
            overflow: 'hidden',
          })}
        >
          {shown.map((support) => (
            <li key={support.id} css={(theme) => ({ '& + &': { borderTop: `1px solid ${theme.color.border}` } })}>
              <button
                type="button"
                onClick={() => onOpenReceipt(support)}
                aria-haspopup="dialog"
                // Every word shown is in the name too, in the same order (WCAG 2.5.3 "Label in Name").
                aria-label={`${support.creatorDisplayName}, ${formatDate(support.createdAt)}, ${supportKindLabel(support)}${support.asGuest ? ', as guest' : ''}${refundedLabel(support) ? `, ${refundedLabel(support)}` : ''}, ${formatMoney(support.amountCents, support.currency)}: view receipt`}
                css={(theme) => [
                  {
                    display: 'grid',
                    width: '100%',
                    gridTemplateColumns: 'minmax(0, 1fr) auto',
                    alignItems: 'center',
                    gap: `${theme.space(1)} ${theme.space(4)}`,
                    padding: `${theme.space(4)} ${theme.space(5)}`,
                    font: 'inherit',
                    color: 'inherit',
                    textAlign: 'left',
                    background: 'none',
                    border: 'none',
                    cursor: 'pointer',
                    '&:hover': { background: theme.color.surfaceMuted },
                  },
                  focusRing(theme),
                  { '&:focus-visible': { outlineOffset: '-3px' } },
                ]}
              >
                {/* The spaces between the pieces (not drawn in a flex box) keep their words apart for assistive technology. */}
                <span css={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: '0.25rem' }}>
                  <span css={(theme) => ({ fontWeight: theme.font.weight.medium, overflowWrap: 'anywhere' })}>
                    {support.creatorDisplayName}
                  </span>{' '}
                  <span
                    css={(theme) => ({
                      display: 'flex',
                      gap: theme.space(2),
                      alignItems: 'center',
                      flexWrap: 'wrap',
                      fontSize: theme.font.size.sm,
                      color: theme.color.textMuted,
                    })}
                  >
                    <span>{formatDate(support.createdAt)}</span>{' '}
                    <SupportKindBadge isRecurring={support.isRecurring} isRenewal={support.isRenewal} />
                    {support.asGuest ? (
                      <>
                        {' '}
                        <span>as guest</span>
                      </>
                    ) : null}
                    {refundedLabel(support) ? (
                      <>
                        {' '}
                        <Badge tone="warning">{refundedLabel(support)}</Badge>
                      </>
                    ) : null}
                  </span>
                </span>{' '}
                <span css={{ textAlign: 'right', display: 'flex', flexDirection: 'column', gap: '0.25rem' }}>
                  <span css={(theme) => ({ fontWeight: theme.font.weight.bold, fontSize: theme.font.size.lg })}>
                    {formatMoney(support.amountCents, support.currency)}
                  </span>{' '}
                  <span css={(theme) => ({ fontSize: theme.font.size.sm, color: theme.color.brandHover })}>
                    View receipt <span aria-hidden="true">›</span>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
