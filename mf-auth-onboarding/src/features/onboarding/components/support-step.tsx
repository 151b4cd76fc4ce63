import { useId } from 'react';
import { isPayoutCountry } from '@beabro/shared/data/country-options';
import { currencyForCountry, currencyRules, currencySymbol, formatMoney } from '@beabro/shared/money/currencies';
import { inCurrencyText } from '@beabro/shared/money/currency-text';
import { MINIMUM_AMOUNT_MAX_DOLLARS, MINIMUM_AMOUNT_MIN_DOLLARS, PAYOUT_WEEKDAY } from '@beabro/shared/data/defaults';
import { CountrySelectField } from '@beabro/shared/ui/country-select-field';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { TextField } from '@beabro/shared/ui/text-field';
import { PrefixedField } from '@beabro/shared/ui/prefixed-field';
import type { StepFieldsProps } from './step-fields-props';

const SUGGESTED_AMOUNTS_HINT = 'Quick support options your community can choose from';
const GOAL_HINT = 'Set a funding goal to show progress on your profile';
const SHOW_EARNINGS_LABEL = 'Show earnings on my profile';
const SHOW_EARNINGS_HINT =
  'Your profile shows progress towards the goal only with "Show earnings" on, since the progress bar shows how much you have raised. You can change it any time in Settings > Privacy.';

const fieldsetStyle = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

/** What the chosen country means for payouts; for a country outside the four, that payouts are held and why. */
function countryHint(country: string) {
  if (country === '')
    return 'Where you live decides where we can send your payouts. Payouts go to the United States, Canada, the United Kingdom and Australia.';
  if (isPayoutCountry(country)) {
    const currency = currencyForCountry(country);
    return `Payouts are sent every ${PAYOUT_WEEKDAY} for the previous week. Supporters pay you in ${currencyRules(currency).name} (${currency.toUpperCase()}).`;
  }
  return 'Payouts are not available in your country yet, so they will be held: you can still receive support, and your balance is kept for you until payouts reach your country. You can change this later in Settings > Support Settings.';
}

/** Step 3, support settings: four suggested amounts, the minimum amount, an optional goal, and the payout country. */
export function SupportStep({ draft, errors, onFieldChange, onFieldBlur }: StepFieldsProps) {
  const suggestedHintId = useId();
  const goalHintId = useId();
  const showEarningsId = useId();
  // The amounts are in the currency of the payout country chosen below (US dollars until one is).
  const currency = currencyForCountry(draft.country);
  const whole = (dollars: number) => formatMoney(dollars * 100, currency, { whole: true });
  const amountProps = (field: string, value: string) => ({
    name: field,
    prefix: currencySymbol(currency),
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    value,
    error: inCurrencyText(errors[field], currency),
    onChange: (event: { target: { value: string } }) => onFieldChange(field, event.target.value),
    onBlur: () => onFieldBlur(field),
  });

  return (
    <>
      <fieldset aria-describedby={suggestedHintId} css={fieldsetStyle}>
        <legend css={(theme) => ({ padding: 0, fontWeight: theme.font.weight.bold })}>Suggested amounts</legend>
        <p
          id={suggestedHintId}
          css={(theme) => ({
            margin: `${theme.space(1)} 0 ${theme.space(3)}`,
            fontSize: theme.font.size.sm,
            color: theme.color.textMuted,
          })}
        >
          {SUGGESTED_AMOUNTS_HINT}
        </p>
        <div
          css={(theme) => ({
            display: 'grid',
            gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
            gap: theme.space(3),
            [theme.breakpoint.md]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
          })}
        >
          {draft.suggestedAmounts.map((amount, index) => (
            // Four fixed slots: the index is the identity.
            <PrefixedField
              key={index}
              label={`Amount ${index + 1}`}
              {...amountProps(`suggestedAmounts.${index}`, amount)}
            />
          ))}
        </div>
      </fieldset>

      <div css={(theme) => ({ [theme.breakpoint.md]: { maxWidth: '50%' } })}>
        <PrefixedField
          label="Minimum Amount"
          hint={`The smallest support anyone can give you, from ${whole(MINIMUM_AMOUNT_MIN_DOLLARS)} to ${whole(MINIMUM_AMOUNT_MAX_DOLLARS)}`}
          {...amountProps('minimumAmount', draft.minimumAmount)}
        />
      </div>

      <fieldset aria-describedby={goalHintId} css={fieldsetStyle}>
        <legend css={(theme) => ({ padding: 0, fontWeight: theme.font.weight.bold })}>Funding goal (optional)</legend>
        <p
          id={goalHintId}
          css={(theme) => ({
            margin: `${theme.space(1)} 0 ${theme.space(3)}`,
            fontSize: theme.font.size.sm,
            color: theme.color.textMuted,
          })}
        >
          {GOAL_HINT}
        </p>
        <div
          css={(theme) => ({
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr)',
            gap: theme.space(4),
            [theme.breakpoint.md]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' },
          })}
        >
          <TextField
            label="Goal Title"
            name="goalTitle"
            autoComplete="off"
            placeholder="e.g. New recording equipment"
            value={draft.goalTitle}
            error={errors.goalTitle}
            onChange={(event) => onFieldChange('goalTitle', event.target.value)}
            onBlur={() => onFieldBlur('goalTitle')}
          />
          <PrefixedField label="Goal Amount" placeholder="1000" {...amountProps('goalAmount', draft.goalAmount)} />
        </div>
        <div
          css={(theme) => ({ display: 'flex', gap: '0.625rem', alignItems: 'flex-start', marginTop: theme.space(4) })}
        >
          <input
            id={showEarningsId}
            type="checkbox"
            name="showEarnings"
            checked={draft.showEarnings}
            aria-describedby={`${showEarningsId}-hint`}
            onChange={(event) => onFieldChange('showEarnings', String(event.currentTarget.checked))}
            css={(theme) => [
              {
                width: '1.125rem',
                height: '1.125rem',
                margin: '0.1875rem 0 0',
                flex: 'none',
                accentColor: theme.color.brand,
                cursor: 'pointer',
              },
              focusRing(theme),
            ]}
          />
          <div>
            <label
              htmlFor={showEarningsId}
              css={(theme) => ({ fontWeight: theme.font.weight.medium, cursor: 'pointer' })}
            >
              {SHOW_EARNINGS_LABEL}
            </label>
            <p
              id={`${showEarningsId}-hint`}
              css={(theme) => ({ margin: '0.125rem 0 0', fontSize: theme.font.size.sm, color: theme.color.textMuted })}
            >
              {SHOW_EARNINGS_HINT}
            </p>
          </div>
        </div>
      </fieldset>

      <div css={(theme) => ({ [theme.breakpoint.md]: { maxWidth: '50%' } })}>
        <CountrySelectField
          label="Payout country"
          name="country"
          value={draft.country}
          hint={countryHint(draft.country)}
          error={errors.country}
          onChange={(event) => onFieldChange('country', event.target.value)}
          onBlur={() => onFieldBlur('country')}
        />
      </div>
    </>
  );
}
