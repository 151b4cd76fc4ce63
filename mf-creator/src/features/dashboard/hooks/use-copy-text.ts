import { useCallback, useEffect, useRef, useState } from 'react';

export type CopyOutcome = 'idle' | 'copied' | 'failed';

const VISIBLE_MS = 4000;

/** Copies a text to the clipboard; "copied" shows for a few seconds, "failed" until the next try (the caller then asks to copy by hand). */
export function useCopyText() {
  const [outcome, setOutcome] = useState<CopyOutcome>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
      timer.current = setTimeout(() => setOutcome('idle'), VISIBLE_MS);
    } catch {
      setOutcome('failed');
    }
  }, []);

  return { outcome, copy };
}
