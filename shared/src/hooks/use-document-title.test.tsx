import { renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { ServerTitleContext, useDocumentTitle } from '@beabro/shared/hooks/use-document-title';

function Page({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return <main>page</main>;
}

describe('useDocumentTitle', () => {
  it('sets the tab title in the browser', () => {
    renderHook(() => useDocumentTitle('Help Centre'));
    expect(document.title).toBe('Help Centre - Be a Bro');
  });

  it('hands the title to the server render that asks for it, and nothing while the page is still loading', () => {
    const titles: string[] = [];
    const collect = (title: string) => void titles.push(title);
    renderToString(
      <ServerTitleContext.Provider value={collect}>
        <Page title={null} />
        <Page title="Discover creators" />
      </ServerTitleContext.Provider>,
    );
    expect(titles).toEqual(['Discover creators - Be a Bro']);
    // Without the server's collector (the browser's render), rendering collects nothing.
    expect(renderToString(<Page title="Elsewhere" />)).toContain('page');
    expect(titles).toHaveLength(1);
  });
});
