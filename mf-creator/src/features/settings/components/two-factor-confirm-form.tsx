import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  confirmTwoFactorRequestSchema,
  enableTwoFactorRequestSchema,
  type ConfirmTwoFactorInput,
} from '@beabro/shared/api-schemas/two-factor';
import { Button } from '@beabro/shared/ui/button';
import { TextField } from '@beabro/shared/ui/text-field';
import { SaveStatus, IDLE, type SaveState } from '../../../components/save-status';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { apiFieldErrors, errorMessage, MESSAGES } from '../../../lib/error-message';

export interface TwoFactorConfirmFormProps {
  /** Accessible name of the form, e.g. "Turn off two-factor authentication". */
  label: string;
  submitLabel: string;
  busyLabel: string;
  /** Enabling takes only a code from the app; the other actions take a recovery code too. */
  acceptsRecoveryCode: boolean;
  variant?: 'primary' | 'danger';
  failureMessage: string;
  onSubmit: (values: ConfirmTwoFactorInput) => Promise<void>;
  onCancel?: () => void;
}

const EMPTY: ConfirmTwoFactorInput = { password: '', code: '' };

/** Password and code, checked with the shared schema, then by the server (its field messages land next to the fields). */
export function TwoFactorConfirmForm({
  label,
  submitLabel,
  busyLabel,
  acceptsRecoveryCode,
  variant = 'primary',
  failureMessage,
  onSubmit,
  onCancel,
}: TwoFactorConfirmFormProps) {
  const [state, setState] = useState<SaveState>(IDLE);
  const schema = acceptsRecoveryCode ? confirmTwoFactorRequestSchema : enableTwoFactorRequestSchema;
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<ConfirmTwoFactorInput>({
    defaultValues: EMPTY,
    resolver: zodResolver(schema, undefined, { raw: true }),
    // A field's message goes away as soon as it is edited, and comes back (if still due) on the next attempt.
    reValidateMode: 'onSubmit',
  });

  // The form opens on a click ("Turn Off", "Set Up ..."): focus goes to its first field.
  useEffect(() => setFocus('password'), [setFocus]);

  const onValid = async (values: ConfirmTwoFactorInput) => {
    if (state.kind === 'saving') return;
    setState({ kind: 'saving' });
    try {
      await onSubmit(values);
      setState(IDLE);
    } catch (failure) {
      setApiFieldErrors(setError, apiFieldErrors(failure));
      setState({ kind: 'failed', message: errorMessage(failure, failureMessage) });
    }
  };

  const field = (name: keyof ConfirmTwoFactorInput) => ({
    error: errors[name]?.message,
    ...register(name, { onChange: () => clearErrors(name) }),
  });

  const busy = state.kind === 'saving';
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) =>
        void handleSubmit(onValid, () => setState({ kind: 'failed', message: MESSAGES.fixFields }))(event)
      }
      css={(theme) => ({ display: 'grid', gap: theme.space(4) })}
    >
      <TextField label="Password to Confirm" type="password" autoComplete="current-password" {...field('password')} />
      <TextField
        label={acceptsRecoveryCode ? 'Authentication or recovery code' : 'Authentication code'}
        autoComplete="one-time-code"
        inputMode={acceptsRecoveryCode ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        hint={
          acceptsRecoveryCode
            ? 'The 6-digit code your app shows now, or one of your recovery codes.'
            : 'The 6-digit code your app shows now.'
        }
        {...field('code')}
      />
      <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
        <Button type="submit" variant={variant} disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      <SaveStatus state={state} />
    </form>
  );
}
