import { useEffect } from 'react';

export const SITE_NAME = 'Be a Bro';

/** Sets the tab title to "<title> - Be a Bro" while the area shows (the shell leaves titles to each area). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} - ${SITE_NAME}`;
  }, [title]);
}
