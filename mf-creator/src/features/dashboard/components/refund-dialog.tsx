import { formatMoney } from '@beabro/shared/money/currencies';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '@beabro/shared/api/api-client';
import { newIdempotencyKey } from '@beabro/shared/api/new-idempotency-key';
import { useRefundSupport } from '@beabro/shared/api/refund-support';
import {
  centsToAmountText,
  REFUND_NOTE_MAX,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  refundAmountToCents,
  type RefundRequest,
  type RefundResponse,
} from '@beabro/shared/api-schemas/refunds';
import type { ReceivedSupportDto } from '@beabro/shared/api-schemas/supports';
import { calculateRefundSplit } from '@beabro/shared/money/fees';
import { Button } from '@beabro/shared/ui/button';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { Modal } from '@beabro/shared/ui/modal';
import { SelectField } from '@beabro/shared/ui/select-field';
import { TextAreaField, TextField } from '@beabro/shared/ui/text-field';
import { errorMessage } from '../../../lib/error-message';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { focusFirstInvalid } from '@beabro/shared/schemas/field-errors';
import { refundFormSchema, type RefundFormInput } from '@beabro/shared/schemas/refund-form';

const REASON_OPTIONS = REFUND_REASONS.map((value) => ({ value, label: REFUND_REASON_LABELS[value] }));

export interface RefundDialogProps {
  /** The support to refund; null keeps the dialog closed. */
  support: ReceivedSupportDto | null;
  supporterLabel: string;
  onClose: () => void;
  onRefunded: (answer: RefundResponse) => void;
}

/**
 * Refunds a support in full or in part: amount (what is left by default), reason, an optional note for
 * the supporter's email, and for a monthly support's charge whether to end the monthly support too. The
 * summary shows what goes back and what comes off the creator's balance, with the same fee function as
 * the ledger.
 */
export function RefundDialog({ support, supporterLabel, onClose, onRefunded }: RefundDialogProps) {
  return (
    <Modal open={support !== null} title="Refund support" onClose={onClose}>
      {support ? (
        <RefundForm
          key={support.id}
          support={support}
          supporterLabel={supporterLabel}
          onClose={onClose}
          onRefunded={onRefunded}
        />
      ) : null}
    </Modal>
  );
}

function RefundForm({
  support,
  supporterLabel,
  onClose,
  onRefunded,
}: { support: ReceivedSupportDto } & Omit<RefundDialogProps, 'support'>) {
  const refund = useRefundSupport();
  const formRef = useRef<HTMLFormElement>(null);
  // One key per attempt: kept after a network failure (the retry refunds once), renewed once the server has answered.
  const attemptKey = useRef(newIdempotencyKey());
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<RefundFormInput, unknown, Required<RefundRequest>>({
    defaultValues: {
      amountCents: centsToAmountText(support.refundableCents),
      reason: '',
      note: '',
      cancelSubscription: false,
    },
    resolver: zodResolver(refundFormSchema(support.refundableCents, support.currency)),
    // Editing a field clears its message until the next attempt; focus goes to the first field in error (below).
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const [amount, note] = useWatch({ control, name: ['amountCents', 'note'] });
  const parsed = refundAmountToCents(amount, support.refundableCents, support.currency);
  const split =
    'cents' in parsed
      ? calculateRefundSplit(
          support,
          { refundedCents: support.refundedCents, platformFeeReturnedCents: support.platformFeeReturnedCents },
          parsed.cents,
        )
      : null;

  const editing = (name: 'amountCents' | 'reason' | 'note') => ({ onChange: () => clearErrors(name) });

  const onValid = (body: Required<RefundRequest>) => {
    setFormError(null);
    refund.mutate(
      { supportId: support.id, idempotencyKey: attemptKey.current, body },
      {
        onSuccess: (answer) => onRefunded(answer),
        onError: (error) => {
          if (error instanceof ApiError) attemptKey.current = newIdempotencyKey();
          const named = setApiFieldErrors(setError, error instanceof ApiError ? error.fieldErrors : {});
          setFormError(named ? null : errorMessage(error, 'The refund could not be made. Please try again.'));
          // The fields are still disabled here: focus once they are back.
          focusFirstInvalid(formRef.current);
        },
      },
    );
  };

  const onInvalid = () => {
    setFormError(null);
    focusFirstInvalid(formRef.current);
  };

  const busy = refund.isPending;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      css={(theme) => ({ display: 'grid', gap: theme.space(4) })}
    >
      <p css={{ margin: 0 }}>
        {`${supporterLabel} gave ${formatMoney(support.amountCents, support.currency)}`}
        {support.refundedCents > 0 ? `; ${formatMoney(support.refundedCents, support.currency)} already refunded` : ''}
        {`. You can refund up to ${formatMoney(support.refundableCents, support.currency)}.`}
      </p>
      <TextField
        label={`Amount to refund (${support.currency.toUpperCase()})`}
        inputMode="decimal"
        autoComplete="off"
        {...register('amountCents', editing('amountCents'))}
        error={errors.amountCents?.message}
        disabled={busy}
      />
      <Controller
        control={control}
        name="reason"
        render={({ field: { ref: _focusedByItsError, ...field } }) => (
          <SelectField
            label="Reason"
            placeholder="Choose a reason"
            options={REASON_OPTIONS}
            {...field}
            onChange={(event) => {
              field.onChange(event);
              clearErrors('reason');
            }}
            error={errors.reason?.message}
            disabled={busy}
          />
        )}
      />
      <TextAreaField
        label="Note to the supporter (optional)"
        hint="Included in the refund email we send them."
        aside={`${note.length}/${REFUND_NOTE_MAX}`}
        rows={3}
        maxLength={REFUND_NOTE_MAX + 50}
        {...register('note', editing('note'))}
        error={errors.note?.message}
        disabled={busy}
      />
      {support.subscriptionActive ? (
        <div css={{ display: 'flex', flexDirection: 'column', gap: '0.25rem' }}>
          <div css={{ display: 'flex', gap: '0.625rem', alignItems: 'flex-start' }}>
            <input
              id={`cancel-${support.id}`}
              type="checkbox"
              {...register('cancelSubscription')}
              disabled={busy}
              aria-invalid={errors.cancelSubscription ? true : undefined}
              aria-describedby={errors.cancelSubscription ? `cancel-${support.id}-error` : undefined}
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
            <label htmlFor={`cancel-${support.id}`} css={{ cursor: 'pointer' }}>
              Also cancel this monthly support now (no further charges)
            </label>
          </div>
          {errors.cancelSubscription ? (
            <p
              id={`cancel-${support.id}-error`}
              role="alert"
              css={(theme) => ({ margin: 0, color: theme.color.danger, fontSize: theme.font.size.sm })}
            >
              {errors.cancelSubscription.message}
            </p>
          ) : null}
        </div>
      ) : null}

      <div
        aria-live="polite"
        css={(theme) => ({
          background: theme.color.surfaceMuted,
          borderRadius: theme.radius.md,
          padding: theme.space(3),
          fontSize: theme.font.size.sm,
        })}
      >
        {split ? (
          <dl css={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: '0.25rem 1rem' }}>
            <dt>Back to the supporter</dt>
            <dd css={{ margin: 0, textAlign: 'right' }}>{formatMoney(split.amountCents, support.currency)}</dd>
            <dt>Platform fee we return to you</dt>
            <dd css={{ margin: 0, textAlign: 'right' }}>
              {formatMoney(split.platformFeeReturnedCents, support.currency)}
            </dd>
            <dt css={(theme) => ({ fontWeight: theme.font.weight.bold })}>Comes off your balance</dt>
            <dd css={(theme) => ({ margin: 0, textAlign: 'right', fontWeight: theme.font.weight.bold })}>
              {formatMoney(split.creatorDebitCents, support.currency)}
            </dd>
          </dl>
        ) : (
          <p css={{ margin: 0 }}>Enter an amount to see what comes off your balance.</p>
        )}
        <p css={(theme) => ({ margin: `${theme.space(2)} 0 0`, color: theme.color.textMuted })}>
          {`The 5% platform fee is returned in proportion to the amount refunded. The payment processing fee (${formatMoney(support.processingFeeCents, support.currency)}) is kept by the card processor, as on other platforms, so it is not returned. If this support was already paid out, your next payouts recover the refund first.`}
        </p>
      </div>

      {formError ? (
        <p
          role="alert"
          tabIndex={-1}
          aria-invalid="true"
          css={(theme) => ({
            margin: 0,
            padding: theme.space(3),
            borderRadius: theme.radius.md,
            background: theme.color.dangerSoft,
            color: theme.color.danger,
          })}
        >
          {formError}
        </p>
      ) : null}
      <div css={{ display: 'flex', justifyContent: 'flex-end', gap: '0.5rem', flexWrap: 'wrap' }}>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? 'Refunding...' : split ? `Refund ${formatMoney(split.amountCents, support.currency)}` : 'Refund'}
        </Button>
      </div>
    </form>
  );
}
