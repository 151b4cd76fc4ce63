import { CREATOR_TYPES } from '@beabro/shared/data/creator-types';
import { BIO_MAX_LENGTH } from '@beabro/shared/data/defaults';
import { TextAreaField, TextField } from '@beabro/shared/ui/text-field';
import { SelectField } from '@beabro/shared/ui/select-field';
import type { StepFieldsProps } from './step-fields-props';
import { UsernameField } from './username-field';

const CREATOR_TYPE_OPTIONS = CREATOR_TYPES.map((type) => ({ value: type.id, label: type.label }));

/** Step 1, the basics: display name, username, bio and creator type, all required. */
export function BasicsStep({ draft, errors, onFieldChange, onFieldBlur }: StepFieldsProps) {
  return (
    <>
      <TextField
        label="Display Name"
        name="displayName"
        required
        autoComplete="name"
        hint="Shown at the top of your page"
        value={draft.displayName}
        error={errors.displayName}
        onChange={(event) => onFieldChange('displayName', event.target.value)}
        onBlur={() => onFieldBlur('displayName')}
      />
      <UsernameField
        value={draft.username}
        error={errors.username}
        onChange={(username) => onFieldChange('username', username)}
        onBlur={() => onFieldBlur('username')}
      />
      <TextAreaField
        label="Bio"
        name="bio"
        required
        rows={4}
        placeholder="What is your mission? Tell supporters what their support makes possible."
        // The live counter (docs/product-rules.md#basics).
        aside={`${draft.bio.length}/${BIO_MAX_LENGTH}`}
        value={draft.bio}
        error={errors.bio}
        onChange={(event) => onFieldChange('bio', event.target.value)}
        onBlur={() => onFieldBlur('bio')}
      />
      <SelectField
        label="Creator Type"
        name="creatorType"
        required
        placeholder="Select your creator type"
        options={CREATOR_TYPE_OPTIONS}
        value={draft.creatorType}
        error={errors.creatorType}
        onChange={(event) => onFieldChange('creatorType', event.target.value)}
        onBlur={() => onFieldBlur('creatorType')}
      />
    </>
  );
}
