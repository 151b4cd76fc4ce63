import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import {
  useVerificationLinkStatus,
  verificationLinkQueryKey,
  type VerificationLinkView,
} from '@beabro/shared/api/verification-link-status';
import { useVerifyEmail } from '@beabro/shared/api/verify-email';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { EMAIL_VERIFICATION_MESSAGES, VERIFY_EMAIL_PAGE_PATH } from '@beabro/shared/api-schemas/email-verification';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { Button } from '@beabro/shared/ui/button';
import { EmailLinkPage, LinkCheckPending } from '@beabro/shared/ui/email-link-page';
import { OutcomeMessage } from '@beabro/shared/ui/outcome-message';
import { paths } from '@beabro/shared/contract/paths';
import { useSession } from '../../../hooks/use-session';

const TITLE = 'Verify your email';
const TRY_AGAIN = 'Something went wrong on our side. Please try again.';
const OFFLINE = 'We could not reach Be a Bro. Check your connection and try again.';

/** Why a link verifies nothing, in words. */
const REFUSED: Record<Exclude<VerificationLinkView['state'], 'ready' | 'already-verified'>, string> = {
  unknown: EMAIL_VERIFICATION_MESSAGES.linkUnknown,
  expired: EMAIL_VERIFICATION_MESSAGES.linkExpired,
  used: EMAIL_VERIFICATION_MESSAGES.linkUsed,
  outdated: EMAIL_VERIFICATION_MESSAGES.linkOutdated,
};

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return OFFLINE;
}

/** Where to go on: the signed-in user's home, or sign-in. */
function Onward({ user, linkRef }: { user: SessionUser | null; linkRef?: Ref<HTMLAnchorElement> }) {
  return (
    <p css={{ margin: 0 }}>
      {user ? (
        <Link ref={linkRef} to={user.isCreator ? paths.dashboard : paths.supporterDashboard}>
          Go to my dashboard
        </Link>
      ) : (
        <Link ref={linkRef} to={paths.auth}>
          Sign in
        </Link>
      )}
    </p>
  );
}

/** A way to a new link: account settings (signed in) or sign-in first. */
function NewLinkHint({ user }: { user: SessionUser | null }) {
  return (
    <p css={{ margin: 0 }}>
      {user ? (
        <Link to={paths.settings('account')}>Go to my account settings</Link>
      ) : (
        <Link to={paths.signIn(paths.settings('account'))}>Sign in to request a new link</Link>
      )}
    </p>
  );
}

/**
 * /verify-email?token=...: the page the verification email links to. Opening it spends nothing (mail
 * scanners open links): it says what the link would do, and "Verify my email" POSTs the token. With
 * JavaScript off the button posts the page's form (POST /verify-email), and the server sends the browser
 * back here with `?result=`.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const formResult = searchParams.get('result');
  const session = useSession();
  const status = useVerificationLinkStatus(token);
  const verify = useVerifyEmail();
  const queryClient = useQueryClient();
  const [verifiedNow, setVerifiedNow] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(formResult === 'failed' ? TRY_AGAIN : null);
  const onwardRef = useRef<HTMLAnchorElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const [focusAfter, setFocusAfter] = useState<'onward' | 'message' | null>(null);

  useDocumentTitle(TITLE);

  useEffect(() => {
    if (focusAfter === 'onward') onwardRef.current?.focus();
    if (focusAfter === 'message') messageRef.current?.focus();
  }, [focusAfter, verifiedNow, status.data, actionError]);

  // No field to check: the token rides in a hidden input, so the form also posts without JavaScript.
  const { handleSubmit } = useForm();
  const submit = handleSubmit(() => {
    setActionError(null);
    verify.mutate(
      { token },
      {
        onSuccess: (result) => {
          setVerifiedNow(result.email);
          // The token is spent: keep it out of the address bar, the history and any screenshot.
          window.history.replaceState(window.history.state, '', VERIFY_EMAIL_PAGE_PATH);
          setFocusAfter('onward');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            // The link was refused: read it again, and the page says why (used, expired, ...).
            void queryClient.invalidateQueries({ queryKey: verificationLinkQueryKey(token) });
          } else {
            setActionError(messageOf(error));
          }
          setFocusAfter('message');
        },
      },
    );
  });

  let body: ReactNode;
  const view = status.data;
  if (verifiedNow) {
    body = (
      <>
        <OutcomeMessage tone="success" role="status">
          <p>{EMAIL_VERIFICATION_MESSAGES.verified}</p>
          <p>{verifiedNow} is verified.</p>
        </OutcomeMessage>
        <Onward user={session.user} linkRef={onwardRef} />
      </>
    );
  } else if (!view) {
    body = (
      <LinkCheckPending
        error={status.isError ? messageOf(status.error) : null}
        onRetry={() => void status.refetch()}
        errorRef={messageRef}
      />
    );
  } else if (view.state === 'already-verified') {
    body = (
      <>
        <OutcomeMessage tone="success" role={formResult === 'verified' ? 'status' : undefined}>
          <p>
            {formResult === 'verified'
              ? EMAIL_VERIFICATION_MESSAGES.verified
              : EMAIL_VERIFICATION_MESSAGES.alreadyVerified}
          </p>
          {view.email ? <p>{view.email} is verified.</p> : null}
        </OutcomeMessage>
        <Onward user={session.user} />
      </>
    );
  } else if (view.state === 'ready') {
    const busy = verify.isPending;
    body = (
      <>
        <p css={{ margin: 0 }}>
          Confirm that <strong css={{ overflowWrap: 'anywhere' }}>{view.email}</strong> is your email address. Once it
          is verified, supports you made as a guest with this address show up in your supporter history too.
        </p>
        {view.signedInAsOther && session.user ? (
          <OutcomeMessage tone="info">
            <p>
              You are signed in as {session.user.email}, but this link is for another account. Verifying it confirms
              that account’s address and does not change who is signed in here.
            </p>
          </OutcomeMessage>
        ) : null}
        <form
          method="post"
          action={VERIFY_EMAIL_PAGE_PATH}
          onSubmit={(event) => void submit(event)}
          css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(3) })}
        >
          <input type="hidden" name="token" value={token} />
          <div>
            <Button type="submit" disabled={busy} aria-describedby={actionError ? 'verify-email-error' : undefined}>
              {busy ? 'Verifying…' : 'Verify my email'}
            </Button>
          </div>
          {actionError ? (
            <div id="verify-email-error">
              <OutcomeMessage tone="danger" role="alert" ref={messageRef}>
                <p>{actionError}</p>
              </OutcomeMessage>
            </div>
          ) : null}
        </form>
      </>
    );
  } else {
    body = (
      <>
        <OutcomeMessage
          tone="danger"
          role={formResult === 'refused' || focusAfter === 'message' ? 'alert' : undefined}
          ref={messageRef}
        >
          <p>{REFUSED[view.state]}</p>
        </OutcomeMessage>
        <NewLinkHint user={session.user} />
      </>
    );
  }

  return (
    <EmailLinkPage title={TITLE} maxWidth="34rem">
      {body}
    </EmailLinkPage>
  );
}
