import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

function elementIdFrom(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    // A malformed escape in a hand-typed URL: use it as written rather than crash.
    return hash.slice(1);
  }
}

/** Client-side navigation does not scroll to `#fragment` by itself; /help#contact must land on the contact block. */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(elementIdFrom(hash));
    // jsdom has no scrollIntoView.
    if (target && typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
  }, [hash]);
}
