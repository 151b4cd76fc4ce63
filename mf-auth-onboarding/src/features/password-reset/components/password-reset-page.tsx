import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import { useRequestPasswordReset } from '@beabro/shared/api/request-password-reset';
import { useConfirmPasswordReset } from '@beabro/shared/api/confirm-password-reset';
import {
  PASSWORD_RESET_MESSAGES,
  RESET_PASSWORD_PAGE_PATH,
  requestPasswordResetSchema,
  resetPasswordSchema,
  type RequestPasswordResetValues,
  type ResetPasswordValues,
} from '@beabro/shared/api-schemas/password-reset';
import { Button } from '@beabro/shared/ui/button';
import { EmailLinkPage } from '@beabro/shared/ui/email-link-page';
import { OutcomeMessage } from '@beabro/shared/ui/outcome-message';
import { TextField } from '@beabro/shared/ui/text-field';
import { FormErrorBox } from '../../../components/form-error-box';
import { paths } from '@beabro/shared/contract/paths';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { rateLimitMessage } from '../../../lib/rate-limit-message';

const TRY_AGAIN = 'Something went wrong on our side. Please try again.';
const OFFLINE = 'We could not reach Be a Bro. Check your connection and try again.';

function problemOf(error: unknown): string {
  const rateLimited = rateLimitMessage(error);
  if (rateLimited) return rateLimited;
  if (error instanceof ApiError) return error.status >= 500 ? TRY_AGAIN : error.message;
  return OFFLINE;
}

const formCss = (theme: { space: (n: number) => string }) => ({
  display: 'flex',
  flexDirection: 'column' as const,
  gap: theme.space(4),
  '& input': { scrollMarginTop: '6rem' },
});

const BackToSignIn = () => (
  <p css={{ margin: 0 }}>
    <Link to={paths.auth}>Back to sign in</Link>
  </p>
);

/** No token: the address to send a link to (filled in from the sign-in form when it came from there). */
function RequestLinkForm() {
  const location = useLocation();
  const carried = (location.state as { email?: unknown } | null)?.email;
  const { field, handleSubmit, setError } = useSchemaForm<{ email: string }, RequestPasswordResetValues>(
    requestPasswordResetSchema,
    { defaultValues: { email: typeof carried === 'string' ? carried : '' } },
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const sentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  async function send(values: RequestPasswordResetValues) {
    try {
      const answer = await request.mutateAsync(values);
      setSent(answer.message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fieldErrors.email) {
        setApiFieldErrors(setError, { email: error.fieldErrors.email });
        return;
      }
      setFormError(problemOf(error));
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (request.isPending) return event.preventDefault();
    setFormError(null);
    void handleSubmit(send)(event);
  }

  if (sent) {
    return (
      <>
        <OutcomeMessage tone="success" role="status" ref={sentRef}>
          <p>{sent}</p>
        </OutcomeMessage>
        <BackToSignIn />
      </>
    );
  }
  return (
    <form noValidate onSubmit={submit} css={formCss}>
      <p css={{ margin: 0 }}>Enter the email of your account and we will send you a link to choose a new password.</p>
      {formError ? <FormErrorBox>{formError}</FormErrorBox> : null}
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
      <Button type="submit" size="lg" fullWidth disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send reset link'}
      </Button>
      <BackToSignIn />
    </form>
  );
}

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** With the link's token: the new password, typed twice. */
function NewPasswordForm({ token }: { token: string }) {
  const { field, handleSubmit, setError } = useSchemaForm<NewPasswordValues, ResetPasswordValues>(resetPasswordSchema, {
    defaultValues: { password: '', confirmPassword: '' },
    toInput: (values) => ({ token, ...values }),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState(false);
  const [done, setDone] = useState(false);
  const reset = useConfirmPasswordReset();
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done || linkRefused) outcomeRef.current?.focus();
  }, [done, linkRefused]);

  async function send(values: ResetPasswordValues) {
    try {
      await reset.mutateAsync(values);
      // The token is spent: keep it out of the address bar, the history and any screenshot.
      window.history.replaceState(window.history.state, '', RESET_PASSWORD_PAGE_PATH);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        if (error.fieldErrors.token) return setLinkRefused(true);
        const { password, confirmPassword } = error.fieldErrors;
        if (setApiFieldErrors(setError, { password, confirmPassword })) return;
      }
      setFormError(problemOf(error));
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (reset.isPending) return event.preventDefault();
    setFormError(null);
    void handleSubmit(send)(event);
  }

  if (done) {
    return (
      <>
        <OutcomeMessage tone="success" role="status" ref={outcomeRef}>
          <p>{PASSWORD_RESET_MESSAGES.done}</p>
        </OutcomeMessage>
        <p css={{ margin: 0 }}>
          <Link to={paths.auth}>Sign in</Link>
        </p>
      </>
    );
  }
  if (linkRefused) {
    return (
      <>
        <OutcomeMessage tone="danger" role="alert" ref={outcomeRef}>
          <p>{PASSWORD_RESET_MESSAGES.invalidLink}</p>
        </OutcomeMessage>
        <p css={{ margin: 0 }}>
          <Link to={RESET_PASSWORD_PAGE_PATH}>Request a new link</Link>
        </p>
      </>
    );
  }
  const fieldProps = (name: keyof NewPasswordValues) => ({
    type: 'password',
    autoComplete: 'new-password',
    // "Passwords do not match" follows the password too, once it is showing.
    ...field(name, { alsoRecheck: name === 'password' ? ['confirmPassword'] : [] }),
  });
  return (
    <form noValidate onSubmit={submit} css={formCss}>
      <p css={{ margin: 0 }}>
        Choosing a new password signs you out on every device. If two-factor sign-in is on, signing in still asks for a
        code from your app or a recovery code.
      </p>
      {formError ? <FormErrorBox>{formError}</FormErrorBox> : null}
      <TextField label="New Password" hint="At least 8 characters" {...fieldProps('password')} />
      <TextField label="Confirm New Password" {...fieldProps('confirmPassword')} />
      <Button type="submit" size="lg" fullWidth disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : 'Set new password'}
      </Button>
    </form>
  );
}

/**
 * /reset-password: asks for an address and emails a link; the link (`?token=...`) opens the same page
 * with the new-password form. Opening the link spends nothing: only choosing the password does.
 */
export function PasswordResetPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const title = token ? 'Choose a new password' : 'Reset your password';

  useEffect(() => {
    document.title = `${title} - Be a Bro`;
  }, [title]);

  return (
    <EmailLinkPage title={title} maxWidth="30rem">
      {token ? <NewPasswordForm key={token} token={token} /> : <RequestLinkForm />}
    </EmailLinkPage>
  );
}
