import { formatMoney } from '@beabro/shared/money/currencies';
import { useState } from 'react';
import { PAUSE_MONTHS, type PauseMonths, type SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import { ConfirmDialog } from '@beabro/shared/ui/modal';
import { formatDate } from '../../../lib/format-date';

export interface PauseMonthlyDialogProps {
  subscription: SubscriptionDto | null;
  busy: boolean;
  error: string | null;
  onConfirm: (months: PauseMonths | null) => void;
  onClose: () => void;
}

type Choice = `${PauseMonths}` | 'until-resumed';

const CHOICES: ReadonlyArray<{ value: Choice; label: string }> = [
  ...PAUSE_MONTHS.map((m) => ({ value: `${m}` as Choice, label: m === 1 ? '1 month' : `${m} months` })),
  { value: 'until-resumed', label: 'Until I resume it' },
];

/** Asks how long to pause (1, 2 or 3 months, or until resumed) and says what happens meanwhile. */
export function PauseMonthlyDialog({ subscription, busy, error, onConfirm, onClose }: PauseMonthlyDialogProps) {
  const [choice, setChoice] = useState<Choice>('1');
  const amount = subscription ? `${formatMoney(subscription.amountCents, subscription.currency)}/month` : '';
  return (
    <ConfirmDialog
      open={subscription !== null}
      title="Pause monthly support?"
      busy={busy}
      confirmLabel={busy ? 'Pausing...' : 'Pause monthly support'}
      cancelLabel="Keep it running"
      onConfirm={() => onConfirm(choice === 'until-resumed' ? null : (Number(choice) as PauseMonths))}
      onCancel={onClose}
      message={
        subscription ? (
          <>
            <p css={{ margin: 0 }}>
              Nothing is charged for your {amount} support to <strong>{subscription.creatorDisplayName}</strong> while
              it is paused. The month you paid for runs to <strong>{formatDate(subscription.currentPeriodEnd)}</strong>.
              You can resume any time.
            </p>
            <fieldset
              css={(theme) => ({
                border: `1px solid ${theme.color.border}`,
                borderRadius: theme.radius.md,
                margin: `${theme.space(4)} 0 0`,
                padding: theme.space(3),
              })}
            >
              <legend css={(theme) => ({ fontWeight: theme.font.weight.medium, padding: `0 ${theme.space(1)}` })}>
                Pause for
              </legend>
              {CHOICES.map((c) => (
                <label
                  key={c.value}
                  css={(theme) => ({
                    display: 'flex',
                    alignItems: 'center',
                    gap: theme.space(2),
                    padding: `${theme.space(1)} 0`,
                    cursor: 'pointer',
                  })}
                >
                  <input
                    type="radio"
                    name="pause-months"
                    value={c.value}
                    checked={choice === c.value}
                    onChange={() => setChoice(c.value)}
                    disabled={busy}
                    css={{ width: '1.1rem', height: '1.1rem', margin: 0 }}
                  />
                  {c.label}
                </label>
              ))}
            </fieldset>
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
        ) : null
      }
    />
  );
}
