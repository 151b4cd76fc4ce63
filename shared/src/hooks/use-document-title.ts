import { useEffect } from 'react';

export const SITE_NAME = 'Be a Bro';

/** Sets the tab title to "<title> - Be a Bro" while the page shows; null leaves the title alone (still loading). */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title !== null) document.title = `${title} - ${SITE_NAME}`;
  }, [title]);
}
