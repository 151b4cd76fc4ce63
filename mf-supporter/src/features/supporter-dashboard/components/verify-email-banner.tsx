import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@beabro/shared/api/api-client';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import { useResendVerificationEmail } from '@beabro/shared/api/resend-verification-email';
import { EMAIL_VERIFICATION_MESSAGES } from '@beabro/shared/api-schemas/email-verification';
import { Button } from '@beabro/shared/ui/button';
import { Icon } from '@beabro/shared/ui/icon';

export const VERIFY_BANNER_TEXT = 'Verify your email to see supports you made as a guest with it';

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    const minutes = error.retryAfterSeconds ? Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) : null;
    return minutes
      ? `You have asked for several links this hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
      : 'You have asked for several links this hour. Try again later.';
  }
  if (error instanceof ApiError && error.status === 400) return EMAIL_VERIFICATION_MESSAGES.alreadyVerified;
  return 'We could not send the email. Please try again.';
}

/** Shown while the account's email is unverified: guest supports made with it join the history only once it is. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const resend = useResendVerificationEmail();

  function send() {
    resend.mutate(undefined, {
      onError: (error) => {
        // Verified meanwhile (in another tab): refresh the session, and this banner goes away.
        if (error instanceof ApiError && error.status === 400)
          void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      },
    });
  }

  return (
    <section
      aria-label="Email verification"
      css={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: theme.space(3),
        padding: theme.space(4),
        borderRadius: theme.radius.lg,
        background: theme.color.warningSoft,
        border: '1px solid #fcd34d',
        color: theme.color.warning,
      })}
    >
      <div css={{ display: 'flex', gap: '0.75rem', alignItems: 'flex-start', minWidth: 0, flex: '1 1 18rem' }}>
        <Icon name="mail" size="1.375rem" />
        <div css={{ minWidth: 0 }}>
          <p css={(theme) => ({ margin: 0, fontWeight: theme.font.weight.bold })}>{VERIFY_BANNER_TEXT}</p>
          {/* Sign-up (or the email change) already sent a link: say so, and once a new one went, only that. */}
          {resend.isSuccess ? null : (
            <p
              css={(theme) => ({
                margin: `${theme.space(1)} 0 0`,
                fontSize: theme.font.size.sm,
                overflowWrap: 'anywhere',
              })}
            >
              We sent a link to <strong>{email}</strong>. Open it to verify, or ask for a new one if it did not arrive.
            </p>
          )}
          <p
            role="status"
            css={(theme) => ({
              margin: resend.isIdle ? 0 : `${theme.space(2)} 0 0`,
              fontSize: theme.font.size.sm,
              fontWeight: theme.font.weight.medium,
            })}
          >
            {resend.isSuccess ? `${EMAIL_VERIFICATION_MESSAGES.sent} It went to ${resend.data.sentTo}.` : null}
            {resend.isError ? (
              <span css={(theme) => ({ color: theme.color.danger })}>{failureMessage(resend.error)}</span>
            ) : null}
          </p>
        </div>
      </div>
      <Button variant="secondary" onClick={send} disabled={resend.isPending}>
        {resend.isPending ? 'Sending...' : resend.isSuccess ? 'Send again' : 'Send a new link'}
      </Button>
    </section>
  );
}
