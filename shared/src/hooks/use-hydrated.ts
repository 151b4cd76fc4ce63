import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders the page and while the browser hydrates that HTML, true otherwise (from
 * the very first render when the page was not server-rendered). What only the browser knows (its clock,
 * time zone, sessionStorage) is read when this is true: the hydrating render then prints exactly what
 * the server sent, and React re-renders with the browser's values right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
