import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useSignIn } from '@beabro/shared/api/sign-in';
import { useSignUp } from '@beabro/shared/api/sign-up';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import type { TwoFactorChallenge } from '@beabro/shared/api-schemas/two-factor';
import { useSessionStore } from '@beabro/shared/session/session-store';
import type { SessionUser, UserType } from '@beabro/shared/types/session-user';
import { Card } from '@beabro/shared/ui/card';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { LoadingStatus } from '../../../components/loading-status';
import { useSession } from '../../../hooks/use-session';
import { parseAuthSearchParams } from '../../../lib/auth-search-params';
import { homePathFor } from '../utils/destinations';
import { AuthForm, EMPTY_AUTH_VALUES, type AuthFormValues } from './auth-form';
import { AuthModeSwitch } from './auth-mode-switch';
import { TwoFactorStep } from './two-factor-step';

const COPY = {
  signin: { title: 'Welcome back', intro: 'Sign in to support missions or run your page.' },
  signup: { title: 'Join Be a Bro', intro: 'Create your free account to support missions or share your own.' },
} as const;

export interface AuthPageProps {
  /** Where the area is mounted (RemoteAreaProps.basePath), normally "/auth". */
  basePath: string;
}

/** /auth: sign in or sign up; `?mode=signup&role=creator&next=/create` opens sign-up as a mission builder. */
export function AuthPage({ basePath }: AuthPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { mode, role, next } = parseAuthSearchParams(searchParams);
  useDocumentTitle(mode === 'signup' ? 'Sign up' : 'Sign in');
  const session = useSession();
  const signIn = useSignIn();
  const signUp = useSignUp();
  // Kept here, not in the form, so what was typed survives a switch between sign-in and sign-up.
  const [values, setValues] = useState<AuthFormValues>(EMPTY_AUTH_VALUES);
  // Between a right password and the code (accounts with two-factor sign-in): not a session, a challenge.
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [restartReason, setRestartReason] = useState<string | null>(null);
  const navigate = useNavigate();

  if (session.status === 'unknown') return <LoadingStatus label="Checking whether you are signed in…" />;
  // Someone already signed in has nothing to do here. Once a submit has started, the submit decides where to go.
  if (session.user && signIn.isIdle && signUp.isIdle)
    return <Navigate to={next ?? homePathFor(session.user)} replace />;

  // The role is part of the URL, like the mode, so a reload or a shared link keeps it.
  const changeRole = (nextRole: UserType) =>
    setSearchParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (nextRole === 'creator') updated.set('role', 'creator');
        else updated.delete('role');
        return updated;
      },
      { replace: true },
    );

  const signedIn = (user: SessionUser) => {
    useSessionStore.getState().setUser(user);
    navigate(next ?? homePathFor(user), { replace: true });
  };
  const restart = (reason: string | null) => {
    setChallenge(null);
    setRestartReason(reason);
    setValues((current) => ({ ...current, password: '' }));
  };

  const copy = COPY[mode];
  return (
    <PageContainer>
      <div
        css={(theme) => ({ maxWidth: '30rem', margin: '0 auto', padding: `${theme.space(8)} 0 ${theme.space(16)}` })}
      >
        <Card css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(5) })}>
          <div css={{ textAlign: 'center' }}>
            <h1 css={(theme) => ({ margin: 0, fontSize: theme.font.size.xxl })}>{copy.title}</h1>
            <p css={(theme) => ({ margin: `${theme.space(2)} 0 0`, color: theme.color.textMuted })}>{copy.intro}</p>
          </div>
          {challenge ? (
            <TwoFactorStep challenge={challenge} onSignedIn={signedIn} onRestart={restart} />
          ) : (
            <>
              <AuthModeSwitch basePath={basePath} mode={mode} role={role} next={next} />
              <AuthForm
                key={mode}
                mode={mode}
                role={role}
                next={next}
                values={values}
                onValuesChange={setValues}
                onRoleChange={changeRole}
                signIn={signIn}
                signUp={signUp}
                onTwoFactor={(issued) => {
                  setRestartReason(null);
                  setChallenge(issued);
                }}
                initialError={restartReason}
              />
            </>
          )}
        </Card>
      </div>
    </PageContainer>
  );
}
