import type { SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import { Modal } from '@beabro/shared/ui/modal';
import { ReplaceCardForm, type CardChangeOutcome } from '../../replace-card/components/replace-card-form';

export interface ReplaceCardDialogProps {
  subscription: SubscriptionDto | null;
  onDone: (outcome: CardChangeOutcome) => void;
  onClose: () => void;
}

/** My Missions' "Replace card" (or "Update card" while a renewal is being retried: the new card is charged at once). */
export function ReplaceCardDialog({ subscription, onDone, onClose }: ReplaceCardDialogProps) {
  const retrying = subscription?.status === 'past_due';
  return (
    <Modal open={subscription !== null} title={retrying ? 'Update your card' : 'Replace your card'} onClose={onClose}>
      {subscription ? (
        <>
          <p css={(theme) => ({ margin: `0 0 ${theme.space(3)}` })}>
            {retrying
              ? `The last renewal of your monthly support to ${subscription.creatorDisplayName} did not go through. Your new card is charged as soon as you save it.`
              : `Your monthly support to ${subscription.creatorDisplayName} is charged to the new card from its next renewal. Nothing is charged now.`}
          </p>
          <ReplaceCardForm
            target={{ id: subscription.id }}
            subscription={subscription}
            onDone={onDone}
            onCancel={onClose}
          />
        </>
      ) : null}
    </Modal>
  );
}
