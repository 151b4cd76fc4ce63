import { focusRing } from '@beabro/shared/ui/focus-ring';
import { TextField } from '@beabro/shared/ui/text-field';
import { formatCardNumber, formatExpiry } from '../utils/card-input';
import type { FieldErrors, FieldKey } from '../utils/checkout-request';
import type { SupportFormAction, SupportFormState } from '../utils/support-form-state';
import { CheckoutSection } from './checkout-section';
import { FIELD_IDS } from './supporter-details';
import { FlaskIcon } from '@beabro/shared/ui/icons/flask';

/** The sandbox's test cards (api/src/modules/payments/sandbox): what a tester can type, and what happens. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'payment succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'card is declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficient funds' },
] as const;

export interface CardDetailsProps {
  state: SupportFormState;
  dispatch: (action: SupportFormAction) => void;
  errors: FieldErrors;
  onEdit: (field: FieldKey) => void;
}

/** Card number, expiry (MM/YY) and CVC, under a clear test-mode notice: no real card is ever charged. */
export function CardDetails({ state, dispatch, errors, onEdit }: CardDetailsProps) {
  const setNumber = (value: string) => {
    dispatch({ type: 'setField', field: 'cardNumber', value: formatCardNumber(value) });
    onEdit('cardNumber');
  };
  return (
    <CheckoutSection step={3} title="Payment details">
      <div
        role="note"
        aria-label="Test mode"
        css={(theme) => ({
          marginBottom: '1.25rem',
          padding: theme.space(4),
          borderRadius: theme.radius.md,
          background: theme.color.warningSoft,
          border: `1px solid ${theme.color.warning}`,
          color: theme.color.warning,
          fontSize: theme.font.size.sm,
        })}
      >
        <p css={(theme) => ({ margin: 0, fontWeight: theme.font.weight.bold, letterSpacing: '0.04em' })}>
          <FlaskIcon /> TEST MODE
        </p>
        <p css={{ margin: '0.25rem 0 0.5rem' }}>
          Payments here are simulated: no real card is charged and no money moves. Use a test card with any future
          expiry date and any 3-digit CVC (select a number to fill it in):
        </p>
        <ul css={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: '0.25rem' }}>
          {TEST_CARDS.map((card) => (
            <li
              key={card.number}
              css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.25rem 0.5rem' }}
            >
              <button
                type="button"
                onClick={() => setNumber(card.number)}
                css={(theme) => [
                  {
                    font: 'inherit',
                    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                    fontWeight: theme.font.weight.bold,
                    padding: '0.125rem 0.5rem',
                    borderRadius: theme.radius.sm,
                    border: `1px solid ${theme.color.warning}`,
                    background: theme.color.surface,
                    color: theme.color.warning,
                    cursor: 'pointer',
                  },
                  focusRing(theme),
                ]}
              >
                <span className="visually-hidden">Use test card </span>
                {card.number}
              </button>
              <span>{card.outcome}</span>
            </li>
          ))}
        </ul>
      </div>

      <div css={{ display: 'grid', gap: '1rem' }}>
        <TextField
          id={FIELD_IDS.cardNumber}
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={state.cardNumber}
          error={errors.cardNumber}
          onChange={(event) => setNumber(event.currentTarget.value)}
        />
        <div css={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
          <TextField
            id={FIELD_IDS.cardExpiry}
            label="Expiry date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={state.cardExpiry}
            error={errors.cardExpiry}
            onChange={(event) => {
              dispatch({
                type: 'setField',
                field: 'cardExpiry',
                value: formatExpiry(event.currentTarget.value, state.cardExpiry),
              });
              onEdit('cardExpiry');
            }}
          />
          <TextField
            id={FIELD_IDS.cardCvc}
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={state.cardCvc}
            error={errors.cardCvc}
            onChange={(event) => {
              dispatch({
                type: 'setField',
                field: 'cardCvc',
                value: event.currentTarget.value.replace(/\D/g, '').slice(0, 4),
              });
              onEdit('cardCvc');
            }}
          />
        </div>
      </div>
    </CheckoutSection>
  );
}
