import { useEffect, useRef } from 'react';
import { recordPageView, type ViewedPage } from '../api/record-page-view';

type PrerenderingDocument = Document & { prerendering?: boolean };

/**
 * The view a public page's first-use loader reported as the page opened (`FIRST_USE_GLOBAL` and `reportedView` of
 * shared/src/contract/page-state.ts). Read by name rather than imported: shared modules come from the shell at run
 * time, and this remote may be deployed beside a shell built before them.
 */
function viewReportedByLoader(): string | undefined {
  return (window as unknown as { __beabroFirstUse?: { reportedView?: string } }).__beabroFirstUse?.reportedView;
}

/**
 * Reports one view of the page per visit, once the creator is known to exist (`enabled`). A page the
 * browser prerenders speculatively is only counted if the visitor actually opens it. The server also
 * ignores bots, prefetches, the creator's own visits and reloads. A server-rendered page that runs no code until
 * first used has its view reported by its loader as it opens: not again here.
 */
export function useRecordPageView(username: string, page: ViewedPage, enabled: boolean) {
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const key = `${username}|${page}`;
    const report = () => {
      if (reported.current === key) return;
      reported.current = key;
      // A public page's first-use loader counted this view as the page opened.
      if (viewReportedByLoader() === key) return;
      // Analytics must never disturb the visitor: a failure is simply not counted.
      recordPageView(username, page).catch(() => undefined);
    };
    const doc = document as PrerenderingDocument;
    if (doc.prerendering) {
      doc.addEventListener('prerenderingchange', report, { once: true });
      return () => doc.removeEventListener('prerenderingchange', report);
    }
    report();
    return undefined;
  }, [username, page, enabled]);
}
