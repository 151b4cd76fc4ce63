import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import type { PublicSupportDto } from '@beabro/shared/api-schemas/public-profile';
import { Badge } from '@beabro/shared/ui/badge';
import { ButtonLink } from '@beabro/shared/ui/button';
import { paths } from '@beabro/shared/contract/paths';
import { useHydrated } from '@beabro/shared/hooks/use-hydrated';
import { initialsOf } from '@beabro/shared/ui/creator-avatar';
import { fullDate, relativeTime } from '../utils/relative-time';
import { ProfileSection } from './profile-section';

export const ANONYMOUS_LABEL = 'Anonymous';

function SupporterBadge({ name }: { name: string | null }) {
  return (
    <span
      aria-hidden="true"
      css={(theme) => ({
        width: '2.5rem',
        height: '2.5rem',
        flex: 'none',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: theme.radius.pill,
        fontWeight: theme.font.weight.bold,
        background: name === null ? theme.color.border : theme.color.brandSoft,
        color: name === null ? theme.color.textMuted : theme.color.brandHover,
      })}
    >
      {name === null ? '?' : initialsOf(name).slice(0, 1)}
    </span>
  );
}

export interface RecentSupportProps {
  supports: PublicSupportDto[];
  /** The creator's currency: the supports' amounts are in it. */
  currency: Currency;
  username: string;
  displayName: string;
  /** When the list was loaded (ms since epoch): the server and the hydrating browser both count "ago" from it. */
  loadedAt: number;
}

/**
 * The last supports, newest first; anonymous supporters (and those who gave no name) show as "?". Amounts are
 * null when the creator hides earnings: then a support shows who, when and the message only.
 */
export function RecentSupport({ supports, currency, username, displayName, loadedAt }: RecentSupportProps) {
  // Clocks and time zones differ between the server and the visitor: until the page is hydrated, times are
  // counted from when the list was loaded and the exact moment (local time, a tooltip) is left out.
  const hydrated = useHydrated();
  const now = hydrated ? undefined : loadedAt;
  return (
    <ProfileSection title="Recent Support">
      {supports.length === 0 ? (
        <div css={{ textAlign: 'center', padding: '1rem 0' }}>
          <p css={(theme) => ({ margin: '0 0 1rem', color: theme.color.textMuted })}>
            No one has supported {displayName} yet. Be the first!
          </p>
          <ButtonLink to={paths.support(username)} variant="secondary">
            Be the first supporter
          </ButtonLink>
        </div>
      ) : (
        <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {supports.map((support) => (
            <li
              key={support.id}
              css={(theme) => ({
                display: 'flex',
                gap: theme.space(3),
                padding: `${theme.space(3)} 0`,
                borderTop: `1px solid ${theme.color.border}`,
                '&:first-of-type': { borderTop: 'none', paddingTop: 0 },
              })}
            >
              <SupporterBadge name={support.name} />
              <div css={{ minWidth: 0, flex: 1 }}>
                <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '0.25rem 0.5rem' }}>
                  <strong css={{ overflowWrap: 'anywhere' }}>{support.name ?? ANONYMOUS_LABEL}</strong>
                  {support.amountCents === null ? null : (
                    <span css={(theme) => ({ color: theme.color.success, fontWeight: theme.font.weight.bold })}>
                      {formatMoney(support.amountCents, currency, { whole: true })}
                      {support.isRecurring ? '/month' : ''}
                    </span>
                  )}
                  {support.isRecurring ? <Badge tone="success">Monthly</Badge> : null}
                  <time
                    dateTime={support.createdAt}
                    title={hydrated ? fullDate(support.createdAt) : undefined}
                    css={(theme) => ({
                      color: theme.color.textMuted,
                      fontSize: theme.font.size.xs,
                      marginLeft: 'auto',
                    })}
                  >
                    {relativeTime(support.createdAt, now)}
                  </time>
                </div>
                {support.message ? (
                  <p
                    css={(theme) => ({
                      margin: '0.25rem 0 0',
                      color: theme.color.textMuted,
                      overflowWrap: 'anywhere',
                      whiteSpace: 'pre-line',
                    })}
                  >
                    “{support.message}”
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}
