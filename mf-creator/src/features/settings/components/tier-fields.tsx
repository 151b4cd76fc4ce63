import { useId } from 'react';
import { useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import {
  TIER_DESCRIPTION_MAX_LENGTH,
  TIER_EMOJI_MAX_CHARS,
  TIER_NAME_MAX_LENGTH,
  TIER_PERKS_MAX,
  TIER_PERK_MAX_LENGTH,
} from '@beabro/shared/api-schemas/creator-profile';
import { isDeliveredPerk } from '@beabro/shared/data/support-tiers';
import { currencySymbol, type Currency } from '@beabro/shared/money/currencies';
import { inCurrencyText } from '@beabro/shared/money/currency-text';
import { Badge } from '@beabro/shared/ui/badge';
import { Button } from '@beabro/shared/ui/button';
import { TextAreaField, TextField } from '@beabro/shared/ui/text-field';
import { PrefixedField } from '@beabro/shared/ui/prefixed-field';
import type { SupportFormValues } from '../utils/support-form';

export interface TierFieldsProps {
  index: number;
  /** The Support Settings form this tier is part of (its values at `tiers.<index>`). */
  control: Control<SupportFormValues>;
  register: UseFormRegister<SupportFormValues>;
  setValue: UseFormSetValue<SupportFormValues>;
  errors: FieldErrors<SupportFormValues>;
  /** The creator's currency: the amount's (its symbol before the field, its messages). */
  currency: Currency;
}

/** One of the four support tiers: name, emoji, amount, monthly or one-time, description and perks. */
export function TierFields({ index, control, register, setValue, errors, currency }: TierFieldsProps) {
  const id = useId();
  const label = `Tier ${index + 1}`;
  const tier = useWatch({ control, name: `tiers.${index}` });
  const tierErrors = errors.tiers?.[index];
  const setPerks = (perks: string[]) => setValue(`tiers.${index}.perks`, perks, { shouldDirty: true });

  return (
    <fieldset
      css={(theme) => ({
        margin: 0,
        minWidth: 0,
        padding: theme.space(4),
        border: `1px solid ${theme.color.border}`,
        borderRadius: theme.radius.md,
        background: theme.color.surfaceMuted,
        display: 'grid',
        gap: theme.space(4),
      })}
    >
      <legend css={(theme) => ({ padding: `0 ${theme.space(2)}`, fontWeight: theme.font.weight.bold })}>
        {label}
        {tier.name.trim() ? `: ${tier.emoji} ${tier.name}` : ''}
      </legend>
      <div
        css={(theme) => ({
          display: 'grid',
          gap: theme.space(4),
          [theme.breakpoint.sm]: { gridTemplateColumns: '1fr 7rem 9rem' },
        })}
      >
        <TextField
          label="Name"
          maxLength={TIER_NAME_MAX_LENGTH}
          error={tierErrors?.name?.message}
          {...register(`tiers.${index}.name`)}
        />
        <TextField
          label="Emoji"
          maxLength={TIER_EMOJI_MAX_CHARS * 2}
          error={tierErrors?.emoji?.message}
          {...register(`tiers.${index}.emoji`)}
        />
        <PrefixedField
          label="Amount"
          prefix={currencySymbol(currency)}
          inputMode="numeric"
          error={inCurrencyText(tierErrors?.amount?.message, currency)}
          {...register(`tiers.${index}.amount`)}
        />
      </div>
      <label
        css={(theme) => ({
          display: 'flex',
          alignItems: 'center',
          gap: theme.space(2),
          fontSize: theme.font.size.sm,
          fontWeight: theme.font.weight.medium,
        })}
      >
        <input
          type="checkbox"
          {...register(`tiers.${index}.isRecurring`)}
          css={(theme) => ({ width: '1.125rem', height: '1.125rem', accentColor: theme.color.brand })}
        />
        Monthly support (renews every month until the supporter cancels)
      </label>
      <TextAreaField
        label="Description"
        rows={2}
        aside={`${tier.description.length}/${TIER_DESCRIPTION_MAX_LENGTH}`}
        error={tierErrors?.description?.message}
        {...register(`tiers.${index}.description`)}
      />
      <div role="group" aria-labelledby={`${id}-perks`} css={(theme) => ({ display: 'grid', gap: theme.space(2) })}>
        <span
          id={`${id}-perks`}
          css={(theme) => ({ fontWeight: theme.font.weight.medium, fontSize: theme.font.size.sm })}
        >
          {`Perks of ${label}`}
        </span>
        <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
          Perks marked “Delivered by Be a Bro” happen by themselves: receipts, the supporter wall, pausing and
          cancelling. Any other perk is a promise you keep yourself.
        </p>
        {tier.perks.length === 0 ? (
          <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
            No perks yet.
          </p>
        ) : (
          <ul css={(theme) => ({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space(2) })}>
            {tier.perks.map((perk, at) => (
              <li key={at} css={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-start' }}>
                <div css={{ flex: 1, minWidth: 0 }}>
                  <TextField
                    label={<span className="visually-hidden">{`Perk ${at + 1} of ${label}`}</span>}
                    maxLength={TIER_PERK_MAX_LENGTH}
                    error={tierErrors?.perks?.[at]?.message}
                    {...register(`tiers.${index}.perks.${at}`)}
                  />
                  {perk.trim() ? (
                    <div css={{ marginTop: '0.25rem' }}>
                      {isDeliveredPerk(perk) ? (
                        <Badge tone="success">Delivered by Be a Bro</Badge>
                      ) : (
                        <Badge tone="neutral">Yours to deliver</Badge>
                      )}
                    </div>
                  ) : null}
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove perk ${at + 1} of ${label}`}
                  onClick={() => setPerks(tier.perks.filter((_, i) => i !== at))}
                  css={{ marginTop: '0.25rem' }}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {tierErrors?.perks?.message ? (
          <p role="alert" css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.danger })}>
            {tierErrors.perks.message}
          </p>
        ) : null}
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={tier.perks.length >= TIER_PERKS_MAX}
            onClick={() => setPerks([...tier.perks, ''])}
          >
            {`Add a perk to ${label}`}
          </Button>
          {tier.perks.length >= TIER_PERKS_MAX ? (
            <span
              css={(theme) => ({
                marginLeft: theme.space(2),
                fontSize: theme.font.size.xs,
                color: theme.color.textMuted,
              })}
            >{`At most ${TIER_PERKS_MAX} perks.`}</span>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
