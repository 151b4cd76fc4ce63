import { formatMoney } from '@beabro/shared/money/currencies';
import type { SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import { ConfirmDialog } from '@beabro/shared/ui/modal';
import { formatDate } from '../lib/format-date';

export interface CancelMonthlyDialogProps {
  subscription: SubscriptionDto | null;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirm step before a monthly support stops (My Missions, a receipt's link page): when it ends, what is charged. */
export function CancelMonthlyDialog({ subscription, busy, error, onConfirm, onClose }: CancelMonthlyDialogProps) {
  const amount = subscription ? `${formatMoney(subscription.amountCents, subscription.currency)}/month` : '';
  const pausedPastPaidMonth =
    subscription?.status === 'paused' && new Date(subscription.currentPeriodEnd) <= new Date();
  const message = !subscription ? null : pausedPastPaidMonth ? (
    <p css={{ margin: 0 }}>
      Your paused {amount} support to <strong>{subscription.creatorDisplayName}</strong> will stop now. You will not be
      charged again.
    </p>
  ) : subscription.status === 'past_due' ? (
    <p css={{ margin: 0 }}>
      Your {amount} support to <strong>{subscription.creatorDisplayName}</strong> will stop now. Its last renewal did
      not go through, so no paid month is left and you will not be charged again.
    </p>
  ) : (
    <p css={{ margin: 0 }}>
      Your {amount} support to <strong>{subscription.creatorDisplayName}</strong> will not renew. You will not be
      charged again: it stays active until the end of the month you have paid for, on{' '}
      <strong>{formatDate(subscription.currentPeriodEnd)}</strong>.
    </p>
  );
  return (
    <ConfirmDialog
      open={subscription !== null}
      title="Cancel monthly support?"
      tone="danger"
      busy={busy}
      confirmLabel={busy ? 'Canceling...' : 'Cancel monthly support'}
      cancelLabel="Keep supporting"
      onConfirm={onConfirm}
      onCancel={onClose}
      message={
        <>
          {message}
          {error ? (
            <p
              role="alert"
              css={(theme) => ({
                margin: `${theme.space(3)} 0 0`,
                color: theme.color.danger,
                fontWeight: theme.font.weight.medium,
              })}
            >
              {error}
            </p>
          ) : null}
        </>
      }
    />
  );
}
