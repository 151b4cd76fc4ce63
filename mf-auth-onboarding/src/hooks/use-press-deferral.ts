import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs a field's check after the press under way, if any. A field that loses focus because the user is
 * pressing on something (the submit button, a link) shows its message only once that press has become a
 * click: a message appearing between press and release would push the button away from under the pointer
 * and the click would be lost.
 */
export function usePressDeferral(): (run: () => void) => void {
  const pressing = useRef(false);
  const afterPress = useRef<Array<() => void>>([]);

  useEffect(() => {
    const press = () => {
      pressing.current = true;
    };
    const release = () => {
      pressing.current = false;
      // The click this press makes is dispatched right after the release; run what waited after it.
      setTimeout(() => {
        const waiting = afterPress.current;
        afterPress.current = [];
        for (const run of waiting) run();
      }, 0);
    };
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
    };
  }, []);

  return useCallback((run: () => void) => {
    if (pressing.current) afterPress.current.push(run);
    else run();
  }, []);
}
