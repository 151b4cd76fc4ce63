import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { tierEmojiStyle } from '@beabro/shared/ui/tier-emoji';
import type { PublicTierDto } from '@beabro/shared/api-schemas/public-profile';
import { ButtonLink } from '@beabro/shared/ui/button';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { paths } from '@beabro/shared/contract/paths';
import { ProfileSection } from './profile-section';

export interface SupportOptionsProps {
  username: string;
  displayName: string;
  tiers: PublicTierDto[];
  /** The creator's currency: the tiers' amounts are in it. */
  currency: Currency;
  selectedTier: number | null;
  onSelect: (position: number | null) => void;
}

/** "$25/month" for recurring tiers, "$5" for one-off ones. */
export function tierPrice(tier: Pick<PublicTierDto, 'amountCents' | 'isRecurring'>, currency: Currency): string {
  return `${formatMoney(tier.amountCents, currency, { whole: true })}${tier.isRecurring ? '/month' : ''}`;
}

/** The id of the Support Options section, which a tier's link scrolls back to. */
const SUPPORT_OPTIONS_ID = 'support-options';

/**
 * The address that shows `username`'s profile with the tier at `position` chosen (null: none chosen), scrolled to
 * Support Options: what choosing a tier does before the page's code runs, or without JavaScript.
 */
function tierChoiceHref(username: string, position: number | null): string {
  return `${paths.profile(username)}${position === null ? '' : `?tier=${position}`}#${SUPPORT_OPTIONS_ID}`;
}

/**
 * The four tiers; clicking one only selects it (clicking it again clears the choice). The support
 * buttons then carry the chosen tier to the support page. Each tier is a link to the profile with that tier
 * chosen (`?tier=`, rendered chosen by the server), so choosing works without JavaScript; once the page runs,
 * a click selects in place instead of following the link.
 */
export function SupportOptions({
  username,
  displayName,
  tiers,
  currency,
  selectedTier,
  onSelect,
}: SupportOptionsProps) {
  const selected = tiers.find((tier) => tier.position === selectedTier) ?? null;
  return (
    <ProfileSection title="Support Options" id={SUPPORT_OPTIONS_ID}>
      <ul
        css={(theme) => ({
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: theme.space(3),
          [theme.breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
        })}
      >
        {tiers.map((tier) => {
          const isSelected = tier.position === selectedTier;
          return (
            <li key={tier.position} css={{ display: 'flex' }}>
              <Link
                to={tierChoiceHref(username, isSelected ? null : tier.position)}
                aria-current={isSelected ? 'true' : undefined}
                onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                  event.preventDefault();
                  onSelect(isSelected ? null : tier.position);
                }}
                css={(theme) => [
                  {
                    flex: 1,
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr',
                    gap: '0.25rem 0.75rem',
                    alignContent: 'start',
                    textAlign: 'left',
                    textDecoration: 'none',
                    color: theme.color.text,
                    padding: theme.space(4),
                    borderRadius: theme.radius.md,
                    cursor: 'pointer',
                    background: isSelected ? theme.color.brandSoft : theme.color.surface,
                    border: `2px solid ${isSelected ? theme.color.brand : theme.color.border}`,
                    transition: 'border-color 120ms ease, background 120ms ease',
                    '&:hover': { borderColor: theme.color.brand },
                  },
                  focusRing(theme),
                ]}
              >
                <span aria-hidden="true" css={{ ...tierEmojiStyle, fontSize: '1.75rem', gridRow: 'span 3' }}>
                  {tier.emoji}
                </span>
                <span css={(theme) => ({ fontWeight: theme.font.weight.bold })}>{tier.name}</span>
                <span
                  css={(theme) => ({
                    color: theme.color.brandHover,
                    fontWeight: theme.font.weight.bold,
                    fontSize: theme.font.size.lg,
                  })}
                >
                  {tierPrice(tier, currency)}
                </span>
                <span css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
                  {tier.description}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <div
        css={(theme) => ({
          marginTop: theme.space(5),
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: theme.space(3),
        })}
      >
        <ButtonLink to={paths.support(username, selectedTier)}>
          {selected ? `Continue with ${selected.name} (${tierPrice(selected, currency)})` : `Support ${displayName}`}
        </ButtonLink>
        <span css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
          {selected
            ? 'You can still change the amount on the next page.'
            : 'Pick a tier, or choose your own amount on the next page.'}
        </span>
      </div>
    </ProfileSection>
  );
}
