import { useEffect, useState } from 'react';

/**
 * `value`, but only once it has stopped changing for `delayMs`. Live checks (username availability)
 * use it so a request goes out when the user pauses, not on every keystroke.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
