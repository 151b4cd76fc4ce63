import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import { confirmSubscriptionChange } from '@beabro/shared/api/change-subscription';
import type { SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import { paths } from '@beabro/shared/contract/paths';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { Button } from '@beabro/shared/ui/button';
import { EmailLinkPage } from '@beabro/shared/ui/email-link-page';
import { OutcomeMessage } from '@beabro/shared/ui/outcome-message';
import { changedMessage } from '../../change-monthly/components/change-monthly-form';

export const CONFIRM_CHANGE_TITLE = 'Confirm your new monthly amount';
export const CONFIRM_CHANGE_LABEL = 'Confirm the new amount';
// The same words as CHANGE_CONFIRM_MESSAGES.linkInvalid (this page loads no zod to read them from there).
export const INVALID_CONFIRM_LINK =
  'This confirmation link is not valid any more: it was used already, or a newer one was sent. Ask for the new amount again from the link in your receipt.';
const OFFLINE = 'We could not reach Be a Bro. Check your connection and try again.';

type State =
  | { kind: 'ready' }
  | { kind: 'sending' }
  | { kind: 'done'; subscription: SubscriptionDto }
  | { kind: 'failed'; message: string; final: boolean };

/**
 * The page the link of a "confirm your new monthly amount" email opens (a raise asked through a receipt's
 * link). Nothing changes on arrival (mail scanners open links): the button sends the token, and the new
 * amount applies as a signed-in change does.
 */
export function ConfirmChangePage() {
  useDocumentTitle(CONFIRM_CHANGE_TITLE);
  const [searchParams] = useSearchParams();
  const token = (searchParams.get('token') ?? '').trim();
  const [state, setState] = useState<State>({ kind: 'ready' });
  const outcomeRef = useRef<HTMLDivElement>(null);

  async function confirm() {
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'done', subscription: await confirmSubscriptionChange(token) });
    } catch (failure) {
      setState(
        failure instanceof ApiError
          ? // Used, replaced, expired, or a support that cannot change any more: this link will not work again.
            { kind: 'failed', message: failure.message, final: [400, 404, 409].includes(failure.status) }
          : { kind: 'failed', message: OFFLINE, final: false },
      );
    }
    setTimeout(() => outcomeRef.current?.focus(), 0);
  }

  const signIn = (
    <p css={{ margin: 0 }}>
      You can also <Link to={paths.signIn(paths.supporterDashboard)}>sign in</Link> to manage your monthly supports.
    </p>
  );

  if (!token || (state.kind === 'failed' && state.final)) {
    return (
      <EmailLinkPage title={CONFIRM_CHANGE_TITLE} maxWidth="36rem">
        <OutcomeMessage tone="danger" role={state.kind === 'failed' ? 'alert' : undefined} ref={outcomeRef}>
          <p>{state.kind === 'failed' ? state.message : INVALID_CONFIRM_LINK}</p>
        </OutcomeMessage>
        {signIn}
      </EmailLinkPage>
    );
  }

  if (state.kind === 'done') {
    return (
      <EmailLinkPage title={CONFIRM_CHANGE_TITLE} maxWidth="36rem">
        <OutcomeMessage tone="success" role="status" ref={outcomeRef}>
          <p>{changedMessage(state.subscription)}</p>
        </OutcomeMessage>
        {signIn}
      </EmailLinkPage>
    );
  }

  return (
    <EmailLinkPage title={CONFIRM_CHANGE_TITLE} maxWidth="36rem">
      <p css={{ margin: 0 }}>
        You asked to raise your monthly support from the link in one of your receipts. Nothing changes until you
        confirm. The email says the old and the new amount; if you did not ask for this, close this page.
      </p>
      {state.kind === 'failed' ? (
        <OutcomeMessage tone="danger" role="alert" ref={outcomeRef}>
          <p>{state.message}</p>
        </OutcomeMessage>
      ) : null}
      <p css={{ margin: 0 }}>
        <Button onClick={() => void confirm()} disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Confirming…' : CONFIRM_CHANGE_LABEL}
        </Button>
      </p>
    </EmailLinkPage>
  );
}
