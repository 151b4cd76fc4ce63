import { useEffect, useRef } from 'react';
import { recordPageView, type ViewedPage } from '../api/record-page-view';

type PrerenderingDocument = Document & { prerendering?: boolean };

/**
 * Reports one view of the page per visit, once the creator is known to exist (`enabled`). A page the
 * browser prerenders speculatively is only counted if the visitor actually opens it. The server also
 * ignores bots, prefetches, the creator's own visits and reloads.
 */
export function useRecordPageView(username: string, page: ViewedPage, enabled: boolean) {
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const key = `${username}|${page}`;
    const report = () => {
      if (reported.current === key) return;
      reported.current = key;
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
