import { formatMoney } from '@beabro/shared/money/currencies';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import type { RenewalConfirmation } from '@beabro/shared/api-schemas/subscriptions';
import { RENEWAL_CONFIRM_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { paths } from '@beabro/shared/contract/paths';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { EmailLinkPage, LinkCheckPending } from '@beabro/shared/ui/email-link-page';
import { OutcomeMessage } from '@beabro/shared/ui/outcome-message';
import { Button } from '@beabro/shared/ui/button';
import { useHydrated } from '@beabro/shared/hooks/use-hydrated';
import { useCompleteConfirmation, useConfirmLink, useRetryConfirmation } from '../api/confirm-renewal';
import type { CardFieldResult } from '@beabro/shared/payments/card-field-client';
import { PaymentChallenge } from '../../replace-card/components/payment-challenge';

const TITLE = 'Confirm your monthly support';
const OFFLINE = 'We could not reach Be a Bro. Check your connection and try again.';

/** "June 2027": the month being paid (months are counted in UTC, like the renewals). */
export function monthOf(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : OFFLINE;
}

function Confirm({ token, confirmation: opened }: { token: string; confirmation: RenewalConfirmation }) {
  const complete = useCompleteConfirmation(token);
  const retry = useRetryConfirmation(token);
  // The challenge shown: the link's, or the new one a retry asked for.
  const [confirmation, setConfirmation] = useState(opened);
  // The bank's challenge was failed (now, or before the link was opened again): no challenge shown, a way on instead.
  const [failed, setFailed] = useState<string | null>(
    opened.authenticationFailed ? RENEWAL_CONFIRM_MESSAGES.failed : null,
  );
  const [refused, setRefused] = useState<string | null>(null);
  // The supporter asked for the bank's check (started or retried it): Stripe's window opens at once.
  const [asked, setAsked] = useState(false);

  const onResult = (result: CardFieldResult) => {
    if (result.status === 'failed' || result.status === 'invalid') {
      setFailed(result.message ?? RENEWAL_CONFIRM_MESSAGES.failed);
      return;
    }
    setFailed(null);
    complete.mutate();
  };

  const tryAgain = () => {
    setRefused(null);
    retry.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.status === 'paid') return;
        setAsked(true);
        setConfirmation(answer.confirmation);
        setFailed(answer.confirmation.authenticationFailed ? RENEWAL_CONFIRM_MESSAGES.failed : null);
      },
      onError: (error) => setRefused(messageOf(error)),
    });
  };

  if (complete.data?.status === 'paid' || retry.data?.status === 'paid') {
    return (
      <OutcomeMessage tone="success" role="status">
        Thank you: the payment of {formatMoney(confirmation.amountCents, confirmation.currency)} for{' '}
        {monthOf(confirmation.periodStart)} is confirmed, and your monthly support to {confirmation.creatorDisplayName}{' '}
        continues. A receipt is on its way.
      </OutcomeMessage>
    );
  }
  const completionError = complete.error
    ? messageOf(complete.error)
    : complete.data?.status === 'awaiting'
      ? 'Your bank has not confirmed the payment yet. Answer its check below.'
      : null;
  return (
    <>
      <p css={{ margin: 0 }}>
        Your bank asks you to confirm the payment of{' '}
        <strong>{formatMoney(confirmation.amountCents, confirmation.currency)}</strong> for{' '}
        <strong>{monthOf(confirmation.periodStart)}</strong> of your monthly support to{' '}
        <Link to={paths.profile(confirmation.creatorUsername)}>{confirmation.creatorDisplayName}</Link>, on your{' '}
        {confirmation.cardBrand} ending in {confirmation.cardLast4}. Nothing is charged until you confirm.
      </p>
      {confirmation.bankCheckToStart && !failed ? (
        <>
          {refused ? (
            <OutcomeMessage tone="danger" role="alert">
              <p>{refused}</p>
            </OutcomeMessage>
          ) : null}
          <p css={{ margin: 0 }}>Your bank checks it is you: start its check, then answer it in the window it opens.</p>
          <div css={(theme) => ({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(3) })}>
            <Button onClick={tryAgain} disabled={retry.isPending} aria-busy={retry.isPending || undefined}>
              {retry.isPending ? 'Asking your bank…' : 'Start my bank’s check'}
            </Button>
            <Link to={confirmation.cardLinkPath}>Use another card</Link>
          </div>
        </>
      ) : failed ? (
        <>
          <OutcomeMessage tone="danger" role="alert">
            <p>{failed}</p>
          </OutcomeMessage>
          {refused ? (
            <OutcomeMessage tone="danger" role="alert">
              <p>{refused}</p>
            </OutcomeMessage>
          ) : null}
          <p css={{ margin: 0 }}>
            Ask your bank again for the same card, or pay this month with another card: it is charged at once.
          </p>
          <div css={(theme) => ({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.space(3) })}>
            <Button onClick={tryAgain} disabled={retry.isPending} aria-busy={retry.isPending || undefined}>
              {retry.isPending ? 'Asking your bank…' : 'Try again with my bank'}
            </Button>
            <Link to={confirmation.cardLinkPath}>Use another card</Link>
          </div>
        </>
      ) : (
        <>
          {completionError ? (
            <OutcomeMessage tone="danger" role="alert">
              {completionError}
            </OutcomeMessage>
          ) : null}
          {complete.isPending ? <p role="status">Recording your payment…</p> : null}
          <PaymentChallenge
            key={confirmation.payment.intentId}
            payment={confirmation.payment}
            onResult={onResult}
            autoStart={asked}
          />
        </>
      )}
    </>
  );
}

/** /subscriptions/confirm?token=...: the link of a "confirm your renewal" email (3-D Secure asked off-session). */
export function ConfirmRenewalPage() {
  useDocumentTitle(TITLE);
  const [searchParams] = useSearchParams();
  // Read in the browser only: a server render (with or without the token) is the loading state.
  const token = useHydrated() ? (searchParams.get('token') ?? '') : null;
  const link = useConfirmLink(token);

  return (
    <EmailLinkPage title={TITLE} maxWidth="36rem">
      {link.data?.kind === 'found' ? (
        <Confirm token={token ?? ''} confirmation={link.data.confirmation} />
      ) : link.data?.kind === 'refused' ? (
        <>
          <OutcomeMessage tone="danger" role="alert">
            {link.data.message}
          </OutcomeMessage>
          <p css={{ margin: 0 }}>
            <Link to={paths.supporterDashboard}>See your monthly supports</Link>
          </p>
        </>
      ) : (
        <LinkCheckPending error={link.isError ? OFFLINE : null} onRetry={() => void link.refetch()} />
      )}
    </EmailLinkPage>
  );
}
