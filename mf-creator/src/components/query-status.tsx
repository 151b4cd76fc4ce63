import { ApiError } from '@beabro/shared/api/api-client';
import { Button, ButtonLink } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { errorMessage } from '../lib/error-message';

/** A polite "Loading ..." line while a query has no data yet. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <div
      role="status"
      css={(theme) => ({ padding: `${theme.space(8)} 0`, textAlign: 'center', color: theme.color.textMuted })}
    >
      {label}
    </div>
  );
}

/**
 * A failed load, with what to do about it: sign in again (401), create the creator page (404 of the own
 * profile), or retry.
 */
export function LoadError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : null;
  return (
    <Card as="div" role="alert" css={{ textAlign: 'center' }}>
      <p css={{ margin: 0, fontWeight: 600 }}>{`We could not load ${what}.`}</p>
      <p css={(theme) => ({ margin: `${theme.space(2)} 0 ${theme.space(4)}`, color: theme.color.textMuted })}>
        {errorMessage(error, 'Something went wrong on our side. Please try again.')}
      </p>
      {status === 401 ? (
        <ButtonLink to={`/auth?next=${encodeURIComponent(window.location.pathname + window.location.search)}`}>
          Sign in
        </ButtonLink>
      ) : status === 404 ? (
        <ButtonLink to="/create">Create your creator page</ButtonLink>
      ) : (
        <Button onClick={onRetry}>Try again</Button>
      )}
    </Card>
  );
}
