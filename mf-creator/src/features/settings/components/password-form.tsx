import { useRef, useState, type FormEvent } from 'react';
import { useChangePassword } from '@beabro/shared/api/change-password';
import { PASSWORD_MIN_LENGTH } from '@beabro/shared/data/defaults';
import { changePasswordSchema, type ChangePasswordInput } from '@beabro/shared/schemas/settings';
import { TextField } from '@beabro/shared/ui/text-field';
import { SaveBar } from '../../../components/save-bar';
import { IDLE, type SaveState } from '../../../components/save-status';
import { apiFieldErrors, errorMessage } from '../../../lib/error-message';
import { fieldErrorsOf, focusFirstInvalid, hasErrors, type FieldErrors } from '@beabro/shared/schemas/field-errors';
import { readyToSave } from '../../../lib/ready-to-save';
import { FieldGroup } from './section-heading';

type PasswordField = keyof ChangePasswordInput;
const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (SPEC left it unwired): checked with the shared schema, then by the server. */
export function PasswordForm() {
  const [values, setValues] = useState<ChangePasswordInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<SaveState>(IDLE);
  const form = useRef<HTMLFormElement>(null);
  const change = useChangePassword();

  const set = (field: PasswordField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (hasErrors(errors)) {
      const found = fieldErrorsOf(changePasswordSchema, next);
      setErrors((current) => Object.fromEntries(Object.keys(current).map((key) => [key, found[key]])));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!readyToSave(fieldErrorsOf(changePasswordSchema, values), { setErrors, setState, form: form.current })) return;
    setState({ kind: 'saving' });
    try {
      await change.mutateAsync(values);
      setValues(EMPTY);
      setState({ kind: 'saved', message: 'Password updated. You stay signed in here; other devices were signed out.' });
    } catch (failure) {
      setErrors(apiFieldErrors(failure));
      setState({
        kind: 'failed',
        message: errorMessage(failure, 'Your password could not be changed. Please try again.'),
      });
      focusFirstInvalid(form.current);
    }
  };

  const field = (name: PasswordField, label: string, autoComplete: string, hint?: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      hint={hint}
      value={values[name]}
      error={errors[name]}
      onChange={(e) => set(name, e.currentTarget.value)}
    />
  );

  return (
    <FieldGroup title="Change Password">
      <form
        ref={form}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Change password"
        css={(theme) => ({ display: 'grid', gap: theme.space(4) })}
      >
        {field('currentPassword', 'Current Password', 'current-password')}
        {field('newPassword', 'New Password', 'new-password', `At least ${PASSWORD_MIN_LENGTH} characters.`)}
        {field('confirmPassword', 'Confirm New Password', 'new-password')}
        <SaveBar state={state} label="Update Password" />
      </form>
    </FieldGroup>
  );
}
