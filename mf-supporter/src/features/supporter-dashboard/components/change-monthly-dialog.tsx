import { formatMoney } from '@beabro/shared/money/currencies';
import type { SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import { Modal } from '@beabro/shared/ui/modal';
import { ChangeMonthlyForm } from '../../change-monthly/components/change-monthly-form';
import { useChangeSubscription } from '../api/change-subscription';

export interface ChangeMonthlyDialogProps {
  subscription: SubscriptionDto | null;
  onChanged: (subscription: SubscriptionDto) => void;
  onClose: () => void;
}

/** My Missions' "Change amount": the creator's tiers or another amount, from the next renewal. */
export function ChangeMonthlyDialog({ subscription, onChanged, onClose }: ChangeMonthlyDialogProps) {
  const change = useChangeSubscription();
  return (
    <Modal open={subscription !== null} title="Change monthly support" onClose={onClose}>
      {subscription ? (
        <>
          <p css={(theme) => ({ margin: `0 0 ${theme.space(3)}` })}>
            You give <strong>{formatMoney(subscription.amountCents, subscription.currency)}/month</strong> to{' '}
            <strong>{subscription.creatorDisplayName}</strong>.
          </p>
          <ChangeMonthlyForm
            subscription={subscription}
            submit={async (values) => ({ kind: 'changed', subscription: await change(subscription.id, values) })}
            onChanged={onChanged}
            onCancel={onClose}
          />
        </>
      ) : null}
    </Modal>
  );
}
