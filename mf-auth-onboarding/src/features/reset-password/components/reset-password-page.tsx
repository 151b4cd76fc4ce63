import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import { useRequestPasswordReset } from '@beabro/shared/api/request-password-reset';
import { useResetPassword } from '@beabro/shared/api/reset-password';
import {
  PASSWORD_RESET_MESSAGES,
  RESET_PASSWORD_PAGE_PATH,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from '@beabro/shared/api-schemas/password-reset';
import { Button } from '@beabro/shared/ui/button';
import { EmailLinkPage } from '@beabro/shared/ui/email-link-page';
import { OutcomeMessage } from '@beabro/shared/ui/outcome-message';
import { TextField } from '@beabro/shared/ui/text-field';
import { FormErrorBox } from '../../../components/form-error-box';
import { paths } from '@beabro/shared/contract/paths';
import { useFieldErrors } from '../../../hooks/use-field-errors';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
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
  const [email, setEmail] = useState(typeof carried === 'string' ? carried : '');
  const { errors, setErrors, validateField, revalidateField, validateAll } = useFieldErrors(requestPasswordResetSchema);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    setFormError(null);
    let valid = false;
    flushSync(() => {
      valid = validateAll({ email });
    });
    if (!valid) return focusFirstInvalid(formRef.current);
    try {
      const answer = await request.mutateAsync(requestPasswordResetSchema.parse({ email }));
      setSent(answer.message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fieldErrors.email) {
        flushSync(() => setErrors({ email: error.fieldErrors.email }));
        return focusFirstInvalid(formRef.current);
      }
      setFormError(problemOf(error));
    }
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
    <form ref={formRef} noValidate onSubmit={submit} css={formCss}>
      <p css={{ margin: 0 }}>Enter the email of your account and we will send you a link to choose a new password.</p>
      {formError ? <FormErrorBox>{formError}</FormErrorBox> : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          revalidateField('email', { email: event.target.value });
        }}
        onBlur={() => validateField('email', { email })}
      />
      <Button type="submit" size="lg" fullWidth disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send reset link'}
      </Button>
      <BackToSignIn />
    </form>
  );
}

/** With the link's token: the new password, typed twice. */
function NewPasswordForm({ token }: { token: string }) {
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const { errors, setErrors, validateField, revalidateField, validateAll } = useFieldErrors(resetPasswordSchema);
  const [formError, setFormError] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState(false);
  const [done, setDone] = useState(false);
  const reset = useResetPassword();
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done || linkRefused) outcomeRef.current?.focus();
  }, [done, linkRefused]);

  const input = (current: typeof values) => ({ token, ...current });
  function change(field: keyof typeof values, value: string) {
    const updated = { ...values, [field]: value };
    setValues(updated);
    revalidateField(field, input(updated));
    if (field === 'password') revalidateField('confirmPassword', input(updated));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    setFormError(null);
    let valid = false;
    flushSync(() => {
      valid = validateAll(input(values));
    });
    if (!valid) return focusFirstInvalid(formRef.current);
    try {
      await reset.mutateAsync(resetPasswordSchema.parse(input(values)));
      // The token is spent: keep it out of the address bar, the history and any screenshot.
      window.history.replaceState(window.history.state, '', RESET_PASSWORD_PAGE_PATH);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        if (error.fieldErrors.token) return setLinkRefused(true);
        const { password, confirmPassword } = error.fieldErrors;
        if (password || confirmPassword) {
          flushSync(() =>
            setErrors({ ...(password ? { password } : {}), ...(confirmPassword ? { confirmPassword } : {}) }),
          );
          return focusFirstInvalid(formRef.current);
        }
      }
      setFormError(problemOf(error));
    }
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
  const fieldProps = (field: keyof typeof values) => ({
    name: field,
    type: 'password',
    autoComplete: 'new-password',
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    onBlur: () => validateField(field, input(values)),
  });
  return (
    <form ref={formRef} noValidate onSubmit={submit} css={formCss}>
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
export function ResetPasswordPage() {
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
