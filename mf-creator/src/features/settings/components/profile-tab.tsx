import { useRef, useState, type FormEvent } from 'react';
import { useUpdateCreatorProfile } from '@beabro/shared/api/update-creator-profile';
import type { OwnCreatorProfileDto } from '@beabro/shared/api-schemas/creator-profile';
import { CREATOR_TYPES } from '@beabro/shared/data/creator-types';
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH } from '@beabro/shared/data/defaults';
import { SOCIAL_PLATFORMS } from '@beabro/shared/data/social-platforms';
import { profileSettingsSchema } from '@beabro/shared/schemas/settings';
import type { CreatorType } from '@beabro/shared/data/creator-types';
import type { SocialPlatform } from '@beabro/shared/data/social-platforms';
import { TextAreaField, TextField } from '@beabro/shared/ui/text-field';
import { PrefixedField } from '@beabro/shared/ui/prefixed-field';
import { SaveBar } from '../../../components/save-bar';
import { IDLE, type SaveState } from '../../../components/save-status';
import { SelectField } from '@beabro/shared/ui/select-field';
import { useRefreshCreatorViews } from '../../../hooks/use-refresh-creator-views';
import { publicProfileUrl } from '../../../lib/public-profile-url';
import { apiFieldErrors, errorMessage } from '../../../lib/error-message';
import { fieldErrorsOf, focusFirstInvalid, type FieldErrors } from '@beabro/shared/schemas/field-errors';
import { readyToSave } from '../../../lib/ready-to-save';
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
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<SaveState>(IDLE);
  const form = useRef<HTMLFormElement>(null);
  const update = useUpdateCreatorProfile();
  const refresh = useRefreshCreatorViews();

  const check = (next: ProfileFormValues, field: string) => {
    const message = fieldErrorsOf(profileSettingsSchema, next)[field];
    setErrors((current) => (current[field] === message ? current : { ...current, [field]: message }));
  };

  const set = <K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // A field already showing an error is re-checked while typing, so the message goes as soon as it is fixed.
    if (errors[field] !== undefined) check(next, field);
  };

  const setSocial = (platform: SocialPlatform, handle: string) => {
    const next = { ...values, socialLinks: { ...values.socialLinks, [platform]: handle } };
    setValues(next);
    const key = `socialLinks.${platform}`;
    if (errors[key] !== undefined) check(next, key);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!readyToSave(fieldErrorsOf(profileSettingsSchema, values), { setErrors, setState, form: form.current })) return;
    setState({ kind: 'saving' });
    const usernameChanged = profilePatch(values, profile).username !== undefined;
    try {
      const saved = await update.mutateAsync(profilePatch(values, profile));
      // The server normalises (trims, turns pasted links into handles): show what it stored.
      setValues(profileFormValues(saved));
      setState({
        kind: 'saved',
        message: usernameChanged
          ? `Profile saved. Your page is now at ${publicProfileUrl(saved.username)}`
          : 'Profile saved.',
      });
      void refresh();
    } catch (failure) {
      const fields = apiFieldErrors(failure);
      setErrors(fields);
      setState({
        kind: 'failed',
        message: errorMessage(failure, 'Your profile could not be saved. Please try again.'),
      });
      focusFirstInvalid(form.current);
    }
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
        onSubmit={(event) => void onSubmit(event)}
        css={(theme) => ({ display: 'grid', gap: theme.space(6), marginTop: theme.space(6) })}
      >
        <FieldGroup title="About you">
          <TextField
            label="Display Name"
            value={values.displayName}
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            autoComplete="nickname"
            error={errors.displayName}
            onChange={(event) => set('displayName', event.currentTarget.value)}
            onBlur={() => check(values, 'displayName')}
          />
          <UsernameField
            value={values.username}
            savedUsername={profile.username}
            changeAvailableAt={profile.usernameChangeAvailableAt}
            error={errors.username}
            onChange={(username) => set('username', username)}
            onBlur={() => check(values, 'username')}
          />
          <SelectField
            label="Creator Type"
            value={values.creatorType}
            error={errors.creatorType}
            onChange={(event) => set('creatorType', event.currentTarget.value as CreatorType)}
          >
            {CREATOR_TYPES.map((type) => (
              <option key={type.id} value={type.id}>
                {type.label}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label="Bio"
            value={values.bio}
            rows={4}
            aside={`${values.bio.length}/${BIO_MAX_LENGTH}`}
            hint="Tell supporters what your mission is and what their support makes possible."
            error={errors.bio}
            onChange={(event) => set('bio', event.currentTarget.value)}
            onBlur={() => check(values, 'bio')}
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
                value={values.socialLinks[platform.id]}
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                error={errors[`socialLinks.${platform.id}`]}
                onChange={(event) => setSocial(platform.id, event.currentTarget.value)}
                onBlur={() => check(values, `socialLinks.${platform.id}`)}
              />
            ))}
          </div>
        </FieldGroup>
        <SaveBar state={state} />
      </form>
    </section>
  );
}
