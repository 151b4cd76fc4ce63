import { useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useUpdateCreatorProfile } from '@beabro/shared/api/update-creator-profile';
import { useUpdateSupportTiers } from '@beabro/shared/api/update-support-tiers';
import {
  CREATOR_PROFILE_MESSAGES,
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
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { fieldErrorsOf, focusFirstInvalid, type FieldErrors } from '@beabro/shared/schemas/field-errors';
import { apiFieldErrors, errorMessage, MESSAGES } from '../../../lib/error-message';
import { fieldErrorsResolver } from '../../../lib/field-errors-resolver';
import { isPayoutCountry } from '@beabro/shared/data/country-options';
import { currencyForCountry, currencyRules, currencySymbol, formatMoney } from '@beabro/shared/money/currencies';
import { inCurrencyText } from '@beabro/shared/money/currency-text';
import {
  supportFormValues,
  supportProfilePatch,
  supportTiersBody,
  type SupportFormValues,
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
 * the creator's country. An invalid amount gets a field message, never a silent default
 * (docs/product-rules.md#amounts-are-whole-dollars).
 */
export function SupportTab({ profile }: { profile: OwnCreatorProfileDto }) {
  const [state, setState] = useState<SaveState>(IDLE);
  const form = useRef<HTMLFormElement>(null);
  const updateProfile = useUpdateCreatorProfile();
  const updateTiers = useUpdateSupportTiers();
  const refresh = useRefreshCreatorViews();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<SupportFormValues>({
    defaultValues: supportFormValues(profile),
    // After a first try, a field is re-checked as it changes; focus goes to the first field in error (below).
    resolver: fieldErrorsResolver(validate),
    shouldFocusError: false,
  });
  // Always the four tiers: the array is only walked, never grown or shrunk.
  const { fields: tierFields } = useFieldArray({ control, name: 'tiers' });
  const country = useWatch({ control, name: 'country' });
  // The currency follows the country chosen (decision 0015) until the creator has a support in theirs.
  const chosenCurrency = currencyForCountry(country);
  const currency = profile.currencyLocked ? profile.currency : chosenCurrency;
  const symbol = currencySymbol(currency);
  const whole = (dollars: number) => formatMoney(dollars * 100, currency, { whole: true });

  const onValid = async (values: SupportFormValues) => {
    setState({ kind: 'saving' });
    let profileSaved = false;
    try {
      await updateProfile.mutateAsync(supportProfilePatch(values));
      profileSaved = true;
      const saved = await updateTiers.mutateAsync(supportTiersBody(values));
      reset(supportFormValues(saved));
      setState({ kind: 'saved', message: 'Support settings saved.' });
      void refresh();
    } catch (failure) {
      if (profileSaved) void refresh();
      setApiFieldErrors(setError, apiFieldErrors(failure));
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

  const onInvalid = () => {
    setState({ kind: 'failed', message: MESSAGES.fixFields });
    focusFirstInvalid(form.current);
  };

  const currencyHint =
    profile.currencyLocked && chosenCurrency !== profile.currency
      ? ` ${CREATOR_PROFILE_MESSAGES.currencyLocked(currencyRules(profile.currency).name)}`
      : ` Supporters pay you in ${currencyRules(currency).name} (${currency.toUpperCase()}).`;
  const countryHint =
    country === '' ? (
      'Choose where you live so we can pay you out.'
    ) : isPayoutCountry(country) ? (
      `Payouts are sent every Tuesday for the previous week.${currencyHint}`
    ) : (
      <>
        Payouts are not available in this country yet. You keep receiving support; your balance is held for you until
        payouts are available.{currencyHint}
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
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        css={(theme) => ({ display: 'grid', gap: theme.space(6) })}
      >
        <FieldGroup title="Amounts">
          <div css={{ maxWidth: '14rem' }}>
            <PrefixedField
              label="Minimum Amount"
              prefix={symbol}
              inputMode="numeric"
              hint={`The smallest one-time support you accept, ${whole(MINIMUM_AMOUNT_MIN_DOLLARS)} to ${whole(MINIMUM_AMOUNT_MAX_DOLLARS)}.`}
              error={inCurrencyText(errors.minimumAmount?.message, currency)}
              {...register('minimumAmount')}
            />
          </div>
        </FieldGroup>
        <FieldGroup
          title="Support Tiers"
          description="Four options shown on your page and support page. Their amounts are the quick amounts supporters can pick."
        >
          {tierFields.map((tier, index) => (
            <TierFields
              key={tier.id}
              index={index}
              control={control}
              register={register}
              setValue={setValue}
              errors={errors}
              currency={currency}
            />
          ))}
          {errors.tiers?.message ? (
            <p role="alert" css={(theme) => ({ margin: 0, color: theme.color.danger, fontSize: theme.font.size.sm })}>
              {errors.tiers.message}
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
              maxLength={GOAL_TITLE_MAX_LENGTH}
              placeholder="e.g. New streaming setup"
              error={errors.goalTitle?.message}
              {...register('goalTitle')}
            />
            <PrefixedField
              label="Goal Amount"
              prefix={symbol}
              inputMode="numeric"
              error={inCurrencyText(errors.goalAmount?.message, currency)}
              {...register('goalAmount')}
            />
          </div>
        </FieldGroup>
        <FieldGroup title="Payouts">
          <CountrySelectField
            label="Country"
            value={country}
            hint={countryHint}
            error={errors.country?.message}
            onChange={(e) => setValue('country', e.currentTarget.value, { shouldValidate: isSubmitted })}
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
