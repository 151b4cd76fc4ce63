import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@beabro/shared/api/api-client';
import { useCreatorProfile } from '@beabro/shared/api/get-creator-profile';
import type { SubscriptionChangeInput } from '@beabro/shared/api/change-subscription';
import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import type { SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import { formatUsd } from '@beabro/shared/money/fees';
import { supportAmountSchema } from '@beabro/shared/schemas/support';
import { Button } from '@beabro/shared/ui/button';
import { PrefixedField } from '@beabro/shared/ui/prefixed-field';
import { longDate } from '../../cancel-link/utils/describe-monthly-support';

/** Where the change first applies, in words: the next renewal's date (the month paid does not change). */
export function changeTakesEffect(subscription: SubscriptionDto): string {
  if (subscription.status === 'paused')
    return subscription.pausedUntil ? `when it resumes on ${longDate(subscription.pausedUntil)}` : 'when you resume it';
  return `at your next renewal, on ${longDate(subscription.nextChargeAt ?? subscription.currentPeriodEnd)}`;
}

/** What the supporter is told once a change is saved. */
export function changedMessage(subscription: SubscriptionDto): string {
  return `Your monthly support to ${subscription.creatorDisplayName} is now ${formatUsd(subscription.amountCents)}/month. The new amount is first charged ${changeTakesEffect(subscription)}.`;
}

type Choice = number | 'custom';

type FieldErrors = Partial<Record<'amount' | 'tierPosition', string>>;

const OFFLINE = 'We could not reach Be a Bro. Check your connection and try again.';

function minimumMessage(profile: PublicCreatorProfileDto): string {
  return `The minimum support for ${profile.displayName} is ${formatUsd(profile.minimumAmountCents, { whole: true })}`;
}

export interface ChangeMonthlyFormProps {
  subscription: SubscriptionDto;
  /** Sends the change (signed in or with the link's token); its answer is the support as it now is. */
  submit: (change: SubscriptionChangeInput) => Promise<SubscriptionDto>;
  onChanged: (subscription: SubscriptionDto) => void;
  /** A "Keep it as it is" button next to the submit button (the dialog's way out). */
  onCancel?: () => void;
}

/**
 * Raise or lower a monthly support, or move it to another of the creator's tiers: the creator's tiers
 * (name and amount) or another amount of at least their minimum. Checked here as the API checks it,
 * and the API's field messages land next to the same fields.
 */
export function ChangeMonthlyForm({ subscription, submit, onChanged, onCancel }: ChangeMonthlyFormProps) {
  const profile = useCreatorProfile(subscription.creatorUsername);
  const formId = useId();
  const tiers = profile.data?.tiers ?? [];
  const currentTier = tiers.find(
    (tier) => tier.position === subscription.tierPosition && tier.amountCents === subscription.amountCents,
  );
  const [choice, setChoice] = useState<Choice | null>(null);
  const [amount, setAmount] = useState(String(subscription.amountCents / 100));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!profile.data) {
    return profile.isError ? (
      <div css={{ display: 'flex', flexDirection: 'column', gap: '0.5rem', alignItems: 'flex-start' }}>
        <p css={{ margin: 0 }}>We could not load {subscription.creatorDisplayName}’s support options.</p>
        <Button size="sm" variant="secondary" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </div>
    ) : (
      <p role="status" css={{ margin: 0 }}>
        Loading the support options…
      </p>
    );
  }
  const creator = profile.data;
  const chosen: Choice = choice ?? currentTier?.position ?? 'custom';

  function validate(): { change: SubscriptionChangeInput } | { errors: FieldErrors } {
    if (chosen !== 'custom') {
      const tier = tiers.find((t) => t.position === chosen);
      if (!tier) return { errors: { tierPosition: 'Choose one of the support options, or a custom amount' } };
      if (tier.amountCents < creator.minimumAmountCents) return { errors: { tierPosition: minimumMessage(creator) } };
      return { change: { amount: tier.amountCents / 100, tierPosition: tier.position } };
    }
    const parsed = supportAmountSchema.safeParse(amount);
    if (!parsed.success) return { errors: { amount: parsed.error.issues[0]?.message ?? 'Enter an amount' } };
    if (parsed.data * 100 < creator.minimumAmountCents) return { errors: { amount: minimumMessage(creator) } };
    return { change: { amount: parsed.data, tierPosition: null } };
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const checked = validate();
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onChanged(await submit(checked.change));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        const { amount: amountError, tierPosition } = error.fieldErrors;
        if (amountError || tierPosition) setErrors({ amount: amountError, tierPosition });
        else setFormError(error.message);
      } else setFormError(error instanceof ApiError ? error.message : OFFLINE);
    } finally {
      setBusy(false);
    }
  };

  const tierErrorId = `${formId}-tier-error`;
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(3), minWidth: 0 })}
    >
      <fieldset
        disabled={busy}
        aria-describedby={errors.tierPosition ? tierErrorId : undefined}
        css={(theme) => ({
          border: `1px solid ${errors.tierPosition ? theme.color.danger : theme.color.border}`,
          borderRadius: theme.radius.md,
          margin: 0,
          padding: `${theme.space(2)} ${theme.space(4)} ${theme.space(3)}`,
          minWidth: 0,
        })}
      >
        <legend css={(theme) => ({ fontWeight: theme.font.weight.medium, padding: `0 ${theme.space(1)}` })}>
          New monthly amount
        </legend>
        {[...tiers, null].map((tier) => {
          const value: Choice = tier ? tier.position : 'custom';
          const belowMinimum = tier !== null && tier.amountCents < creator.minimumAmountCents;
          return (
            <label
              key={tier?.position ?? 'custom'}
              css={(theme) => ({
                display: 'flex',
                alignItems: 'center',
                gap: theme.space(2),
                padding: `${theme.space(1.5)} 0`,
                cursor: belowMinimum ? 'not-allowed' : 'pointer',
                color: belowMinimum ? theme.color.textMuted : undefined,
              })}
            >
              <input
                type="radio"
                name={`${formId}-choice`}
                checked={chosen === value}
                disabled={belowMinimum}
                onChange={() => {
                  setChoice(value);
                  setErrors({});
                }}
                css={{ width: '1.1rem', height: '1.1rem', margin: 0, flexShrink: 0 }}
              />
              <span css={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {tier ? `${tier.name}: ${formatUsd(tier.amountCents)}/month` : 'Another amount'}
              </span>
            </label>
          );
        })}
      </fieldset>
      {errors.tierPosition ? (
        <p id={tierErrorId} role="alert" css={(theme) => ({ margin: 0, color: theme.color.danger })}>
          {errors.tierPosition}
        </p>
      ) : null}
      {chosen === 'custom' ? (
        <PrefixedField
          label="Amount per month"
          prefix="$"
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            if (errors.amount) setErrors({});
          }}
          disabled={busy}
          hint={`Whole dollars, at least ${formatUsd(creator.minimumAmountCents, { whole: true })}`}
          error={errors.amount}
        />
      ) : null}
      <p css={(theme) => ({ margin: 0, color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
        The month you already paid for does not change. The new amount is charged {changeTakesEffect(subscription)},
        then every month.
      </p>
      {formError ? (
        <p
          role="alert"
          css={(theme) => ({ margin: 0, color: theme.color.danger, fontWeight: theme.font.weight.medium })}
        >
          {formError}
        </p>
      ) : null}
      <div
        css={(theme) => ({
          display: 'flex',
          flexWrap: 'wrap',
          gap: theme.space(2),
          // In the dialog, next to its way out as dialogs place them; on the page, under the form like its other buttons.
          justifyContent: onCancel ? 'flex-end' : 'flex-start',
        })}
      >
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            Keep it as it is
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Change monthly support'}
        </Button>
      </div>
    </form>
  );
}
