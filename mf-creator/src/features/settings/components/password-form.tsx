import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useChangePassword } from '@beabro/shared/api/change-password';
import { PASSWORD_MIN_LENGTH } from '@beabro/shared/data/defaults';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { changePasswordSchema, type ChangePasswordInput } from '@beabro/shared/schemas/settings';
import { TextField } from '@beabro/shared/ui/text-field';
import { SaveBar } from '../../../components/save-bar';
import { IDLE, type SaveState } from '../../../components/save-status';
import { apiFieldErrors, errorMessage, MESSAGES } from '../../../lib/error-message';
import { FieldGroup } from './section-heading';

type PasswordField = keyof ChangePasswordInput;
const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** A field's change also re-checks the rules that compare it with another (after a first attempt to save). */
const DEPENDENTS: Record<PasswordField, PasswordField[]> = {
  currentPassword: ['newPassword'],
  newPassword: ['confirmPassword'],
  confirmPassword: [],
};

/** Change password (docs/product-rules.md#settings): checked with the shared schema, then by the server. */
export function PasswordForm() {
  const [state, setState] = useState<SaveState>(IDLE);
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    defaultValues: EMPTY,
    resolver: zodResolver(changePasswordSchema, undefined, { raw: true }),
  });

  const onValid = async (values: ChangePasswordInput) => {
    setState({ kind: 'saving' });
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      setState({ kind: 'saved', message: 'Password updated. You stay signed in here; other devices were signed out.' });
    } catch (failure) {
      setApiFieldErrors(setError, apiFieldErrors(failure));
      setState({
        kind: 'failed',
        message: errorMessage(failure, 'Your password could not be changed. Please try again.'),
      });
    }
  };

  const field = (name: PasswordField, label: string, autoComplete: string, hint?: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      hint={hint}
      error={errors[name]?.message}
      {...register(name, { deps: DEPENDENTS[name] })}
    />
  );

  return (
    <FieldGroup title="Change Password">
      <form
        noValidate
        onSubmit={(event) =>
          void handleSubmit(onValid, () => setState({ kind: 'failed', message: MESSAGES.fixFields }))(event)
        }
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
