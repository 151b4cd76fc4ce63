import type { ReactNode, Ref } from 'react';
import { Button } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { OutcomeMessage } from '@beabro/shared/ui/outcome-message';
import { PageContainer } from '@beabro/shared/ui/page-container';

/** The frame of a page an email links to (verify an email, pause or cancel a monthly support): a centred card under its heading. */
export function EmailLinkPage({ title, maxWidth, children }: { title: string; maxWidth: string; children: ReactNode }) {
  return (
    <PageContainer>
      <div css={(theme) => ({ maxWidth, margin: '0 auto', padding: `${theme.space(8)} 0 ${theme.space(16)}` })}>
        <Card css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(4) })}>
          <h1 css={(theme) => ({ margin: 0, fontSize: theme.font.size.xxl })}>{title}</h1>
          {children}
        </Card>
      </div>
    </PageContainer>
  );
}

export interface LinkCheckPendingProps {
  /** Why the link could not be checked (in words), or null while it is being checked. */
  error: string | null;
  onRetry: () => void;
  /** For moving focus to the error. */
  errorRef?: Ref<HTMLDivElement>;
}

/** An email link's page before it knows what the link does: "Checking your link…", or why it could not tell and a way to try again. */
export function LinkCheckPending({ error, onRetry, errorRef }: LinkCheckPendingProps) {
  if (error === null) {
    return (
      <p role="status" css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
        Checking your link…
      </p>
    );
  }
  return (
    <>
      <OutcomeMessage tone="danger" role="alert" ref={errorRef}>
        <p>{error}</p>
      </OutcomeMessage>
      <p css={{ margin: 0 }}>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </p>
    </>
  );
}
