import { useCallback, useEffect, useRef, useState } from 'react';

export type ShareOutcome = { kind: 'idle' } | { kind: 'copied' } | { kind: 'shared' } | { kind: 'failed' };

const VISIBLE_MS = 4000;

/**
 * Copy the page address, or share it through the device's share sheet (falling back to copying). The
 * outcome stays visible for a few seconds; when the clipboard is refused the caller shows the address.
 */
export function useShareProfile(url: string, title: string) {
  const [outcome, setOutcome] = useState<ShareOutcome>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((next: ShareOutcome) => {
    setOutcome(next);
    clearTimeout(timer.current);
    if (next.kind !== 'failed') timer.current = setTimeout(() => setOutcome({ kind: 'idle' }), VISIBLE_MS);
  }, []);

  const copy = useCallback(async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      show({ kind: 'copied' });
    } catch {
      show({ kind: 'failed' });
    }
  }, [url, show]);

  const share = useCallback(async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        show({ kind: 'shared' });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copy();
  }, [copy, show, title, url]);

  return { outcome, copy, share };
}
