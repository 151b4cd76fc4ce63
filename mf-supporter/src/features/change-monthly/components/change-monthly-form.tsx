import { currencyRules, currencySymbol, formatMoney } from '@beabro/shared/money/currencies';
import { useId, useState, type FormEvent } from 'react';
import type { Theme } from '@emotion/react';
import { TIER_COUNT } from '@beabro/shared/api-schemas/creator-profile';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError } from '@beabro/shared/api/api-client';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { useCreatorProfile } from '@beabro/shared/api/get-creator-profile';
import type { SubscriptionChangeInput, SubscriptionChangeOutcome } from '@beabro/shared/api/change-subscription';
import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import type { SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import { supportAmountSchemaIn } from '@beabro/shared/schemas/support';
import { Button } from '@beabro/shared/ui/button';
import { PrefixedField } from '@beabro/shared/ui/prefixed-field';
import { longDate } from '../../subscription-link/utils/describe-monthly-support';

/** Where the change first applies, in words: the next renewal's date (the month paid does not change). */
export function changeTakesEffect(subscription: SubscriptionDto): string {
  if (subscription.status === 'paused')
    return subscription.pausedUntil ? `when it resumes on ${longDate(subscription.pausedUntil)}` : 'when you resume it';
  return `at your next renewal, on ${longDate(subscription.nextChargeAt ?? subscription.currentPeriodEnd)}`;
}

/** What the supporter is told once a change is saved. */
export function changedMessage(subscription: SubscriptionDto): string {
  return `Your monthly support to ${subscription.creatorDisplayName} is now ${formatMoney(subscription.amountCents, subscription.currency)}/month. The new amount is first charged ${changeTakesEffect(subscription)}.`;
}

type Choice = number | 'custom';

/** The form's fields, named like the API's: the chosen option ("" until one is picked: the current one) and the amount typed. */
interface ChangeValues {
  tierPosition: string;
  amount: string;
}

type FieldErrors = Partial<Record<keyof ChangeValues, string>>;

const OFFLINE = 'We could not reach Be a Bro. Check your connection and try again.';

function minimumMessage(profile: PublicCreatorProfileDto): string {
  return `The minimum support for ${profile.displayName} is ${formatMoney(profile.minimumAmountCents, profile.currency, { whole: true })}`;
}

const RADIO_SIZE = { width: '1.1rem', height: '1.1rem', margin: 0, flexShrink: 0 } as const;

/** One choice of the form: a radio and its label (a tier's name over its amount, or "Another amount"). */
const choiceRow = (theme: Theme) =>
  ({ display: 'flex', alignItems: 'center', gap: theme.space(2), padding: `${theme.space(1.5)} 0` }) as const;

const CHOICE_TEXT = { minWidth: 0, overflowWrap: 'anywhere', display: 'flex', flexDirection: 'column' } as const;

/** One line whatever the width (a narrow screen cuts it short), as the name it stands in for. */
const ONE_LINE = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** A line's place in a choice while the options load: as high as a line of text. */
function LoadingLine({ width }: { width: string }) {
  return (
    <span
      aria-hidden="true"
      css={(theme) => ({ width, borderRadius: theme.radius.sm, background: theme.color.border })}
    >
      {'\u00a0'}
    </span>
  );
}

/**
 * The choices' places while the creator's options load: a row of two lines (name, amount) for each of the
 * TIER_COUNT tiers, the first saying so, and a row of one line for another amount.
 */
function LoadingChoices() {
  return (
    <>
      {Array.from({ length: TIER_COUNT + 1 }, (_, row) => (
        <div key={row} css={(theme) => ({ ...choiceRow(theme), color: theme.color.textMuted })}>
          <span aria-hidden="true" css={RADIO_SIZE} />
          <span css={{ ...CHOICE_TEXT, flex: 1 }}>
            {row === 0 ? (
              <span role="status" css={ONE_LINE}>
                Loading the support options…
              </span>
            ) : (
              <LoadingLine width="45%" />
            )}
            {row < TIER_COUNT ? <LoadingLine width="30%" /> : null}
          </span>
        </div>
      ))}
    </>
  );
}

export interface ChangeMonthlyFormProps {
  subscription: SubscriptionDto;
  /**
   * Sends the change (signed in or with the link's token): the support as it now is, or (a raise through the
   * link) the words saying a confirmation link was emailed, shown next to the form.
   */
  submit: (change: SubscriptionChangeInput) => Promise<SubscriptionChangeOutcome>;
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
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    control,
    formState: { errors, isSubmitting: busy },
  } = useForm<ChangeValues, unknown, SubscriptionChangeInput>({
    defaultValues: { tierPosition: '', amount: String(subscription.amountCents / 100) },
    // Checked against this creator's options and minimum, as the API checks it.
    resolver: (values) => {
      const checked = validate(values);
      if ('change' in checked) return { values: checked.change, errors: {} };
      const found = Object.entries(checked.errors).map(([name, message]) => [name, { type: 'validate', message }]);
      return { values: {}, errors: Object.fromEntries(found) };
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const picked = useWatch({ control, name: 'tierPosition' });
  const [formError, setFormError] = useState<string | null>(null);
  const [emailed, setEmailed] = useState<string | null>(null);
  const choiceOf = (value: string): Choice =>
    value === '' ? (currentTier?.position ?? 'custom') : value === 'custom' ? 'custom' : Number(value);
  const chosen = choiceOf(picked);

  function validate(values: ChangeValues): { change: SubscriptionChangeInput } | { errors: FieldErrors } {
    const creator = profile.data;
    if (!creator) return { errors: { tierPosition: 'Choose one of the support options, or a custom amount' } };
    const choice = choiceOf(values.tierPosition);
    if (choice !== 'custom') {
      const tier = tiers.find((t) => t.position === choice);
      if (!tier) return { errors: { tierPosition: 'Choose one of the support options, or a custom amount' } };
      if (tier.amountCents < creator.minimumAmountCents) return { errors: { tierPosition: minimumMessage(creator) } };
      return { change: { amount: tier.amountCents / 100, tierPosition: tier.position } };
    }
    const parsed = supportAmountSchemaIn(creator.currency).safeParse(values.amount);
    if (!parsed.success) return { errors: { amount: parsed.error.issues[0]?.message ?? 'Enter an amount' } };
    if (parsed.data * 100 < creator.minimumAmountCents) return { errors: { amount: minimumMessage(creator) } };
    return { change: { amount: parsed.data, tierPosition: null } };
  }

  async function send(change: SubscriptionChangeInput) {
    try {
      const outcome = await submit(change);
      if (outcome.kind === 'emailed') setEmailed(outcome.message);
      else onChanged(outcome.subscription);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        const { amount: amountError, tierPosition } = error.fieldErrors;
        if (!setApiFieldErrors(setError, { amount: amountError, tierPosition })) setFormError(error.message);
      } else setFormError(error instanceof ApiError ? error.message : OFFLINE);
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) return event.preventDefault();
    setFormError(null);
    setEmailed(null);
    void handleSubmit(send)(event);
  };

  const creator = profile.data;
  if (!creator && profile.isError) {
    return (
      <div css={{ display: 'flex', flexDirection: 'column', gap: '0.5rem', alignItems: 'flex-start' }}>
        <p css={{ margin: 0 }}>We could not load {subscription.creatorDisplayName}’s support options.</p>
        <Button size="sm" variant="secondary" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  // Until the creator's options arrive, the form keeps its final shape (every creator has TIER_COUNT tiers, and
  // the amount field shows for a custom amount), so nothing under it moves when they do (a page opened at #card).
  const showAmount = creator ? chosen === 'custom' : subscription.tierPosition === null;

  const tierErrorId = `${formId}-tier-error`;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={creator ? undefined : true}
      css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(3), minWidth: 0 })}
    >
      <fieldset
        disabled={busy || !creator}
        aria-describedby={errors.tierPosition ? tierErrorId : undefined}
        css={(theme) => ({
          border: `1px solid ${errors.tierPosition?.message ? theme.color.danger : theme.color.border}`,
          borderRadius: theme.radius.md,
          margin: 0,
          padding: `${theme.space(2)} ${theme.space(4)} ${theme.space(3)}`,
          minWidth: 0,
        })}
      >
        <legend css={(theme) => ({ fontWeight: theme.font.weight.medium, padding: `0 ${theme.space(1)}` })}>
          New monthly amount
        </legend>
        {creator ? (
          [...tiers, null].map((tier) => {
            const value: Choice = tier ? tier.position : 'custom';
            const belowMinimum = tier !== null && tier.amountCents < creator.minimumAmountCents;
            return (
              <label
                key={tier?.position ?? 'custom'}
                css={(theme) => ({
                  ...choiceRow(theme),
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
                    setValue('tierPosition', String(value));
                    clearErrors();
                  }}
                  css={RADIO_SIZE}
                />
                {tier ? (
                  // The name, then the amount under it: a row's height does not hang on how long the name is.
                  <span css={CHOICE_TEXT}>
                    <span>{tier.name}:</span>{' '}
                    <span css={(theme) => ({ fontWeight: theme.font.weight.medium })}>
                      {formatMoney(tier.amountCents, subscription.currency)}/month
                    </span>
                  </span>
                ) : (
                  <span css={CHOICE_TEXT}>Another amount</span>
                )}
              </label>
            );
          })
        ) : (
          <LoadingChoices />
        )}
      </fieldset>
      {errors.tierPosition?.message ? (
        <p id={tierErrorId} role="alert" css={(theme) => ({ margin: 0, color: theme.color.danger })}>
          {errors.tierPosition.message}
        </p>
      ) : null}
      {showAmount ? (
        <PrefixedField
          label="Amount per month"
          prefix={currencySymbol(subscription.currency)}
          inputMode="numeric"
          autoComplete="off"
          {...register('amount', {
            onChange: () => {
              if (errors.amount) clearErrors();
            },
          })}
          disabled={busy || !creator}
          // One line either way: the minimum is the creator's.
          hint={
            creator
              ? `Whole ${currencyRules(creator.currency).unit}, at least ${formatMoney(creator.minimumAmountCents, creator.currency, { whole: true })}`
              : '\u00a0'
          }
          error={errors.amount?.message}
        />
      ) : null}
      <p css={(theme) => ({ margin: 0, color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
        The month you already paid for does not change. The new amount is charged {changeTakesEffect(subscription)},
        then every month.
      </p>
      {emailed ? (
        <p role="status" css={(theme) => ({ margin: 0, fontWeight: theme.font.weight.medium })}>
          {emailed}
        </p>
      ) : null}
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
        <Button type="submit" disabled={busy || !creator}>
          {busy ? 'Saving…' : 'Change monthly support'}
        </Button>
      </div>
    </form>
  );
}
