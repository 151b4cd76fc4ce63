import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useUpdateCreatorProfile } from '@beabro/shared/api/update-creator-profile';
import type { OwnCreatorProfileDto } from '@beabro/shared/api-schemas/creator-profile';
import { CREATOR_TYPES } from '@beabro/shared/data/creator-types';
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH } from '@beabro/shared/data/defaults';
import { SOCIAL_PLATFORMS } from '@beabro/shared/data/social-platforms';
import { profileSettingsSchema } from '@beabro/shared/schemas/settings';
import type { CreatorType } from '@beabro/shared/data/creator-types';
import { TextAreaField, TextField } from '@beabro/shared/ui/text-field';
import { PrefixedField } from '@beabro/shared/ui/prefixed-field';
import { SaveBar } from '../../../components/save-bar';
import { IDLE, type SaveState } from '../../../components/save-status';
import { SelectField } from '@beabro/shared/ui/select-field';
import { useRefreshCreatorViews } from '../../../hooks/use-refresh-creator-views';
import { publicProfileUrl } from '../../../lib/public-profile-url';
import { apiFieldErrors, errorMessage, MESSAGES } from '../../../lib/error-message';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { focusFirstInvalid } from '@beabro/shared/schemas/field-errors';
import { profileFormValues, profilePatch, type ProfileFormValues } from '../utils/profile-form';
import { FieldGroup, TabHeading } from './section-heading';
import { ImageField } from './image-field';
import { UsernameField } from './username-field';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** Profile tab: images, display name, username, creator type, bio and the eleven social handles. */
export function ProfileTab({ profile }: { profile: OwnCreatorProfileDto }) {
  const [state, setState] = useState<SaveState>(IDLE);
  const form = useRef<HTMLFormElement>(null);
  const update = useUpdateCreatorProfile();
  const refresh = useRefreshCreatorViews();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ProfileFormValues>({
    defaultValues: profileFormValues(profile),
    // Raw values back (the patch is made from them); creatorType is a select of known values the schema leaves out.
    resolver: zodResolver(profileSettingsSchema, undefined, { raw: true }) as unknown as Resolver<ProfileFormValues>,
    // A field is checked when left, then re-checked while typing, so the message goes as soon as it is fixed.
    mode: 'onTouched',
    // Focus goes to the first field showing an error (the username field takes no ref), once it is rendered.
    shouldFocusError: false,
  });
  const bio = useWatch({ control, name: 'bio' });

  const onValid = async (values: ProfileFormValues) => {
    setState({ kind: 'saving' });
    const patch = profilePatch(values, profile);
    try {
      const saved = await update.mutateAsync(patch);
      // The server normalises (trims, turns pasted links into handles): show what it stored.
      reset(profileFormValues(saved));
      setState({
        kind: 'saved',
        message:
          patch.username !== undefined
            ? `Profile saved. Your page is now at ${publicProfileUrl(saved.username)}`
            : 'Profile saved.',
      });
      void refresh();
    } catch (failure) {
      setApiFieldErrors(setError, apiFieldErrors(failure));
      setState({
        kind: 'failed',
        message: errorMessage(failure, 'Your profile could not be saved. Please try again.'),
      });
      focusFirstInvalid(form.current);
    }
  };

  const onInvalid = () => {
    setState({ kind: 'failed', message: MESSAGES.fixFields });
    focusFirstInvalid(form.current);
  };

  return (
    <section aria-labelledby="settings-profile-heading">
      <TabHeading id="settings-profile-heading" title="Profile">
        How you appear on your public page.
      </TabHeading>
      <FieldGroup title="Images" description="Images are saved as soon as you choose them.">
        <div
          css={(theme) => ({
            display: 'grid',
            gap: theme.space(6),
            [theme.breakpoint.sm]: { gridTemplateColumns: 'auto 1fr' },
          })}
        >
          <ImageField kind="profile" currentUrl={profile.profileImageUrl} initials={initialsOf(profile.displayName)} />
          <ImageField kind="cover" currentUrl={profile.coverImageUrl} initials="" />
        </div>
      </FieldGroup>
      <form
        ref={form}
        noValidate
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        css={(theme) => ({ display: 'grid', gap: theme.space(6), marginTop: theme.space(6) })}
      >
        <FieldGroup title="About you">
          <TextField
            label="Display Name"
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            autoComplete="nickname"
            error={errors.displayName?.message}
            {...register('displayName')}
          />
          <Controller
            control={control}
            name="username"
            render={({ field }) => (
              <UsernameField
                value={field.value}
                savedUsername={profile.username}
                changeAvailableAt={profile.usernameChangeAvailableAt}
                error={errors.username?.message}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <Controller
            control={control}
            name="creatorType"
            render={({ field }) => (
              <SelectField
                label="Creator Type"
                value={field.value}
                error={errors.creatorType?.message}
                onChange={(event) => field.onChange(event.currentTarget.value as CreatorType)}
              >
                {CREATOR_TYPES.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.label}
                  </option>
                ))}
              </SelectField>
            )}
          />
          <TextAreaField
            label="Bio"
            rows={4}
            aside={`${bio.length}/${BIO_MAX_LENGTH}`}
            hint="Tell supporters what your mission is and what their support makes possible."
            error={errors.bio?.message}
            {...register('bio')}
          />
        </FieldGroup>
        <FieldGroup
          title="Social Links"
          description="Enter your handle, or paste the link to your profile. Leave a field empty to remove that link."
        >
          <div
            css={(theme) => ({
              display: 'grid',
              gap: theme.space(4),
              [theme.breakpoint.md]: { gridTemplateColumns: '1fr 1fr' },
            })}
          >
            {SOCIAL_PLATFORMS.map((platform) => (
              <PrefixedField
                key={platform.id}
                label={platform.label}
                prefix={platform.inputPrefix}
                placeholder={platform.placeholder}
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                error={errors.socialLinks?.[platform.id]?.message}
                {...register(`socialLinks.${platform.id}`)}
              />
            ))}
          </div>
        </FieldGroup>
        <SaveBar state={state} />
      </form>
    </section>
  );
}
