import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import { unsubscribeFromPosts } from '@beabro/shared/api/unsubscribe-from-posts';
import { paths } from '@beabro/shared/contract/paths';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { useHydrated } from '@beabro/shared/hooks/use-hydrated';
import { Button } from '@beabro/shared/ui/button';
import { EmailLinkPage } from '@beabro/shared/ui/email-link-page';
import { OutcomeMessage } from '@beabro/shared/ui/outcome-message';

export const UNSUBSCRIBE_TITLE = 'Emails about new posts';
export const STOP_EMAILS_LABEL = 'Stop these emails';
// The same words as POST_MESSAGES.unsubscribeInvalid (this page loads no zod to read them from there).
export const INVALID_LINK = 'This unsubscribe link is not valid.';
const OFFLINE = 'We could not reach Be a Bro. Check your connection and try again.';

type State =
  | { kind: 'ready' }
  | { kind: 'sending' }
  | { kind: 'done'; creatorDisplayName: string }
  | { kind: 'failed'; message: string; final: boolean };

/**
 * The page the unsubscribe link of a post email opens (signed in or not). Nothing changes on arrival (mail
 * scanners open links): the button sends the link's token, and the emails about that creator's posts stop.
 */
export function PostsUnsubscribePage() {
  useDocumentTitle(UNSUBSCRIBE_TITLE);
  const [searchParams] = useSearchParams();
  const token = (searchParams.get('token') ?? '').trim();
  const hydrated = useHydrated();
  const [state, setState] = useState<State>({ kind: 'ready' });
  const outcomeRef = useRef<HTMLDivElement>(null);

  async function stop() {
    setState({ kind: 'sending' });
    try {
      const { creatorDisplayName } = await unsubscribeFromPosts(token);
      setState({ kind: 'done', creatorDisplayName });
    } catch (failure) {
      setState(
        failure instanceof ApiError
          ? { kind: 'failed', message: failure.message, final: failure.status === 400 }
          : { kind: 'failed', message: OFFLINE, final: false },
      );
    }
    setTimeout(() => outcomeRef.current?.focus(), 0);
  }

  const settingsLink = (
    <p css={{ margin: 0 }}>
      To stop emails about posts from every creator, turn off “New posts from creators I support” in{' '}
      <Link to={paths.settings('notifications')}>Settings › Notifications</Link> (signed in).
    </p>
  );

  if (!token || (state.kind === 'failed' && state.final)) {
    return (
      <EmailLinkPage title={UNSUBSCRIBE_TITLE} maxWidth="36rem">
        <OutcomeMessage tone="danger" role={state.kind === 'failed' ? 'alert' : undefined} ref={outcomeRef}>
          <p>{state.kind === 'failed' ? state.message : INVALID_LINK}</p>
        </OutcomeMessage>
        <p css={{ margin: 0 }}>Use the link of a more recent email, or change what you receive in your settings.</p>
        {settingsLink}
      </EmailLinkPage>
    );
  }

  if (state.kind === 'done') {
    return (
      <EmailLinkPage title={UNSUBSCRIBE_TITLE} maxWidth="36rem">
        <OutcomeMessage tone="success" role="status" ref={outcomeRef}>
          <p>
            Done. You will no longer get emails about new posts from <strong>{state.creatorDisplayName}</strong>.
          </p>
        </OutcomeMessage>
        <p css={{ margin: 0 }}>Your support is unchanged, and you can still read their posts on their page.</p>
        {settingsLink}
      </EmailLinkPage>
    );
  }

  return (
    <EmailLinkPage title={UNSUBSCRIBE_TITLE} maxWidth="36rem">
      <p css={{ margin: 0 }}>
        Stop the emails you get when this creator publishes a post? Your support stays as it is, and their posts stay on
        their page for you to read.
      </p>
      {state.kind === 'failed' ? (
        <OutcomeMessage tone="danger" role="alert" ref={outcomeRef}>
          <p>{state.message}</p>
        </OutcomeMessage>
      ) : null}
      <p css={{ margin: 0 }}>
        <Button onClick={() => void stop()} disabled={!hydrated || state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Stopping…' : STOP_EMAILS_LABEL}
        </Button>
      </p>
    </EmailLinkPage>
  );
}
