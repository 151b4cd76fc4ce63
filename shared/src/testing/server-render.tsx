// Server rendering as the shell does it (tests only): the page rendered to HTML with the query client the
// area's prefetch filled, then that HTML hydrated in the browser with the cache the page embeds.
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { act, type ComponentProps, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createPath, MemoryRouter, Router } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import type { AreaPrefetchContext } from '@beabro/shared/contract/remote-contract';
import { AppProviders, createQueryClient } from '@beabro/shared/ui/app-providers';

function refuseNavigation(): never {
  throw new Error('A server render cannot navigate');
}

const serverNavigator: ComponentProps<typeof Router>['navigator'] = {
  createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
  go: refuseNavigation,
  push: refuseNavigation,
  replace: refuseNavigation,
};

export interface ServerPage {
  /** The page's address, e.g. "/help?q=fees". */
  url: string;
  /** The query client of the request, filled by the area's prefetch. */
  queryClient: QueryClient;
}

/** The HTML the server sends for `ui` (the routes of the page) at `url`. */
export function renderOnServer(ui: ReactNode, { url, queryClient }: ServerPage): string {
  return renderToString(
    <AppProviders queryClient={queryClient}>
      <Router static location={url} navigator={serverNavigator}>
        {ui}
      </Router>
    </AppProviders>,
  );
}

/**
 * One request as the shell serves it: the area's prefetch fills a fresh query client, then the page at
 * `url` is rendered. Returns what the page embeds (the dehydrated cache), the HTML and its visible text.
 */
export async function prefetchAndRenderOnServer(
  ui: ReactNode,
  {
    url,
    prefetch,
    params = {},
    retry,
  }: {
    url: string;
    prefetch?: (context: AreaPrefetchContext) => Promise<void>;
    params?: Record<string, string>;
    retry?: number;
  },
) {
  const queryClient = createQueryClient();
  if (retry !== undefined)
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry } });
  await prefetch?.({ params, searchParams: new URL(url, 'http://localhost').searchParams, queryClient });
  const embedded = dehydrate(queryClient);
  const html = renderOnServer(ui, { url, queryClient });
  return { queryClient, embedded, html, text: visibleText(html) };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/** The words a visitor reads in server HTML: no styles, tags or React's text separators, entities decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The browser's side (a DOM environment): the server's HTML in the page, the embedded cache restored into
 * a fresh query client, then hydrateRoot. Returns the container and every problem React reported while
 * hydrating (recoverable errors, and console errors such as attribute mismatches).
 */
export async function hydrateInBrowser(ui: ReactNode, { url, queryClient, html }: ServerPage & { html: string }) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const browserClient = createQueryClient();
  hydrate(browserClient, JSON.parse(JSON.stringify(dehydrate(queryClient))));

  const problems: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void problems.push(args));
  let root: ReturnType<typeof hydrateRoot> | undefined;
  try {
    await act(async () => {
      root = hydrateRoot(
        container,
        <AppProviders queryClient={browserClient}>
          <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
        </AppProviders>,
        { onRecoverableError: (error) => void problems.push(error) },
      );
    });
  } finally {
    consoleError.mockRestore();
  }
  onTestFinished(() => {
    act(() => root?.unmount());
    container.remove();
  });
  return { container, problems };
}
