import { useRef, useState, type FormEvent } from 'react';
import { useChangeEmail } from '@beabro/shared/api/change-email';
import { useResendVerificationEmail } from '@beabro/shared/api/resend-verification-email';
import { ACCOUNT_MESSAGES, changeEmailRequestSchema } from '@beabro/shared/api-schemas/account';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { Badge } from '@beabro/shared/ui/badge';
import { Button } from '@beabro/shared/ui/button';
import { TextField } from '@beabro/shared/ui/text-field';
import { SaveBar } from '../../../components/save-bar';
import { IDLE, SaveStatus, type SaveState } from '../../../components/save-status';
import { apiFieldErrors, errorMessage } from '../../../lib/error-message';
import { fieldErrorsOf, focusFirstInvalid, type FieldErrors } from '@beabro/shared/schemas/field-errors';
import { readyToSave } from '../../../lib/ready-to-save';
import { FieldGroup } from './section-heading';

/** The account email: shown with its verification state, changed with the current password. */
export function EmailForm({ user }: { user: SessionUser }) {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<SaveState>(IDLE);
  const [resendState, setResendState] = useState<SaveState>(IDLE);
  const form = useRef<HTMLFormElement>(null);
  const change = useChangeEmail();
  const resend = useResendVerificationEmail();

  const set = (field: 'email' | 'password', value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field] !== undefined)
      setErrors((current) => ({ ...current, [field]: fieldErrorsOf(changeEmailRequestSchema, next)[field] }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrorsOf(changeEmailRequestSchema, values);
    // The address it already has: nothing would change and no link would be sent, so say so instead.
    if (!found.email && values.email.trim().toLowerCase() === user.email.toLowerCase())
      found.email = ACCOUNT_MESSAGES.sameEmail;
    if (!readyToSave(found, { setErrors, setState, form: form.current })) return;
    setState({ kind: 'saving' });
    try {
      const updated = await change.mutateAsync(values);
      setValues({ email: '', password: '' });
      setState({ kind: 'saved', message: `Email updated to ${updated.email}. We sent a link there to verify it.` });
    } catch (failure) {
      setErrors(apiFieldErrors(failure));
      setState({
        kind: 'failed',
        message: errorMessage(failure, 'Your email could not be changed. Please try again.'),
      });
      focusFirstInvalid(form.current);
    }
  };

  const onResend = async () => {
    setResendState({ kind: 'saving' });
    try {
      await resend.mutateAsync();
      setResendState({ kind: 'saved', message: `Verification email sent to ${user.email}.` });
    } catch (failure) {
      setResendState({
        kind: 'failed',
        message: errorMessage(failure, 'The verification email could not be sent. Please try again.'),
      });
    }
  };

  return (
    <FieldGroup title="Email">
      <div css={{ display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap' }}>
        <span>
          Current email: <strong css={{ overflowWrap: 'anywhere' }}>{user.email}</strong>
        </span>
        {user.emailVerified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
      </div>
      {user.emailVerified ? null : (
        <div css={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="secondary"
            size="sm"
            disabled={resendState.kind === 'saving'}
            onClick={() => void onResend()}
          >
            {resendState.kind === 'saving' ? 'Sending...' : 'Resend verification email'}
          </Button>
          <SaveStatus state={resendState} />
        </div>
      )}
      <form
        ref={form}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Change email"
        css={(theme) => ({ display: 'grid', gap: theme.space(4) })}
      >
        <TextField
          label="New Email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={(e) => set('email', e.currentTarget.value)}
        />
        <TextField
          label="Password to Change Email"
          type="password"
          autoComplete="current-password"
          hint="To confirm it is you."
          value={values.password}
          error={errors.password}
          onChange={(e) => set('password', e.currentTarget.value)}
        />
        <SaveBar state={state} label="Update Email" />
      </form>
    </FieldGroup>
  );
}
