import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@beabro/shared/api/api-client';
import { useCompleteTwoFactorSignIn } from '@beabro/shared/api/complete-two-factor-sign-in';
import {
  TWO_FACTOR_MESSAGES,
  twoFactorSignInRequestSchema,
  type TwoFactorChallenge,
  type TwoFactorSignInValues,
} from '@beabro/shared/api-schemas/two-factor';
import { AUTH_MESSAGES } from '@beabro/shared/schemas/auth';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { Button } from '@beabro/shared/ui/button';
import { TextField } from '@beabro/shared/ui/text-field';
import { FormErrorBox } from '../../../components/form-error-box';
import { rateLimitMessage } from '../../../lib/rate-limit-message';

export interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  /** The code was right: signed in. */
  onSignedIn: (user: SessionUser) => void;
  /** Back to email and password, with the reason when the challenge ran out. */
  onRestart: (reason: string | null) => void;
}

const codeResolver = zodResolver(twoFactorSignInRequestSchema);

/** The second step of sign-in for an account with two-factor sign-in: a code from the app, or a recovery code. */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    getValues,
    formState: { errors },
  } = useForm<{ code: string }, unknown, TwoFactorSignInValues>({
    defaultValues: { code: '' },
    // The code is checked on Verify; the challenge comes with the step.
    resolver: (values, context, options) =>
      codeResolver({ challenge: challenge.challenge, code: values.code }, context, options as never) as never,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [formError, setFormError] = useState<string | null>(null);
  // Focus goes to the field at once: the person just pressed Sign In and the code is all that is left.
  useEffect(() => setFocus('code'), [setFocus]);
  const complete = useCompleteTwoFactorSignIn();

  async function send() {
    try {
      // The code as typed, as before: the call checks it again.
      onSignedIn(await complete.mutateAsync({ challenge: challenge.challenge, code: getValues('code') }));
    } catch (failure) {
      const rateLimited = rateLimitMessage(failure);
      if (rateLimited) return setFormError(rateLimited);
      if (failure instanceof ApiError && failure.status === 401)
        return onRestart(failure.message || TWO_FACTOR_MESSAGES.challengeInvalid);
      if (failure instanceof ApiError && failure.fieldErrors.code)
        return setError('code', { type: 'server', message: failure.fieldErrors.code }, { shouldFocus: true });
      setFormError(AUTH_MESSAGES.authenticationFailed);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (complete.isPending) return event.preventDefault();
    setFormError(null);
    void handleSubmit(send)(event);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Two-factor authentication"
      css={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        gap: theme.space(4),
        '& input': { scrollMarginTop: '6rem' },
      })}
    >
      <div>
        <h2 css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg })}>Two-factor authentication</h2>
        <p
          css={(theme) => ({
            margin: `${theme.space(1)} 0 0`,
            color: theme.color.textMuted,
            fontSize: theme.font.size.sm,
          })}
        >
          Open your authenticator app and enter the 6-digit code it shows for Be a Bro. No phone? Enter one of your
          recovery codes.
        </p>
      </div>
      {formError ? <FormErrorBox>{formError}</FormErrorBox> : null}
      <TextField
        label="Authentication code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        hint="6 digits, or a recovery code like abcd-efgh-jkmn-pqrs"
        error={errors.code?.message}
        {...register('code', { onChange: () => clearErrors('code') })}
      />
      <Button type="submit" size="lg" fullWidth disabled={complete.isPending}>
        {complete.isPending ? 'Verifying…' : 'Verify'}
      </Button>
      <Button variant="ghost" fullWidth onClick={() => onRestart(null)}>
        Back to sign in
      </Button>
    </form>
  );
}
