import type { NextPayoutDto } from '@beabro/shared/api-schemas/payouts';
import { isPayoutCountry } from '@beabro/shared/data/country-options';
import { TextLink } from '../../../components/text-link';
import { paths } from '@beabro/shared/contract/paths';

export interface PayoutsHeldNoticeProps {
  nextPayout: NextPayoutDto;
  /** The creator's payout country (null when not chosen). */
  country: string | null;
}

/**
 * At the top of the dashboard whenever the next payout would be held, saying why; when the country is
 * the reason (none chosen, or one payouts do not reach yet), with a link to where it is set.
 */
export function PayoutsHeldNotice({ nextPayout, country }: PayoutsHeldNoticeProps) {
  if (!nextPayout.holdReason) return null;
  const countryIsTheReason = country === null || !isPayoutCountry(country);
  return (
    <section
      aria-labelledby="payouts-held-heading"
      css={(theme) => ({
        padding: theme.space(4),
        borderRadius: theme.radius.md,
        border: `1px solid ${theme.color.warning}`,
        background: theme.color.warningSoft,
        display: 'grid',
        gap: theme.space(1),
      })}
    >
      <h2
        id="payouts-held-heading"
        css={(theme) => ({ margin: 0, fontSize: theme.font.size.md, color: theme.color.warning })}
      >
        Your payouts are held
      </h2>
      <p css={{ margin: 0 }}>{nextPayout.holdReason}</p>
      <p
        css={(theme) => ({ margin: 0, display: 'flex', flexWrap: 'wrap', gap: `${theme.space(1)} ${theme.space(4)}` })}
      >
        {countryIsTheReason ? (
          <TextLink to={paths.settings('support')}>
            {country === null ? 'Set your payout country' : 'Change your payout country'}
          </TextLink>
        ) : null}
        <TextLink to={paths.helpPayouts}>How payouts work</TextLink>
      </p>
    </section>
  );
}
