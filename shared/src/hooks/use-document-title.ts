import { createContext, useContext, useEffect } from 'react';

export const SITE_NAME = 'Be a Bro';

/**
 * On the server only: where a page's title goes while it renders (the shell's server render writes the last one into
 * the page's <title>, so the tab, bookmarks and link previews show it before any script runs).
 */
export const ServerTitleContext = createContext<((title: string) => void) | null>(null);

/** Sets the tab title to "<title> - Be a Bro" while the page shows; null leaves the title alone (still loading). */
export function useDocumentTitle(title: string | null) {
  const collect = useContext(ServerTitleContext);
  if (collect && title !== null) collect(`${title} - ${SITE_NAME}`);
  useEffect(() => {
    if (title !== null) document.title = `${title} - ${SITE_NAME}`;
  }, [title]);
}
