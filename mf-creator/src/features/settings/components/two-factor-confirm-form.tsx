import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  confirmTwoFactorRequestSchema,
  enableTwoFactorRequestSchema,
  type ConfirmTwoFactorInput,
} from '@beabro/shared/api-schemas/two-factor';
import { Button } from '@beabro/shared/ui/button';
import { TextField } from '@beabro/shared/ui/text-field';
import { SaveStatus, IDLE, type SaveState } from '../../../components/save-status';
import { apiFieldErrors, errorMessage } from '../../../lib/error-message';
import { fieldErrorsOf, focusFirstInvalid, type FieldErrors } from '@beabro/shared/schemas/field-errors';
import { readyToSave } from '../../../lib/ready-to-save';

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
  const [values, setValues] = useState<ConfirmTwoFactorInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<SaveState>(IDLE);
  const form = useRef<HTMLFormElement>(null);
  const schema = acceptsRecoveryCode ? confirmTwoFactorRequestSchema : enableTwoFactorRequestSchema;
  const passwordInput = useRef<HTMLInputElement>(null);

  // The form opens on a click ("Turn Off", "Set Up ..."): focus goes to its first field.
  useEffect(() => passwordInput.current?.focus(), []);

  const set = (field: keyof ConfirmTwoFactorInput, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'saving') return;
    if (!readyToSave(fieldErrorsOf(schema, values), { setErrors, setState, form: form.current })) return;
    setState({ kind: 'saving' });
    try {
      await onSubmit(values);
      setState(IDLE);
    } catch (failure) {
      setErrors(apiFieldErrors(failure));
      setState({ kind: 'failed', message: errorMessage(failure, failureMessage) });
      focusFirstInvalid(form.current);
    }
  };

  const busy = state.kind === 'saving';
  return (
    <form
      ref={form}
      noValidate
      aria-label={label}
      onSubmit={(event) => void submit(event)}
      css={(theme) => ({ display: 'grid', gap: theme.space(4) })}
    >
      <TextField
        ref={passwordInput}
        label="Password to Confirm"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(e) => set('password', e.currentTarget.value)}
      />
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
        value={values.code}
        error={errors.code}
        onChange={(e) => set('code', e.currentTarget.value)}
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
