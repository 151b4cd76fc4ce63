import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@beabro/shared/api/api-client';
import { newIdempotencyKey } from '@beabro/shared/api/new-idempotency-key';
import { useRefundSupport } from '@beabro/shared/api/refund-support';
import {
  centsToAmountText,
  REFUND_MESSAGES,
  REFUND_NOTE_MAX,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  refundAmountToCents,
  type RefundReason,
  type RefundResponse,
} from '@beabro/shared/api-schemas/refunds';
import type { ReceivedSupportDto } from '@beabro/shared/api-schemas/supports';
import { calculateRefundSplit, formatUsd } from '@beabro/shared/money/fees';
import { Button } from '@beabro/shared/ui/button';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { Modal } from '@beabro/shared/ui/modal';
import { SelectField } from '@beabro/shared/ui/select-field';
import { TextAreaField, TextField } from '@beabro/shared/ui/text-field';
import { errorMessage } from '../../../lib/error-message';
import { focusFirstInvalid, type FieldErrors } from '@beabro/shared/schemas/field-errors';

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
  const [amount, setAmount] = useState(centsToAmountText(support.refundableCents));
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [note, setNote] = useState('');
  const [cancelSubscription, setCancelSubscription] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const parsed = refundAmountToCents(amount, support.refundableCents);
  const split =
    'cents' in parsed
      ? calculateRefundSplit(
          support,
          { refundedCents: support.refundedCents, platformFeeReturnedCents: support.platformFeeReturnedCents },
          parsed.cents,
        )
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: FieldErrors = {};
    if ('error' in parsed) next.amountCents = parsed.error;
    if (!reason) next.reason = REFUND_MESSAGES.reasonRequired;
    if (note.trim().length > REFUND_NOTE_MAX) next.note = REFUND_MESSAGES.noteTooLong;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0 || !('cents' in parsed) || !reason) {
      focusFirstInvalid(formRef.current);
      return;
    }
    refund.mutate(
      {
        supportId: support.id,
        idempotencyKey: attemptKey.current,
        body: { amountCents: parsed.cents, reason, note: note.trim(), cancelSubscription },
      },
      {
        onSuccess: (answer) => onRefunded(answer),
        onError: (error) => {
          if (error instanceof ApiError) attemptKey.current = newIdempotencyKey();
          const fields = error instanceof ApiError ? error.fieldErrors : {};
          setErrors(fields);
          setFormError(
            Object.keys(fields).length > 0
              ? null
              : errorMessage(error, 'The refund could not be made. Please try again.'),
          );
          focusFirstInvalid(formRef.current);
        },
      },
    );
  }

  const busy = refund.isPending;
  return (
    <form ref={formRef} noValidate onSubmit={submit} css={(theme) => ({ display: 'grid', gap: theme.space(4) })}>
      <p css={{ margin: 0 }}>
        {`${supporterLabel} gave ${formatUsd(support.amountCents)}`}
        {support.refundedCents > 0 ? `; ${formatUsd(support.refundedCents)} already refunded` : ''}
        {`. You can refund up to ${formatUsd(support.refundableCents)}.`}
      </p>
      <TextField
        label="Amount to refund (USD)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => {
          setAmount(event.currentTarget.value);
          setErrors(({ amountCents: _fixed, ...rest }) => rest);
        }}
        error={errors.amountCents}
        disabled={busy}
      />
      <SelectField
        label="Reason"
        placeholder="Choose a reason"
        options={REASON_OPTIONS}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value as RefundReason | '');
          setErrors(({ reason: _fixed, ...rest }) => rest);
        }}
        error={errors.reason}
        disabled={busy}
      />
      <TextAreaField
        label="Note to the supporter (optional)"
        hint="Included in the refund email we send them."
        aside={`${note.length}/${REFUND_NOTE_MAX}`}
        rows={3}
        maxLength={REFUND_NOTE_MAX + 50}
        value={note}
        onChange={(event) => {
          setNote(event.currentTarget.value);
          setErrors(({ note: _fixed, ...rest }) => rest);
        }}
        error={errors.note}
        disabled={busy}
      />
      {support.subscriptionActive ? (
        <div css={{ display: 'flex', flexDirection: 'column', gap: '0.25rem' }}>
          <div css={{ display: 'flex', gap: '0.625rem', alignItems: 'flex-start' }}>
            <input
              id={`cancel-${support.id}`}
              type="checkbox"
              checked={cancelSubscription}
              disabled={busy}
              aria-invalid={errors.cancelSubscription ? true : undefined}
              aria-describedby={errors.cancelSubscription ? `cancel-${support.id}-error` : undefined}
              onChange={(event) => setCancelSubscription(event.currentTarget.checked)}
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
              {errors.cancelSubscription}
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
            <dd css={{ margin: 0, textAlign: 'right' }}>{formatUsd(split.amountCents)}</dd>
            <dt>Platform fee we return to you</dt>
            <dd css={{ margin: 0, textAlign: 'right' }}>{formatUsd(split.platformFeeReturnedCents)}</dd>
            <dt css={(theme) => ({ fontWeight: theme.font.weight.bold })}>Comes off your balance</dt>
            <dd css={(theme) => ({ margin: 0, textAlign: 'right', fontWeight: theme.font.weight.bold })}>
              {formatUsd(split.creatorDebitCents)}
            </dd>
          </dl>
        ) : (
          <p css={{ margin: 0 }}>Enter an amount to see what comes off your balance.</p>
        )}
        <p css={(theme) => ({ margin: `${theme.space(2)} 0 0`, color: theme.color.textMuted })}>
          {`The 5% platform fee is returned in proportion to the amount refunded. The payment processing fee (${formatUsd(support.processingFeeCents)}) is kept by the card processor, as on other platforms, so it is not returned. If this support was already paid out, your next payouts recover the refund first.`}
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
          {busy ? 'Refunding...' : split ? `Refund ${formatUsd(split.amountCents)}` : 'Refund'}
        </Button>
      </div>
    </form>
  );
}
