import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useChangeEmail } from '@beabro/shared/api/change-email';
import { useResendVerificationEmail } from '@beabro/shared/api/resend-verification-email';
import { ACCOUNT_MESSAGES, changeEmailRequestSchema, type ChangeEmailInput } from '@beabro/shared/api-schemas/account';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { Badge } from '@beabro/shared/ui/badge';
import { Button } from '@beabro/shared/ui/button';
import { TextField } from '@beabro/shared/ui/text-field';
import { SaveBar } from '../../../components/save-bar';
import { IDLE, SaveStatus, type SaveState } from '../../../components/save-status';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { apiFieldErrors, errorMessage, MESSAGES } from '../../../lib/error-message';
import { FieldGroup } from './section-heading';

const EMPTY: ChangeEmailInput = { email: '', password: '' };
const checkSchema = zodResolver(changeEmailRequestSchema, undefined, { raw: true });

/** The shared rules, and one that needs the account: the address it already has would change nothing. */
function emailResolver(currentEmail: string): Resolver<ChangeEmailInput> {
  return async (values, context, options) => {
    const result = await checkSchema(values, context, options);
    if (result.errors.email || values.email.trim().toLowerCase() !== currentEmail.toLowerCase()) return result;
    return { values: {}, errors: { ...result.errors, email: { type: 'same', message: ACCOUNT_MESSAGES.sameEmail } } };
  };
}

/** The account email: shown with its verification state, changed with the current password. */
export function EmailForm({ user }: { user: SessionUser }) {
  const [state, setState] = useState<SaveState>(IDLE);
  const [resendState, setResendState] = useState<SaveState>(IDLE);
  const change = useChangeEmail();
  const resend = useResendVerificationEmail();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangeEmailInput>({
    defaultValues: EMPTY,
    resolver: emailResolver(user.email),
  });

  const failFields = () => setState({ kind: 'failed', message: MESSAGES.fixFields });

  const onValid = async (values: ChangeEmailInput) => {
    setState({ kind: 'saving' });
    try {
      const updated = await change.mutateAsync(values);
      reset(EMPTY);
      setState({ kind: 'saved', message: `Email updated to ${updated.email}. We sent a link there to verify it.` });
    } catch (failure) {
      setApiFieldErrors(setError, apiFieldErrors(failure));
      setState({
        kind: 'failed',
        message: errorMessage(failure, 'Your email could not be changed. Please try again.'),
      });
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
        noValidate
        onSubmit={(event) => void handleSubmit(onValid, failFields)(event)}
        aria-label="Change email"
        css={(theme) => ({ display: 'grid', gap: theme.space(4) })}
      >
        <TextField
          label="New Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password to Change Email"
          type="password"
          autoComplete="current-password"
          hint="To confirm it is you."
          error={errors.password?.message}
          {...register('password')}
        />
        <SaveBar state={state} label="Update Email" />
      </form>
    </FieldGroup>
  );
}
