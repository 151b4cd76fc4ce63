import { useEffect } from 'react';
import { Outlet, useSearchParams } from 'react-router-dom';
import { embedHostOrigin, type EmbedCloseMessage } from '@beabro/shared/embed/embed-options';

/**
 * The checkout inside the overlay of /embed.js: the area alone, without the site's header, footer and
 * navigation. Escape pressed in here (where the host page cannot see it) asks the host to close the
 * overlay, posted only to the host origin the script passed (`origin`), checked to be an origin.
 */
export function EmbedLayout() {
  const [search] = useSearchParams();
  const hostOrigin = embedHostOrigin(search.get('origin'));

  useEffect(() => {
    if (!hostOrigin || window.parent === window) return;
    const onKeydown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const message: EmbedCloseMessage = { source: 'beabro', type: 'close' };
      window.parent.postMessage(message, hostOrigin);
    };
    window.addEventListener('keydown', onKeydown);
    return () => window.removeEventListener('keydown', onKeydown);
  }, [hostOrigin]);

  return (
    <main id="main" tabIndex={-1} css={{ minHeight: '100vh', outline: 'none' }}>
      <Outlet />
    </main>
  );
}
