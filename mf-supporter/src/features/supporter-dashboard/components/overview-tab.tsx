import { formatMoney } from '@beabro/shared/money/currencies';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { CreatorAvatar } from '@beabro/shared/ui/creator-avatar';
import { paths } from '@beabro/shared/contract/paths';
import { formatDate } from '../../../lib/format-date';
import type { SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import { impactMessage } from '../utils/impact-message';
import { isRenewing } from '../utils/subscription-for-creator';
import { NoSupportsYet } from './no-supports-yet';
import { SupportKindBadge } from './support-kind-badge';
import { Icon } from '@beabro/shared/ui/icon';

/** The overview shows the last 3 activities (docs/product-rules.md#supporter-dashboard). */
export const RECENT_ACTIVITY_COUNT = 3;

export interface OverviewTabProps {
  dashboard: SupporterDashboard;
  onShowHistory: () => void;
}

export function OverviewTab({ dashboard, onShowHistory }: OverviewTabProps) {
  const activityId = useId();
  const impactId = useId();
  if (dashboard.history.length === 0) return <NoSupportsYet />;

  const recent = dashboard.history.slice(0, RECENT_ACTIVITY_COUNT);
  const images = new Map(dashboard.creators.map((c) => [c.username, c.profileImageUrl]));
  const activeMonthly = dashboard.subscriptions.filter(isRenewing).map((s) => s.creatorDisplayName);
  const impact = impactMessage(dashboard.history, activeMonthly);

  return (
    <div
      css={(theme) => ({
        display: 'grid',
        gap: theme.space(6),
        gridTemplateColumns: 'minmax(0, 1fr)',
        alignItems: 'start',
        [theme.breakpoint.lg]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
      })}
    >
      <Card aria-labelledby={activityId}>
        <div
          css={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'baseline',
            gap: '1rem',
            flexWrap: 'wrap',
          }}
        >
          <h2 id={activityId} css={(theme) => ({ margin: 0, fontSize: theme.font.size.xl })}>
            Recent activity
          </h2>
          <Button variant="ghost" size="sm" onClick={onShowHistory}>
            View all history
          </Button>
        </div>
        <ul
          css={(theme) => ({
            listStyle: 'none',
            margin: `${theme.space(4)} 0 0`,
            padding: 0,
            display: 'flex',
            flexDirection: 'column',
            gap: theme.space(3),
          })}
        >
          {recent.map((support) => (
            <li
              key={support.id}
              css={(theme) => ({
                display: 'flex',
                gap: theme.space(3),
                alignItems: 'flex-start',
                padding: theme.space(3),
                borderRadius: theme.radius.md,
                background: theme.color.surfaceMuted,
              })}
            >
              <CreatorAvatar
                displayName={support.creatorDisplayName}
                username={support.creatorUsername}
                imageUrl={images.get(support.creatorUsername) ?? null}
                size={40}
                lazy
              />
              <div css={{ minWidth: 0, flex: 1 }}>
                <p css={{ margin: 0, overflowWrap: 'anywhere' }}>
                  <strong>{formatMoney(support.amountCents, support.currency)}</strong> to{' '}
                  <Link
                    to={paths.profile(support.creatorUsername)}
                    css={(theme) => ({ fontWeight: theme.font.weight.medium })}
                  >
                    {support.creatorDisplayName}
                  </Link>
                </p>
                <p
                  css={(theme) => ({
                    margin: `${theme.space(1)} 0 0`,
                    display: 'flex',
                    gap: theme.space(2),
                    alignItems: 'center',
                    flexWrap: 'wrap',
                    fontSize: theme.font.size.sm,
                    color: theme.color.textMuted,
                  })}
                >
                  <SupportKindBadge isRecurring={support.isRecurring} isRenewal={support.isRenewal} />
                  <span>{formatDate(support.createdAt)}</span>
                </p>
                {support.message ? (
                  <p
                    css={(theme) => ({
                      margin: `${theme.space(2)} 0 0`,
                      fontSize: theme.font.size.sm,
                      color: theme.color.textMuted,
                      fontStyle: 'italic',
                      overflowWrap: 'anywhere',
                    })}
                  >
                    “{support.message}”
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </Card>

      <section
        aria-labelledby={impactId}
        css={(theme) => ({
          padding: theme.space(6),
          borderRadius: theme.radius.lg,
          background: theme.gradient.hero,
          color: theme.color.textInverse,
          boxShadow: theme.shadow.raised,
        })}
      >
        <Icon name="sparkles" size="2rem" />
        <h2 id={impactId} css={(theme) => ({ margin: `${theme.space(2)} 0 0`, fontSize: theme.font.size.xl })}>
          Your impact
        </h2>
        <p
          css={(theme) => ({
            margin: `${theme.space(3)} 0 ${theme.space(5)}`,
            fontSize: theme.font.size.lg,
            lineHeight: 1.5,
          })}
        >
          {impact}
        </p>
        <ButtonLink to={paths.discover} variant="inverse">
          Find another mission
        </ButtonLink>
      </section>
    </div>
  );
}
