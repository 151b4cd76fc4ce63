import { useRef, useState, type FormEvent } from 'react';
import { useUpdateCreatorProfile } from '@beabro/shared/api/update-creator-profile';
import { useUpdateSupportTiers } from '@beabro/shared/api/update-support-tiers';
import {
  supportTiersSchema,
  updateCreatorProfileSchema,
  type OwnCreatorProfileDto,
} from '@beabro/shared/api-schemas/creator-profile';
import {
  GOAL_TITLE_MAX_LENGTH,
  MINIMUM_AMOUNT_MAX_DOLLARS,
  MINIMUM_AMOUNT_MIN_DOLLARS,
} from '@beabro/shared/data/defaults';
import { TextField } from '@beabro/shared/ui/text-field';
import { PrefixedField } from '@beabro/shared/ui/prefixed-field';
import { SaveBar } from '../../../components/save-bar';
import { IDLE, type SaveState } from '../../../components/save-status';
import { CountrySelectField } from '@beabro/shared/ui/country-select-field';
import { useRefreshCreatorViews } from '../../../hooks/use-refresh-creator-views';
import { apiFieldErrors, errorMessage } from '../../../lib/error-message';
import { fieldErrorsOf, focusFirstInvalid, hasErrors, type FieldErrors } from '@beabro/shared/schemas/field-errors';
import { readyToSave } from '../../../lib/ready-to-save';
import { isPayoutCountry } from '@beabro/shared/data/country-options';
import {
  supportFormValues,
  supportProfilePatch,
  supportTiersBody,
  type SupportFormValues,
  type TierFormValues,
} from '../utils/support-form';
import { FieldGroup, TabHeading } from './section-heading';
import { TierFields } from './tier-fields';
import { PayoutAccountPanel } from './payout-account-panel';

const supportProfileSchema = updateCreatorProfileSchema.pick({
  minimumAmount: true,
  goalTitle: true,
  goalAmount: true,
  country: true,
});

/** Every rule of the tab at once, with the API's field names ("minimumAmount", "tiers.2.amount"). */
function validate(values: SupportFormValues): FieldErrors {
  return {
    ...fieldErrorsOf(supportProfileSchema, supportProfilePatch(values)),
    ...fieldErrorsOf(supportTiersSchema, supportTiersBody(values)),
  };
}

/**
 * Support Settings: minimum amount, the four tiers (their amounts are the suggested amounts), the goal and
 * the creator's country. SPEC's silent fallbacks (an invalid minimum became 1, a goal 0) are field messages here.
 */
export function SupportTab({ profile }: { profile: OwnCreatorProfileDto }) {
  const [values, setValues] = useState<SupportFormValues>(() => supportFormValues(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<SaveState>(IDLE);
  const form = useRef<HTMLFormElement>(null);
  const updateProfile = useUpdateCreatorProfile();
  const updateTiers = useUpdateSupportTiers();
  const refresh = useRefreshCreatorViews();

  const change = (next: SupportFormValues) => {
    setValues(next);
    // Fields already showing an error are re-checked as they change; others wait for Save.
    if (hasErrors(errors)) {
      const found = validate(next);
      setErrors((current) => Object.fromEntries(Object.keys(current).map((key) => [key, found[key]])));
    }
  };
  const setTier = (index: number, tier: TierFormValues) =>
    change({ ...values, tiers: values.tiers.map((t, i) => (i === index ? tier : t)) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!readyToSave(validate(values), { setErrors, setState, form: form.current })) return;
    setState({ kind: 'saving' });
    let profileSaved = false;
    try {
      await updateProfile.mutateAsync(supportProfilePatch(values));
      profileSaved = true;
      const saved = await updateTiers.mutateAsync(supportTiersBody(values));
      setValues(supportFormValues(saved));
      setState({ kind: 'saved', message: 'Support settings saved.' });
      void refresh();
    } catch (failure) {
      if (profileSaved) void refresh();
      setErrors(apiFieldErrors(failure));
      const reason = errorMessage(failure, 'Please try again.');
      setState({
        kind: 'failed',
        message: profileSaved
          ? `Your amounts, goal and country were saved, but the tiers were not. ${reason}`
          : `Support settings could not be saved. ${reason}`,
      });
      focusFirstInvalid(form.current);
    }
  };

  const countryHint =
    values.country === '' ? (
      'Choose where you live so we can pay you out.'
    ) : isPayoutCountry(values.country) ? (
      'Payouts are sent every Tuesday for the previous week.'
    ) : (
      <>
        Payouts are not available in this country yet. You keep receiving support; your balance is held for you until
        payouts are available.
      </>
    );

  return (
    <section aria-labelledby="settings-support-heading">
      <TabHeading id="settings-support-heading" title="Support Settings">
        What supporters can give, what each tier offers, and your goal.
      </TabHeading>
      <form
        ref={form}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        css={(theme) => ({ display: 'grid', gap: theme.space(6) })}
      >
        <FieldGroup title="Amounts">
          <div css={{ maxWidth: '14rem' }}>
            <PrefixedField
              label="Minimum Amount"
              prefix="$"
              inputMode="numeric"
              value={values.minimumAmount}
              hint={`The smallest one-time support you accept, $${MINIMUM_AMOUNT_MIN_DOLLARS} to $${MINIMUM_AMOUNT_MAX_DOLLARS}.`}
              error={errors.minimumAmount}
              onChange={(e) => change({ ...values, minimumAmount: e.currentTarget.value })}
            />
          </div>
        </FieldGroup>
        <FieldGroup
          title="Support Tiers"
          description="Four options shown on your page and support page. Their amounts are the quick amounts supporters can pick."
        >
          {values.tiers.map((tier, index) => (
            <TierFields
              key={index}
              index={index}
              tier={tier}
              errors={errors}
              onChange={(next) => setTier(index, next)}
            />
          ))}
          {errors.tiers ? (
            <p role="alert" css={(theme) => ({ margin: 0, color: theme.color.danger, fontSize: theme.font.size.sm })}>
              {errors.tiers}
            </p>
          ) : null}
        </FieldGroup>
        <FieldGroup
          title="Goal"
          description="Set a funding goal to show progress on your profile. Leave the amount empty to remove the goal."
        >
          <div
            css={(theme) => ({
              display: 'grid',
              gap: theme.space(4),
              [theme.breakpoint.sm]: { gridTemplateColumns: '1fr 12rem' },
            })}
          >
            <TextField
              label="Goal Title"
              value={values.goalTitle}
              maxLength={GOAL_TITLE_MAX_LENGTH}
              placeholder="e.g. New streaming setup"
              error={errors.goalTitle}
              onChange={(e) => change({ ...values, goalTitle: e.currentTarget.value })}
            />
            <PrefixedField
              label="Goal Amount"
              prefix="$"
              inputMode="numeric"
              value={values.goalAmount}
              error={errors.goalAmount}
              onChange={(e) => change({ ...values, goalAmount: e.currentTarget.value })}
            />
          </div>
        </FieldGroup>
        <FieldGroup title="Payouts">
          <CountrySelectField
            label="Country"
            value={values.country}
            hint={countryHint}
            error={errors.country}
            onChange={(e) => change({ ...values, country: e.currentTarget.value })}
          />
          <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
            Payouts go to creators in the United States, Canada, the United Kingdom and Australia. Supporters can pay
            from anywhere; creators elsewhere keep receiving support and their balance is held until payouts reach their
            country.
          </p>
          <PayoutAccountPanel />
        </FieldGroup>
        <SaveBar state={state} />
      </form>
    </section>
  );
}
