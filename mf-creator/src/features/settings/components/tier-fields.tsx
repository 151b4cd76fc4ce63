import { useId } from 'react';
import {
  TIER_DESCRIPTION_MAX_LENGTH,
  TIER_EMOJI_MAX_CHARS,
  TIER_NAME_MAX_LENGTH,
  TIER_PERKS_MAX,
  TIER_PERK_MAX_LENGTH,
} from '@beabro/shared/api-schemas/creator-profile';
import { isDeliveredPerk } from '@beabro/shared/data/support-tiers';
import { Badge } from '@beabro/shared/ui/badge';
import { Button } from '@beabro/shared/ui/button';
import { TextAreaField, TextField } from '@beabro/shared/ui/text-field';
import { PrefixedField } from '@beabro/shared/ui/prefixed-field';
import type { FieldErrors } from '@beabro/shared/schemas/field-errors';
import type { TierFormValues } from '../utils/support-form';

export interface TierFieldsProps {
  index: number;
  tier: TierFormValues;
  errors: FieldErrors;
  onChange: (tier: TierFormValues) => void;
}

/** One of the four support tiers: name, emoji, amount, monthly or one-time, description and perks. */
export function TierFields({ index, tier, errors, onChange }: TierFieldsProps) {
  const id = useId();
  const key = (field: string) => `tiers.${index}.${field}`;
  const label = `Tier ${index + 1}`;
  const set = (patch: Partial<TierFormValues>) => onChange({ ...tier, ...patch });
  const setPerk = (at: number, text: string) => set({ perks: tier.perks.map((perk, i) => (i === at ? text : perk)) });

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
          value={tier.name}
          maxLength={TIER_NAME_MAX_LENGTH}
          error={errors[key('name')]}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <TextField
          label="Emoji"
          value={tier.emoji}
          maxLength={TIER_EMOJI_MAX_CHARS * 2}
          error={errors[key('emoji')]}
          onChange={(e) => set({ emoji: e.currentTarget.value })}
        />
        <PrefixedField
          label="Amount"
          prefix="$"
          inputMode="numeric"
          value={tier.amount}
          error={errors[key('amount')]}
          onChange={(e) => set({ amount: e.currentTarget.value })}
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
          checked={tier.isRecurring}
          onChange={(e) => set({ isRecurring: e.currentTarget.checked })}
          css={(theme) => ({ width: '1.125rem', height: '1.125rem', accentColor: theme.color.brand })}
        />
        Monthly support (renews every month until the supporter cancels)
      </label>
      <TextAreaField
        label="Description"
        rows={2}
        value={tier.description}
        aside={`${tier.description.length}/${TIER_DESCRIPTION_MAX_LENGTH}`}
        error={errors[key('description')]}
        onChange={(e) => set({ description: e.currentTarget.value })}
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
                    value={perk}
                    maxLength={TIER_PERK_MAX_LENGTH}
                    error={errors[key(`perks.${at}`)]}
                    onChange={(e) => setPerk(at, e.currentTarget.value)}
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
                  onClick={() => set({ perks: tier.perks.filter((_, i) => i !== at) })}
                  css={{ marginTop: '0.25rem' }}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {errors[key('perks')] ? (
          <p role="alert" css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.danger })}>
            {errors[key('perks')]}
          </p>
        ) : null}
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={tier.perks.length >= TIER_PERKS_MAX}
            onClick={() => set({ perks: [...tier.perks, ''] })}
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
