import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import { useCompleteTwoFactorSignIn } from '@beabro/shared/api/complete-two-factor-sign-in';
import {
  TWO_FACTOR_MESSAGES,
  twoFactorSignInRequestSchema,
  type TwoFactorChallenge,
} from '@beabro/shared/api-schemas/two-factor';
import { AUTH_MESSAGES } from '@beabro/shared/schemas/auth';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { Button } from '@beabro/shared/ui/button';
import { TextField } from '@beabro/shared/ui/text-field';
import { FormErrorBox } from '../../../components/form-error-box';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { rateLimitMessage } from '../../../lib/rate-limit-message';

export interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  /** The code was right: signed in. */
  onSignedIn: (user: SessionUser) => void;
  /** Back to email and password, with the reason when the challenge ran out. */
  onRestart: (reason: string | null) => void;
}

/** The second step of sign-in for an account with two-factor sign-in: a code from the app, or a recovery code. */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // Focus goes to the field at once: the person just pressed Sign In and the code is all that is left.
  useEffect(() => codeRef.current?.focus(), []);
  const complete = useCompleteTwoFactorSignIn();

  function showFieldError(message: string) {
    flushSync(() => setError(message));
    focusFirstInvalid(formRef.current);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (complete.isPending) return;
    setFormError(null);
    const parsed = twoFactorSignInRequestSchema.shape.code.safeParse(code);
    if (!parsed.success)
      return showFieldError(parsed.error.issues[0]?.message ?? TWO_FACTOR_MESSAGES.codeOrRecoveryFormat);
    setError(undefined);
    try {
      onSignedIn(await complete.mutateAsync({ challenge: challenge.challenge, code }));
    } catch (failure) {
      const rateLimited = rateLimitMessage(failure);
      if (rateLimited) return setFormError(rateLimited);
      if (failure instanceof ApiError && failure.status === 401)
        return onRestart(failure.message || TWO_FACTOR_MESSAGES.challengeInvalid);
      if (failure instanceof ApiError && failure.fieldErrors.code) return showFieldError(failure.fieldErrors.code);
      setFormError(AUTH_MESSAGES.authenticationFailed);
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
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
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        ref={codeRef}
        hint="6 digits, or a recovery code like abcd-efgh-jkmn-pqrs"
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.currentTarget.value);
          if (error) setError(undefined);
        }}
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
