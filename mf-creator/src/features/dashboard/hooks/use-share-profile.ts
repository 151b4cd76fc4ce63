import { useCallback, useEffect, useRef, useState } from 'react';

export type ShareOutcome = { kind: 'idle' } | { kind: 'copied' } | { kind: 'shared' } | { kind: 'failed' };

const VISIBLE_MS = 4000;

/**
 * Copy the page address, or share it through the device's share sheet on phones. The
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

  /**
   * The device's share sheet, on phones and tablets only (desktop browsers that have one get the share menu,
   * which offers more). 'unavailable' tells the caller to show its own menu instead.
   */
  const share = useCallback(async (): Promise<'shared' | 'dismissed' | 'unavailable'> => {
    const touch = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
    if (!touch || typeof navigator.share !== 'function') return 'unavailable';
    try {
      await navigator.share({ title, url });
      show({ kind: 'shared' });
      return 'shared';
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return 'dismissed';
      return 'unavailable';
    }
  }, [show, title, url]);

  return { outcome, copy, share };
}
