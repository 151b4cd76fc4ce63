import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import type { useSignIn } from '@beabro/shared/api/sign-in';
import type { useSignUp } from '@beabro/shared/api/sign-up';
import type { TwoFactorChallenge } from '@beabro/shared/api-schemas/two-factor';
import {
  AUTH_MESSAGES,
  signInSchema,
  signUpSchema,
  type SignInValues,
  type SignUpValues,
} from '@beabro/shared/schemas/auth';
import { useSessionStore } from '@beabro/shared/session/session-store';
import type { SessionUser, UserType } from '@beabro/shared/types/session-user';
import { Button } from '@beabro/shared/ui/button';
import { TextField } from '@beabro/shared/ui/text-field';
import { FormErrorBox } from '../../../components/form-error-box';
import { paths } from '@beabro/shared/contract/paths';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { rateLimitMessage } from '../../../lib/rate-limit-message';
import type { AuthMode } from '../../../lib/auth-search-params';
import { afterSignUpPath, homePathFor } from '../utils/destinations';
import { RoleChoice } from './role-choice';

export interface AuthFormValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export const EMPTY_AUTH_VALUES: AuthFormValues = { name: '', email: '', password: '', confirmPassword: '' };

const SIGN_UP_FIELDS = ['name', 'email', 'password', 'confirmPassword'] as const;

export interface AuthFormProps {
  mode: AuthMode;
  role: UserType;
  next: string | null;
  values: AuthFormValues;
  onValuesChange: (values: AuthFormValues) => void;
  onRoleChange: (role: UserType) => void;
  signIn: ReturnType<typeof useSignIn>;
  signUp: ReturnType<typeof useSignUp>;
  /** The password was right and the account asks for a two-factor code next. */
  onTwoFactor: (challenge: TwoFactorChallenge) => void;
  /** A message to show in the red box from the start (e.g. the two-factor step ran out). */
  initialError?: string | null;
}

/** The sign-in or sign-up form (the page keys it by mode, so switching modes clears the messages). */
export function AuthForm({
  mode,
  role,
  next,
  values,
  onValuesChange,
  onRoleChange,
  signIn,
  signUp,
  onTwoFactor,
  initialError = null,
}: AuthFormProps) {
  const signingUp = mode === 'signup';
  const { field, handleSubmit, setError, getValues } = useSchemaForm<AuthFormValues, SignInValues | SignUpValues>(
    signingUp ? signUpSchema : signInSchema,
    {
      defaultValues: values,
      // What the schema sees: sign-in only knows email and password.
      toInput: (current) => (signingUp ? { ...current, role } : { email: current.email, password: current.password }),
    },
  );
  const [formError, setFormError] = useState<string | null>(initialError);
  const navigate = useNavigate();
  const pending = signIn.isPending || signUp.isPending;

  /** The page keeps what was typed, so switching modes keeps it. */
  function fieldProps(name: keyof AuthFormValues) {
    return field(name, {
      // "Passwords do not match" follows the password too, once it is showing.
      alsoRecheck: name === 'password' && signingUp ? ['confirmPassword'] : [],
      onChange: () => onValuesChange(getValues()),
    });
  }

  /** Signed in: the shared session store learns it now, so the shell's route guards let the user through. */
  function finish(user: SessionUser, destination: string) {
    useSessionStore.getState().setUser(user);
    navigate(destination, { replace: true });
  }

  function showServerError(error: unknown) {
    const rateLimited = rateLimitMessage(error);
    if (rateLimited) return setFormError(rateLimited);
    if (error instanceof ApiError && error.status === 400) {
      const shown = Object.fromEntries(
        Object.entries(error.fieldErrors).filter(([name]) => (SIGN_UP_FIELDS as readonly string[]).includes(name)),
      );
      if (setApiFieldErrors(setError, shown)) return;
    }
    setFormError(AUTH_MESSAGES.authenticationFailed);
  }

  async function send(parsed: SignInValues | SignUpValues) {
    try {
      if (signingUp) {
        const user = await signUp.mutateAsync(parsed as SignUpValues);
        finish(user, next ?? afterSignUpPath(role));
      } else {
        const result = await signIn.mutateAsync(parsed as SignInValues);
        if (result.kind === 'two-factor') onTwoFactor(result.challenge);
        else finish(result.user, next ?? homePathFor(result.user));
      }
    } catch (error) {
      showServerError(error);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (pending) return event.preventDefault();
    setFormError(null);
    void handleSubmit(send)(event);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      css={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        gap: theme.space(4),
        // A field focused because of its error must not end up under the site's sticky header.
        '& input': { scrollMarginTop: '6rem' },
      })}
    >
      {formError ? <FormErrorBox>{formError}</FormErrorBox> : null}
      {signingUp ? <RoleChoice value={role} onChange={onRoleChange} /> : null}
      {signingUp ? <TextField label="Full Name" autoComplete="name" {...fieldProps('name')} /> : null}
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...fieldProps('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete={signingUp ? 'new-password' : 'current-password'}
        hint={signingUp ? 'At least 8 characters' : undefined}
        {...fieldProps('password')}
      />
      {signingUp ? null : (
        <p css={(theme) => ({ margin: `-${theme.space(2)} 0 0`, textAlign: 'right', fontSize: theme.font.size.sm })}>
          {/* The address typed so far goes along in history state (never in the URL). */}
          <Link to={paths.resetPassword} state={{ email: values.email.trim() }}>
            Forgot password?
          </Link>
        </p>
      )}
      {signingUp ? (
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          {...fieldProps('confirmPassword')}
        />
      ) : null}
      <Button type="submit" size="lg" fullWidth disabled={pending}>
        {pending ? (signingUp ? 'Creating account…' : 'Signing in…') : signingUp ? 'Create Account' : 'Sign In'}
      </Button>
      {signingUp ? null : (
        <p
          css={(theme) => ({
            margin: 0,
            textAlign: 'center',
            fontSize: theme.font.size.sm,
            color: theme.color.textMuted,
          })}
        >
          Want support for your own mission? <Link to={paths.create}>Share your mission</Link>
        </p>
      )}
    </form>
  );
}
