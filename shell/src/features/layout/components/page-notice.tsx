import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { pageNoticeOf } from '@beabro/shared/contract/page-notice';
import { Button } from '@beabro/shared/ui/button';
import { PageContainer } from '@beabro/shared/ui/page-container';

/** The one-time notice a remote asked for when it navigated here (shared/contract/page-notice), e.g. "account deleted". */
export function PageNotice() {
  const location = useLocation();
  const message = pageNoticeOf(location.state);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const shown = message !== null && dismissedFor !== location.key;

  useEffect(() => {
    // Read out and in view: it confirms what the person just did on another page.
    if (shown) ref.current?.focus();
  }, [shown, location.key]);

  if (!shown) return null;
  return (
    <PageContainer>
      <div
        ref={ref}
        tabIndex={-1}
        role="status"
        css={(theme) => ({
          marginTop: theme.space(4),
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: theme.space(3),
          padding: theme.space(4),
          borderRadius: theme.radius.md,
          border: `1px solid ${theme.color.success}`,
          background: theme.color.successSoft,
          outline: 'none',
          '&:focus-visible': { outline: `3px solid ${theme.color.focus}`, outlineOffset: '2px' },
        })}
      >
        <p css={{ margin: 0, flex: '1 1 16rem' }}>{message}</p>
        <Button variant="secondary" size="sm" onClick={() => setDismissedFor(location.key)}>
          Dismiss
        </Button>
      </div>
    </PageContainer>
  );
}
