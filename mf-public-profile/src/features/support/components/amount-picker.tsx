import { currencyRules, currencySymbol, formatMoney, type Currency } from '@beabro/shared/money/currencies';
import { tierEmojiStyle } from '@beabro/shared/ui/tier-emoji';
import type { PublicTierDto } from '@beabro/shared/api-schemas/public-profile';
import { CANCEL_MONTHLY_SUPPORT_COPY } from '@beabro/shared/data/cancel-monthly-support';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { inputStyle } from '@beabro/shared/ui/text-field';
import type { SupportFormAction, SupportFormState } from '../utils/support-form-state';
import { CheckboxField } from './checkbox-field';
import { CheckoutSection } from './checkout-section';
import { CheckIcon } from '@beabro/shared/ui/icons/check';

export const CUSTOM_AMOUNT_ID = 'support-custom-amount';
export const AMOUNT_MESSAGE_ID = 'support-amount-message';
export const MONTHLY_NOTE = CANCEL_MONTHLY_SUPPORT_COPY.note;

export interface AmountPickerProps {
  tiers: PublicTierDto[];
  state: SupportFormState;
  dispatch: (action: SupportFormAction) => void;
  /** Why the amount cannot be paid (below $1, below the creator's minimum, too large), or null. */
  amountMessage: string | null;
  minimumAmountCents: number;
  /** The creator's currency: the tiers' and the custom amount's. */
  currency: Currency;
}

/** Tier buttons, the Custom Amount field, the Monthly checkbox and the perks of the chosen tier. */
export function AmountPicker({
  tiers,
  state,
  dispatch,
  amountMessage,
  minimumAmountCents,
  currency,
}: AmountPickerProps) {
  const symbol = currencySymbol(currency);
  const selected = tiers.find((tier) => tier.position === state.selectedTier) ?? null;
  return (
    <CheckoutSection step={1} title="Choose your support">
      <div
        role="group"
        aria-label="Support tiers"
        css={(theme) => ({ display: 'grid', gap: theme.space(3), gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' })}
      >
        {tiers.map((tier) => {
          const isSelected = tier.position === state.selectedTier;
          return (
            <button
              key={tier.position}
              type="button"
              aria-pressed={isSelected}
              onClick={() => dispatch({ type: 'selectTier', tier })}
              css={(theme) => [
                {
                  display: 'grid',
                  gap: '0.125rem',
                  justifyItems: 'start',
                  textAlign: 'left',
                  font: 'inherit',
                  color: theme.color.text,
                  padding: theme.space(3),
                  borderRadius: theme.radius.md,
                  cursor: 'pointer',
                  background: isSelected ? theme.color.brandSoft : theme.color.surface,
                  border: `2px solid ${isSelected ? theme.color.brand : theme.color.border}`,
                  '&:hover': { borderColor: theme.color.brand },
                },
                focusRing(theme),
              ]}
            >
              <span
                css={(theme) => ({
                  fontSize: theme.font.size.sm,
                  color: theme.color.textMuted,
                  display: 'flex',
                  gap: '0.375rem',
                  alignItems: 'center',
                })}
              >
                <span aria-hidden="true" css={tierEmojiStyle}>
                  {tier.emoji}
                </span>
                {tier.name}
              </span>
              <span css={(theme) => ({ fontSize: theme.font.size.xl, fontWeight: theme.font.weight.bold })}>
                {formatMoney(tier.amountCents, currency, { whole: true })}
                {tier.isRecurring ? (
                  <span
                    css={(theme) => ({
                      fontSize: theme.font.size.sm,
                      fontWeight: theme.font.weight.medium,
                      color: theme.color.textMuted,
                    })}
                  >
                    /month
                  </span>
                ) : null}
              </span>
            </button>
          );
        })}
      </div>

      <div css={{ marginTop: '1.25rem', display: 'grid', gap: '0.375rem' }}>
        <label
          htmlFor={CUSTOM_AMOUNT_ID}
          css={(theme) => ({ fontWeight: theme.font.weight.medium, fontSize: theme.font.size.sm })}
        >
          Custom Amount
        </label>
        <div css={{ position: 'relative' }}>
          <span
            aria-hidden="true"
            css={(theme) => ({
              position: 'absolute',
              left: '0.875rem',
              top: '50%',
              transform: 'translateY(-50%)',
              color: theme.color.textMuted,
              fontWeight: theme.font.weight.medium,
            })}
          >
            {symbol}
          </span>
          <input
            id={CUSTOM_AMOUNT_ID}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Other amount"
            value={state.customAmount}
            aria-invalid={amountMessage ? true : undefined}
            aria-describedby={`${CUSTOM_AMOUNT_ID}-hint${amountMessage ? ` ${AMOUNT_MESSAGE_ID}` : ''}`}
            onChange={(event) => dispatch({ type: 'setCustomAmount', value: event.currentTarget.value })}
            css={(theme) => [
              inputStyle(theme, Boolean(amountMessage)),
              { paddingLeft: `${1.15 + 0.6 * symbol.length}rem` },
            ]}
          />
        </div>
        <p
          id={`${CUSTOM_AMOUNT_ID}-hint`}
          css={(theme) => ({ margin: 0, fontSize: theme.font.size.xs, color: theme.color.textMuted })}
        >
          Whole {currencyRules(currency).unit}, at least{' '}
          {formatMoney(Math.max(100, minimumAmountCents), currency, { whole: true })}. Typing an amount replaces the
          tier you chose.
        </p>
        {amountMessage ? (
          <p
            id={AMOUNT_MESSAGE_ID}
            role="alert"
            css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.danger })}
          >
            {amountMessage}
          </p>
        ) : null}
      </div>

      <div
        css={(theme) => ({
          marginTop: '1.25rem',
          padding: theme.space(4),
          borderRadius: theme.radius.md,
          background: theme.color.surfaceMuted,
          border: `1px solid ${theme.color.border}`,
        })}
      >
        <CheckboxField
          label="Make this a monthly support"
          description={MONTHLY_NOTE}
          checked={state.isRecurring}
          onChange={(value) => dispatch({ type: 'setRecurring', value })}
        />
      </div>

      {selected && selected.perks.length > 0 ? (
        <div
          aria-label={`${selected.name} perks`}
          role="region"
          css={(theme) => ({
            marginTop: '1.25rem',
            padding: theme.space(4),
            borderRadius: theme.radius.md,
            background: theme.color.brandSoft,
            border: `1px solid ${theme.color.brand}`,
          })}
        >
          <p css={(theme) => ({ margin: '0 0 0.5rem', fontWeight: theme.font.weight.bold })}>
            <span aria-hidden="true">
              <span css={tierEmojiStyle}>{selected.emoji}</span>{' '}
            </span>
            {selected.name} perks
          </p>
          {selected.description ? (
            <p css={(theme) => ({ margin: '0 0 0.5rem', fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
              {selected.description}
            </p>
          ) : null}
          <ul css={{ margin: 0, paddingLeft: 0, listStyle: 'none', display: 'grid', gap: '0.375rem' }}>
            {selected.perks.map((perk) => (
              <li key={perk} css={{ display: 'flex', gap: '0.5rem' }}>
                <CheckIcon css={(theme) => ({ color: theme.color.success, marginTop: '0.2em' })} />
                {perk}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </CheckoutSection>
  );
}
