import { lazy, Suspense, useState } from 'react';
import { Button } from '@beabro/shared/ui/button';

// The dialog (its form code and zod) loads only when someone asks to report: the page's own script stays small.
const ReportDialog = lazy(() => import('./report-dialog'));

export interface ReportLinkProps {
  username: string;
  /** The post's id when a post is reported; left out for the creator page. */
  postId?: string;
}

/** A small "Report" button under a creator page or a post; it opens the report dialog. */
export function ReportLink({ username, postId }: ReportLinkProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        css={(theme) => ({ color: theme.color.textMuted, justifySelf: 'end' })}
      >
        {postId ? 'Report this post' : 'Report this page'}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog username={username} postId={postId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
